import type { Evidence } from '@finlens/contracts/recommendations';
import { RESOURCE_METRICS_PATHS, resourceMetricsSchema } from '@finlens/contracts/resource-metrics';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recommendationKeys } from './keys';

/** The daily metric series over the evidence's look-back (avg, p95 and max per day) that the rule judged. */
export function useEvidenceMetrics(projectId: string, resourceId: string, evidence: Evidence) {
  const metrics = [...new Set(evidence.metrics.map((m) => m.metric))];
  return useQuery({
    queryKey: [...recommendationKeys.all, 'evidence', projectId, resourceId, evidence.start_date] as const,
    queryFn: ({ signal }) =>
      apiRequest(RESOURCE_METRICS_PATHS.metrics(encodeURIComponent(resourceId)), resourceMetricsSchema, {
        query: {
          project_id: projectId,
          granularity: 'daily',
          start_date: evidence.start_date,
          end_date: evidence.end_date,
          metrics: metrics.join(','),
        },
        signal,
      }),
    enabled: metrics.length > 0,
    staleTime: 60_000,
  });
}
