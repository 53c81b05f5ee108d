import type { WorkloadRecommendation } from '@finlens/contracts/containers';
import { monthly, recommendRequest } from '@finlens/cost-model/kubernetes-cost';
import type { KubernetesCostRow, SplitSums } from '../../warehouse/cost-query/kubernetes-costs';

const NONE = '(none)';

function advice(sums: SplitSums, resource: 'cpu' | 'memory', headroom: number, days: number) {
  const r = recommendRequest({ resource, ...sums }, headroom);
  return {
    requested: r.requested,
    average_usage: r.averageUsage,
    peak_usage: r.peakUsage,
    recommended: r.recommended,
    monthly_saving: monthly(r.windowSaving, days),
  };
}

/**
 * One recommendation per workload (cluster, namespace, controller kind and name: rows keyed in that order),
 * CPU and memory apart, the largest saving first. Pods without a controller are left out: nothing to change.
 */
export function recommendWorkloads(
  rows: readonly KubernetesCostRow[],
  headroom: number,
  days: number,
): WorkloadRecommendation[] {
  return rows
    .filter((r) => r.keys[3] !== null)
    .map((r) => {
      const [cluster, namespace, kind, controller] = r.keys;
      const cpu = advice(r.cpu, 'cpu', headroom, days);
      const memory = advice(r.memory, 'memory', headroom, days);
      return {
        id: [cluster ?? NONE, namespace ?? NONE, kind ?? NONE, controller].join('/'),
        cluster_name: cluster ?? NONE,
        namespace: namespace ?? NONE,
        controller_kind: kind ?? null,
        controller: String(controller),
        pod_hours: Math.max(r.cpu.podHours, r.memory.podHours),
        cost: r.cpu.splitCost + r.memory.splitCost,
        cpu,
        memory,
        monthly_saving: cpu.monthly_saving + memory.monthly_saving,
      };
    })
    .sort((a, b) => b.monthly_saving - a.monthly_saving || a.id.localeCompare(b.id));
}
