import type { CostBasis, WorkloadRecommendation } from '@finlens/contracts/containers';
import { monthly } from '@finlens/cost-model/kubernetes-cost';
import { adviseRequest, workloadId, workloadKey } from '@finlens/cost-model/recommendations/container-rules';
import type { WorkloadResourceUse, WorkloadUsageRow } from '../../warehouse/cost-query/workload-usage';

const NONE = '(none)';

function advice(
  use: WorkloadResourceUse,
  resource: 'cpu' | 'memory',
  at: { headroom: number; days: number; basis: CostBasis },
) {
  const splitCost = at.basis === 'amortized' ? use.splitCost : use.netSplitCost;
  const r = adviseRequest(resource, { ...use, splitCost }, at.headroom);
  const requested = use.podHours > 0 ? use.reserved / use.podHours : 0;
  return {
    requested: r?.requested ?? requested,
    average_usage: r?.averageUsage ?? 0,
    p95_usage: r?.p95Usage ?? 0,
    peak_usage: r?.peakUsage ?? 0,
    hours: use.hours,
    recommended: r?.recommended ?? null,
    monthly_saving: monthly(r?.windowSaving ?? 0, at.days),
    on_demand_monthly_saving: monthly(use.onDemandSplitCost * (r?.freedShare ?? 0), at.days),
  };
}

/**
 * One recommendation per workload (cluster, namespace, controller kind and name), CPU and memory apart, the
 * largest saving first: the p95 of the busiest pod's hourly use plus headroom, never below the peak, at the
 * chosen rate. Pods without a controller are left out: nothing to change. `recommendationIds` by the workload's
 * resource key (account and id, see workloadKey): the open container-rightsizing recommendations, for the link.
 */
export function recommendWorkloads(
  rows: readonly WorkloadUsageRow[],
  at: { headroom: number; days: number; basis: CostBasis },
  recommendationIds: ReadonlyMap<string, string> = new Map(),
): WorkloadRecommendation[] {
  return rows
    .filter((r) => r.controller !== null)
    .map((r) => {
      const cpu = advice(r.cpu, 'cpu', at);
      const memory = advice(r.memory, 'memory', at);
      const cost = (use: WorkloadResourceUse) =>
        at.basis === 'amortized' ? use.splitCost : use.netSplitCost;
      const id = workloadId({
        cluster: r.cluster ?? NONE,
        namespace: r.namespace ?? NONE,
        kind: r.kind,
        controller: String(r.controller),
      });
      return {
        id,
        account_id: r.accountId,
        cluster_name: r.cluster ?? NONE,
        namespace: r.namespace ?? NONE,
        controller_kind: r.kind,
        controller: String(r.controller),
        pod_hours: Math.max(r.cpu.podHours, r.memory.podHours),
        cost: cost(r.cpu) + cost(r.memory),
        cpu,
        memory,
        monthly_saving: cpu.monthly_saving + memory.monthly_saving,
        on_demand_monthly_saving: cpu.on_demand_monthly_saving + memory.on_demand_monthly_saving,
        recommendation_id:
          r.accountId === null ? null : (recommendationIds.get(workloadKey(r.accountId, id)) ?? null),
      };
    })
    .sort(
      (a, b) =>
        b.monthly_saving - a.monthly_saving ||
        a.id.localeCompare(b.id) ||
        String(a.account_id).localeCompare(String(b.account_id)),
    );
}
