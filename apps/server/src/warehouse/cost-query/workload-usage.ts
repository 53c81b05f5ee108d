import { CONTAINER_RIGHTSIZING_PERCENTILE } from '@finlens/contracts/containers';
import type { CompiledSql } from './compile-cost-query';
import { hourSql } from './container-rollup';
import {
  CONTAINER_WORKLOAD_ROLLUP,
  ON_DEMAND_SPLIT_COST,
  USED_ROWS,
  WORKLOAD_KEYS,
  WORKLOAD_MEASURES,
} from './container-workload-rollup';
import { context, type KubernetesScope, keySql, podWhere } from './kubernetes-costs';
import { LINE_ITEMS_SOURCE, rollupSource } from './plan-source';
import { columnText } from './row-sql';
import type { ReadRows } from './run-cost-query';
import type { SqlDialect } from './sql-dialect';

/** One resource's use by a workload over the look-back. */
export interface WorkloadResourceUse {
  /** Pod-hours the rows cover. */
  podHours: number;
  /** Requested, used and split usage summed over the pod-hours (vCPU- or GB-hours). */
  reserved: number;
  actual: number;
  splitUsage: number;
  /** Rows, and rows that carry a used amount. */
  rows: number;
  usedRows: number;
  /** Hourly values (the busiest pod's use in each hour with rows; one per day for a daily bill). */
  hours: number;
  /** Hours the values cover (24 for each daily value). */
  coveredHours: number;
  /** The p95 and the largest of the hourly values (vCPU or GB). */
  p95: number;
  peak: number;
  /** Split cost at the amortized and net amortized rates and at public on-demand prices. */
  splitCost: number;
  netSplitCost: number;
  onDemandSplitCost: number;
}

export interface WorkloadUsageRow {
  /** The UTC day with `byDay`, else null (the whole scope). */
  day: string | null;
  cluster: string | null;
  namespace: string | null;
  kind: string | null;
  controller: string | null;
  accountId: string | null;
  region: string | null;
  cpu: WorkloadResourceUse;
  memory: WorkloadResourceUse;
}

export interface WorkloadUsagePort {
  /**
   * Per workload (cluster, namespace, controller kind and name) and usage account (two accounts of a project may
   * run same-named clusters), CPU and memory: requests and use over the scope's
   * days, the p95 and peak of the hourly values, and the split cost at three rates. From the workload-hour rollup,
   * or the line items with `useRollup: false` or a node filter (which the rollup does not keep).
   */
  workloadUsage(scope: KubernetesScope, options?: { byDay?: boolean }): Promise<WorkloadUsageRow[]>;
}

const SUMS = [
  'hours',
  'reserved',
  'actual',
  'split_usage',
  'split_cost',
  'net_split_cost',
  'on_demand',
] as const;

/**
 * Two steps, as kubernetes-costs' sums: per workload, account, hour and resource the sums and the busiest pod's use (the
 * hour's value), then per workload, account and resource the sums again, the values' p95 and largest. Aliases differ from
 * the columns they read (ClickHouse reads a same-named alias in place of the column).
 */
