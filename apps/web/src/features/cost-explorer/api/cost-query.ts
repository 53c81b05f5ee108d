import { COST_EXPLORER_PATHS, dimensionDailyCostResultSchema } from '@finlens/contracts/cost-explorer';
import { type CostQuery, costQueryToParams } from '@finlens/contracts/cost-query';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { explorerKeys, IMPLY_CLIENT } from './keys';

/** GET /c/cost_page/dimension_daily_cost/ — the CostQuery in its wire format; the answer is a CostQueryResult. */
export function useCostQuery(query: CostQuery, enabled = true) {
  const params = costQueryToParams(query);
  return useQuery({
    queryKey: explorerKeys.cost(params),
    queryFn: ({ signal }) =>
      apiRequest(COST_EXPLORER_PATHS.dimensionDailyCost, dimensionDailyCostResultSchema, {
        query: { ...params, ...IMPLY_CLIENT },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}
