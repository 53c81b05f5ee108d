import { useQuery } from '@tanstack/react-query';
import { fetchCostSummary } from '../../startup/api/cost-summary-query';
import { startupKeys } from '../../startup/api/keys';

/**
 * GET /c/cost_page/cost_summary/ for the Home cards, under the start-up chain's key: the answer the chain has
 * just loaded is reused rather than fetched twice, and refreshed once it is a minute old.
 */
export function useHomeCostSummary() {
  return useQuery({
    queryKey: startupKeys.costSummary(),
    queryFn: ({ signal }) => fetchCostSummary(signal),
    staleTime: 60_000,
  });
}