export function compileWorkloadUsage(
  dialect: SqlDialect,
  scope: KubernetesScope,
  options: { byDay?: boolean } = {},
): CompiledSql {
  // The workload-hour rollup keeps neither the node nor the capacity type: filtered by either, the line items answer.
  const rollup =
    scope.useRollup !== false &&
    scope.filters.node === undefined &&
    scope.filters.capacity_type === undefined;
  const ctx = context(dialect, rollup ? rollupSource(CONTAINER_WORKLOAD_ROLLUP) : LINE_ITEMS_SOURCE);
  const d = dialect;
  const [hours, reserved, actual, splitUsage, peak, splitCost, netSplitCost] = WORKLOAD_MEASURES;
  const again = (m: { column: string; sql: (d: SqlDialect) => string }, as: string, money = false) => {
    if (!rollup) return `${m.sql(d)} AS ${as}`;
    const column = d.identifier(m.column);
    return `${money ? d.sumMoney(column) : `sum(${column})`} AS ${as}`;
  };
  const usageType = columnText(ctx, 'line_item_usage_type');
  const resource = `CASE WHEN ${d.containsIgnoreCase(usageType, ctx.values.add('vcpu'))} THEN 'cpu' ELSE 'memory' END`;
  const hour = rollup ? d.identifier('usage_hour') : hourSql(d);
  const keys = WORKLOAD_KEYS.map((key, i) => `${keySql(ctx, key, scope)} AS k${i}`);
  const inner = [
    ...keys,
    `${hour} AS i_hour`,
    `${resource} AS i_resource`,
    `${columnText(ctx, 'line_item_usage_account_id')} AS i_account`,
    `min(${columnText(ctx, 'product_region_code')}) AS i_region`,
    again(hours, 'i_hours'),
    again(reserved, 'i_reserved'),
    again(actual, 'i_actual'),
    again(splitUsage, 'i_split_usage'),
    rollup ? `max(${d.identifier(peak.column)}) AS i_peak` : `${peak.sql(d)} AS i_peak`,
    again(splitCost, 'i_split_cost', true),
    again(netSplitCost, 'i_net_split_cost', true),
    rollup
      ? `${d.sumMoney(d.identifier(ON_DEMAND_SPLIT_COST.column))} AS i_on_demand`
      : `${ON_DEMAND_SPLIT_COST.sql(d)} AS i_on_demand`,
    rollup ? `sum(${d.identifier('row_count')}) AS i_rows` : 'count(*) AS i_rows',
    rollup ? `sum(${d.identifier(USED_ROWS.column)}) AS i_used` : `${USED_ROWS.sql(d)} AS i_used`,
  ];
  const workload = WORKLOAD_KEYS.map((_, i) => `k${i}`);
  // The hour's text starts with its day (YYYY-MM-DD).
  const day = options.byDay === true ? ['substring(i_hour, 1, 10) AS o_day'] : [];
  const innerSql = `SELECT ${inner.join(', ')} FROM ${d.identifier(ctx.source.table)} WHERE ${podWhere(ctx, scope)} GROUP BY ${[...workload, 'i_account', 'i_hour', 'i_resource'].join(', ')}`;
  const outer = [
    ...workload,
    ...day,
    'i_resource AS resource',
    'i_account AS account',
    'min(i_region) AS region',
    ...SUMS.map((field) =>
      field.endsWith('cost') || field === 'on_demand'
        ? `${d.sumMoney(`i_${field}`)} AS o_${field}`
        : `sum(i_${field}) AS o_${field}`,
    ),
    'sum(i_rows) AS o_rows',
    'sum(i_used) AS o_used',
    'count(*) AS o_values',
    'sum(i_hours / i_rows) AS o_covered',
    `${d.quantile('i_peak', CONTAINER_RIGHTSIZING_PERCENTILE)} AS o_p95`,
    'max(i_peak) AS o_peak',
  ];
  return {
    sql: `SELECT ${outer.join(', ')} FROM (${innerSql}) AS by_hour GROUP BY ${[...workload, 'i_account', ...(day.length > 0 ? ['o_day'] : []), 'i_resource'].join(', ')}`,
    values: ctx.values.bound,
  };
}

const NO_USE: WorkloadResourceUse = {
  podHours: 0,
  reserved: 0,
  actual: 0,
  splitUsage: 0,
  rows: 0,
  usedRows: 0,
  hours: 0,
  coveredHours: 0,
  p95: 0,
  peak: 0,
  splitCost: 0,
  netSplitCost: 0,
  onDemandSplitCost: 0,
};

const textOrNull = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

function useOf(row: Record<string, unknown>): WorkloadResourceUse {
  const n = (field: string) => Number(row[field] ?? 0);
  return {
    podHours: n('o_hours'),
    reserved: n('o_reserved'),
    actual: n('o_actual'),
    splitUsage: n('o_split_usage'),
    rows: n('o_rows'),
    usedRows: n('o_used'),
    hours: n('o_values'),
    coveredHours: n('o_covered'),
    p95: n('o_p95'),
    peak: n('o_peak'),
    splitCost: n('o_split_cost'),
    netSplitCost: n('o_net_split_cost'),
    onDemandSplitCost: n('o_on_demand'),
  };
}

/** The workload usage read on an engine: compile with its dialect, run with its reader. */
export function workloadUsageQueries(dialect: SqlDialect, read: ReadRows): WorkloadUsagePort {
  return {
    workloadUsage: async (scope, options = {}) => {
      if (scope.projectIds.length === 0 || scope.from > scope.to) return [];
      const rows = await read(compileWorkloadUsage(dialect, scope, options));
      const out = new Map<string, WorkloadUsageRow>();
      for (const r of rows) {
        const keys = [r.k0, r.k1, r.k2, r.k3].map(textOrNull);
        const day = textOrNull(r.o_day);
        const id = JSON.stringify([day, ...keys, r.account]);
        const row = out.get(id) ?? {
          day,
          cluster: keys[0] ?? null,
          namespace: keys[1] ?? null,
          kind: keys[2] ?? null,
          controller: keys[3] ?? null,
          accountId: textOrNull(r.account),
          region: textOrNull(r.region),
          cpu: NO_USE,
          memory: NO_USE,
        };
        row[r.resource === 'cpu' ? 'cpu' : 'memory'] = useOf(r);
        out.set(id, row);
      }
      return [...out.values()];
    },
  };
}
