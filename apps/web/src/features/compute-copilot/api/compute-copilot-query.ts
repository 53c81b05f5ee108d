import {
  type AsgActivitiesQuery,
  asgActivitiesSchema,
  asgDashboardSchema,
  copilotResourceSchema,
  databricksDashboardSchema,
  COMPUTE_COPILOT_PATHS as P,
  type VisibilityGroupType,
  visibilityGroupSchema,
  visibilitySchema,
} from '@finlens/contracts/compute-copilot';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type CopilotRange, copilotKeys } from './keys';

/** How often an answer is read again while running instances still await their CPU figures. */
const AWAITING_CPU_POLL_MS = 15_000;

/**
 * GET /c/compute-copilot/asg/ — every Auto Scaling group with its instances, cost, CPU and advice; read again
 * while the metrics collection has not read every running instance yet (the CPU-based advice follows then).
 */
export function useAsgDashboard(range: CopilotRange) {
  return useQuery({
    queryKey: copilotKeys.asg(range),
    queryFn: ({ signal }) => apiRequest(P.asg, asgDashboardSchema, { query: range, signal }),
    refetchInterval: (query) =>
      (query.state.data?.totals.instances_awaiting_cpu ?? 0) > 0 ? AWAITING_CPU_POLL_MS : false,
  });
}

/** GET /c/compute-copilot/databricks/ — infrastructure and DBUs per workspace, cluster, job and user. */
export function useDatabricksDashboard(range: CopilotRange) {
  return useQuery({
    queryKey: copilotKeys.databricks(range),
    queryFn: ({ signal }) => apiRequest(P.databricks, databricksDashboardSchema, { query: range, signal }),
    refetchInterval: (query) =>
      (query.state.data?.totals.instances_awaiting_cpu ?? 0) > 0 ? AWAITING_CPU_POLL_MS : false,
  });
}

/** GET /c/compute-copilot/visibility/ — compute spend by purchase option and resource type. */
export function useVisibility(range: CopilotRange) {
  return useQuery({
    queryKey: copilotKeys.visibility(range),
    queryFn: ({ signal }) => apiRequest(P.visibility, visibilitySchema, { query: range, signal }),
  });
}

/** GET /c/compute-copilot/visibility/:type/:id/ — the resources of one purchase option or type. */
export function useVisibilityGroup(type: VisibilityGroupType, id: string, range: CopilotRange) {
  return useQuery({
    queryKey: copilotKeys.group(type, id, range),
    queryFn: ({ signal }) =>
      apiRequest(
        P.visibilityGroup.replace(':type', type).replace(':id', encodeURIComponent(id)),
        visibilityGroupSchema,
        { query: range, signal },
      ),
  });
}

/** GET /c/compute-copilot/resources/:id/ — one resource's cost by purchase option per day. */
export function useCopilotResource(id: string, range: CopilotRange) {
  return useQuery({
    queryKey: copilotKeys.resource(id, range),
    queryFn: ({ signal }) =>
      apiRequest(P.resource.replace(':id', encodeURIComponent(id)), copilotResourceSchema, {
        query: range,
        signal,
      }),
  });
}

/** GET /c/compute-copilot/asg/activities/ — one group's newest scaling activities, read live from its cloud. */
export function useAsgActivities(group: AsgActivitiesQuery | null) {
  return useQuery({
    queryKey: copilotKeys.activities(group ?? { project_id: '', account_id: '', region: '', name: '' }),
    queryFn: ({ signal }) => apiRequest(P.asgActivities, asgActivitiesSchema, { query: group ?? {}, signal }),
    enabled: group !== null,
  });
}
