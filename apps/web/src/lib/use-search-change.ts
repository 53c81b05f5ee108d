import { useSearchParams } from 'react-router';

/** Sets (or, with '', removes) URL search parameters together; `resetPage` goes back to the first page. */
type SearchChange = (updates: Record<string, string>, resetPage?: boolean) => void;

/** A list's view in the URL (CONVENTIONS: the URL holds the view): its parameters and one way to change them. */
export function useSearchChange(): [URLSearchParams, SearchChange] {
  const [search, setSearch] = useSearchParams();
  const change: SearchChange = (updates, resetPage = true) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(updates)) {
      if (value === '') next.delete(key);
      else next.set(key, value);
    }
    if (resetPage) next.delete('page');
    setSearch(next);
  };
  return [search, change];
}

/** The list's sort from the URL: `sort` when the server knows it (else `fallback`), `order` descending unless 'asc'. */
export function sortFromSearch<S extends string>(
  search: URLSearchParams,
  sorts: readonly S[],
  fallback: S,
): { sort: S; order: 'asc' | 'desc' } {
  const sort = search.get('sort');
  return {
    sort: (sorts as readonly string[]).includes(sort ?? '') ? (sort as S) : fallback,
    order: search.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

/** A server-paged list's pager that keeps its page in the URL. */
export function urlPaging(list: { page: number; count: number }, pageSize: number, change: SearchChange) {
  return {
    page: list.page,
    count: list.count,
    pageSize,
    onPage: (page: number) => change({ page: String(page) }, false),
  };
}
