import { RESOURCE_METRICS_PATHS, resourceMetricsSchema } from '@finlens/contracts/resource-metrics';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resourcesCostKeys } from './keys';

/** GET /c/inventory/resources/:id/metrics/ — daily avg/p95/max of a collected resource's metrics. */
export function useResourceMetrics(projectId: string, resourceId: string | null) {
  return useQuery({
    queryKey: resourcesCostKeys.metrics(projectId, resourceId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(
        RESOURCE_METRICS_PATHS.metrics(encodeURIComponent(resourceId ?? '')),
        resourceMetricsSchema,
        {
          query: { project_id: projectId, granularity: 'daily' },
          signal,
        },
      ),
    enabled: resourceId !== null,
    staleTime: 60_000,
  });
}
