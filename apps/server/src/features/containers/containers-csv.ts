import type { AllocationGroup, AllocationRow, ContainersSummary } from '@finlens/contracts/containers';
import { csvExport } from '../../platform/http/csv-export';

export type Window = NonNullable<ContainersSummary['window']>;

const COLUMNS = [
  'cluster_name',
  'cost',
  'split_cost',
  'idle_cost',
  'cpu_cost',
  'memory_cost',
  'pod_hours',
  'cpu_requested_vcpu_hours',
  'cpu_used_vcpu_hours',
  'memory_requested_gb_hours',
  'memory_used_gb_hours',
] as const;

/** The allocation rows as CSV with a header line, the group's column second (money unrounded, as the API answers). */
export function allocationCsv(rows: readonly AllocationRow[], group: AllocationGroup): Promise<string> {
  const header = [COLUMNS[0], group, ...COLUMNS.slice(1)];
  return csvExport(header, rows, (r) => [
    r.cluster_name,
    r.key,
    r.cost,
    r.split_cost,
    r.idle_cost,
    r.cpu_cost,
    r.memory_cost,
    r.pod_hours,
    r.cpu.requested,
    r.cpu.used,
    r.memory.requested,
    r.memory.used,
  ]);
}
