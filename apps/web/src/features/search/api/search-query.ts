import { SEARCH_PATHS, searchResultSchema } from '@finlens/contracts/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { searchKeys } from './keys';

/** GET /c/ac/query — hits and facets for the search page; `params` are the call's query parameters. */
export function useSearch(params: Record<string, string>) {
  return useQuery({
    queryKey: searchKeys.query(params),
    queryFn: ({ signal }) => apiRequest(SEARCH_PATHS.query, searchResultSchema, { query: params, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
