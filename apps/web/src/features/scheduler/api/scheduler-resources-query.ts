import { INVENTORY_PATHS, inventoryResourcesSchema } from '@finlens/contracts/inventory';
import { SCHEDULABLE_KINDS } from '@finlens/contracts/scheduler';
import { useQueries } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulerKeys } from './keys';

/** The project's schedulable resources from the inventory (up to 500 of each kind), for the resource picker. */
export function useSchedulableResources(projectId: string) {
  const results = useQueries({
    queries: SCHEDULABLE_KINDS.map((kind) => ({
      queryKey: schedulerKeys.resources(projectId, kind),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiRequest(INVENTORY_PATHS.resources, inventoryResourcesSchema, {
          query: { project_ids: projectId, kind, page_size: 500 },
          signal,
        }),
      enabled: projectId !== '',
      staleTime: 60_000,
    })),
  });
  return {
    resources: results.flatMap((r) => r.data?.results ?? []),
    isPending: projectId !== '' && results.some((r) => r.isPending),
  };
}
