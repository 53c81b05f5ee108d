import { COST_EXPLORER_PATHS, dimensionDailyCostResultSchema } from '@finlens/contracts/cost-explorer';
import { type CostQuery, costQueryToParams } from '@finlens/contracts/cost-query';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { explorerKeys, IMPLY_CLIENT } from './keys';

/** GET /c/cost_page/dimension_daily_cost/ — the CostQuery in its wire format; the answer is a CostQueryResult. */
function costQueryOptions(query: CostQuery) {
  const params = costQueryToParams(query);
  return queryOptions({
    queryKey: explorerKeys.cost(params),
    queryFn: ({ signal }) =>
      apiRequest(COST_EXPLORER_PATHS.dimensionDailyCost, dimensionDailyCostResultSchema, {
        query: { ...params, ...IMPLY_CLIENT },
        signal,
      }),
    staleTime: 60_000,
  });
}

export function useCostQuery(query: CostQuery, enabled = true) {
  return useQuery({ ...costQueryOptions(query), placeholderData: keepPreviousData, enabled });
}

/**
 * Asks a question the user is about to ask (the pointer on a quick group-by, or the keyboard's focus): by the click
 * its answer is cached or on its way. A question answered less than a minute ago is not asked again.
 */
export function usePrefetchCost(): (query: CostQuery) => void {
  const client = useQueryClient();
  return useCallback((query: CostQuery) => void client.prefetchQuery(costQueryOptions(query)), [client]);
}
