import {
  RECOMMENDATIONS_PATHS,
  recommendationDetailSchema,
  recommendationsListSchema,
} from '@finlens/contracts/recommendations';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recommendationKeys } from './keys';

/** GET /c/recommendations/ — one page of recommendations with the totals per type, for the URL's filters. */
export function useRecommendations(params: Record<string, string>) {
  return useQuery({
    queryKey: recommendationKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequest(RECOMMENDATIONS_PATHS.list, recommendationsListSchema, { query: params, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET /c/recommendations/:id/ — one recommendation with its rule and history. */
export function useRecommendation(id: string) {
  return useQuery({
    queryKey: recommendationKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest(RECOMMENDATIONS_PATHS.detail(id), recommendationDetailSchema, { signal }),
  });
}

/** The CSV export's address for the same selection (the browser downloads it with the session cookie). */
export function recommendationsExportHref(params: Record<string, string>): string {
  const { page: _page, page_size: _size, ...rest } = params;
  const query = new URLSearchParams(rest).toString();
  return `${RECOMMENDATIONS_PATHS.export}${query === '' ? '' : `?${query}`}`;
}
