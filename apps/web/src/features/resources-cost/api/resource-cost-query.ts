import { RESOURCES_COST_PATHS, resourceCostDetailSchema } from '@finlens/contracts/resources-cost';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resourcesCostKeys } from './keys';

/** GET /c/resources_cost/resource/ — one resource with its attributes and cost per day. */
export function useResourceCost(projectId: string, key: string) {
  return useQuery({
    queryKey: resourcesCostKeys.resource(projectId, key),
    queryFn: ({ signal }) =>
      apiRequest(RESOURCES_COST_PATHS.resource, resourceCostDetailSchema, {
        query: { project_id: projectId, key },
        signal,
      }),
    staleTime: 60_000,
  });
}
