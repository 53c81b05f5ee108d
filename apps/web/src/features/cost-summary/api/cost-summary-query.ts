import { COST_SUMMARY_PATHS, costSummarySchema } from '@finlens/contracts/cost-summary';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { costSummaryKeys } from './keys';

/**
 * GET /c/cost_page/cost_summary/ — month-to-date and 31-day spend of the active client (unblended). Spec §7:
 * a cost_page GET carries imply_client=true; use_query_optimization is left out (no stored switch yet).
 */
export function fetchCostSummary(signal?: AbortSignal) {
  return apiRequest(COST_SUMMARY_PATHS.costSummary, costSummarySchema, {
    query: { imply_client: 'true' },
    signal,
  });
}

/**
 * The spend summary under the start-up chain's key: the answer the chain has just loaded is reused rather
 * than fetched twice, and refreshed once it is a minute old.
 */
export function useCostSummary() {
  return useQuery({
    queryKey: costSummaryKeys.summary(),
    queryFn: ({ signal }) => fetchCostSummary(signal),
    staleTime: 60_000,
  });
}
