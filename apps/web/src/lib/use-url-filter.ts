import { useSearchParams } from 'react-router';

/** A one-of-several filter kept in the URL (CONVENTIONS: the URL holds the view), falling back to `fallback`. */
export function useUrlFilter<T extends string>(
  param: string,
  values: readonly T[],
  fallback: T,
): [T, (value: T) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = values.find((candidate) => candidate === searchParams.get(param)) ?? fallback;
  const select = (next: T) => {
    const params = new URLSearchParams(searchParams);
    params.set(param, next);
    setSearchParams(params);
  };
  return [value, select];
}
