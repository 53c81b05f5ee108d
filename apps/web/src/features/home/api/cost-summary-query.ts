import { useQuery } from '@tanstack/react-query';
import { fetchCostSummary } from '../../startup/api/cost-summary-query';
import { homeKeys } from './keys';

/** GET /c/cost_page/cost_summary/ for the Home cards (fresh, unlike the start-up chain's copy). */
export function useHomeCostSummary(enabled: boolean) {
  return useQuery({
    queryKey: homeKeys.costSummary(),
    queryFn: ({ signal }) => fetchCostSummary(signal),
    enabled,
    staleTime: 60_000,
  });
}
