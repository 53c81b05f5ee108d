import { useEffect, useState } from 'react';

/** Waits until `value` has stayed the same for `delay` ms (one call per pause in typing or painting). */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
