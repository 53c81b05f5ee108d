import { autoCompleteResultSchema, SEARCH_PATHS } from '@finlens/contracts/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { searchKeys } from './keys';

/** GET /c/ac/auto-complete/ — suggestions for the app bar's search box; nothing is asked for blank text. */
export function useAutoComplete(query: string) {
  const text = query.trim();
  return useQuery({
    queryKey: searchKeys.autoComplete(text),
    queryFn: ({ signal }) =>
      apiRequest(SEARCH_PATHS.autoComplete, autoCompleteResultSchema, { query: { query: text }, signal }),
    enabled: text !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    select: (answer) => answer.suggestions,
  });
}
