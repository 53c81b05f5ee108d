import type { KubernetesCostRow, SplitSums } from '../../warehouse/cost-query/kubernetes-costs';

/** A group's split cost (CPU plus memory) and its share of its nodes' unused cost, at the scope's rate. */
export const splitCost = (r: KubernetesCostRow) => r.cpu.splitCost + r.memory.splitCost;
export const unusedCost = (r: KubernetesCostRow) => r.cpu.unusedCost + r.memory.unusedCost;

const ratio = (a: number, b: number | null) => (b === null || b <= 0 ? null : a / b);

/** Requested and used (vCPU-hours or GB-hours) against capacity, with the two efficiency ratios. */
export function resourceUse(sums: readonly SplitSums[], capacity: number | null) {
  const requested = sums.reduce((s, x) => s + x.reserved, 0);
  const used = sums.reduce((s, x) => s + x.actual, 0);
  return {
    requested,
    used,
    capacity,
    used_over_requested: ratio(used, requested),
    requested_over_capacity: ratio(requested, capacity),
  };
}
