import { INSIGHTS_PATH, insightsSchema } from '@finlens/contracts/insights';
import type { DateRange } from '@finlens/cost-model/range-presets';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { insightsKeys } from './keys';

/** GET /c/cost_page/insights/ (shapes in @finlens/contracts/insights); cost_page GETs carry imply_client. */
export function useInsights(query: DateRange) {
  return useQuery({
    queryKey: insightsKeys.range(query),
    queryFn: ({ signal }) =>
      apiRequest(INSIGHTS_PATH, insightsSchema, { query: { ...query, imply_client: 'true' }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
