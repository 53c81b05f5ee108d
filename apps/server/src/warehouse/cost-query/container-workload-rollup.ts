import { containerKeyColumn, hourSql, podRowsSql, SPLIT_MEASURES } from './container-rollup';
import { kubernetesSql } from './row-sql';
import type { SqlDialect, SqlValues } from './sql-dialect';

/** The Kubernetes keys of a workload, in the order the rightsizing reads them. */
export const WORKLOAD_KEYS = ['cluster_name', 'pod_namespace', 'controllerKind', 'controller'] as const;

/** The public on-demand split cost (the same share of the node at list price). */
export const ON_DEMAND_SPLIT_COST = {
  column: 'on_demand_split_cost',
  sql: (d: SqlDialect) =>
    d.sumMoney(`COALESCE(${d.identifier('split_line_item_public_on_demand_split_cost')}, 0)`),
} as const;

/** Rows that carry a used amount: split cost data may come without usage figures (then no p95 is known). */
export const USED_ROWS = {
  column: 'used_rows',
  sql: (d: SqlDialect) => `count(${d.identifier('split_line_item_actual_usage')})`,
} as const;

/** The split sums the rightsizing reads per workload and hour (the daily rollup's own definitions). */
export const WORKLOAD_MEASURES = [
  SPLIT_MEASURES.hours,
  SPLIT_MEASURES.reserved,
  SPLIT_MEASURES.actual,
  SPLIT_MEASURES.split_usage,
  SPLIT_MEASURES.peak,
  SPLIT_MEASURES.split_cost,
  SPLIT_MEASURES.net_split_cost,
] as const;

/**
 * Container rightsizing's hourly rollup of the EKS pods' split rows (workload-usage.ts, docs/adr/0014): per usage
 * hour, account, region, usage type (vCPU apart from memory) and workload (cluster, namespace, controller kind and
 * name), the pod-hours, requested, used and split usage, the busiest pod's use in the hour (`peak_usage`: the
 * hourly value whose p95 the recommendation covers) and the split cost at the three rates. The daily container
 * rollup keeps only a day's peak; this one keeps the hours, and only the keys a workload needs, so a look-back's
 * p95 reads a few hundred rows per workload instead of every pod-hour of the line items.
 */
export const CONTAINER_WORKLOAD_ROLLUP = {
  table: 'container_workload_rollup_hourly',
  columns: ['line_item_usage_account_id', 'product_region_code', 'line_item_usage_type'],
  productKeys: [],
  maps: [],
  splitRows: true,
  rows: podRowsSql,
  keys: [
    { name: 'usage_hour', type: 'text' as const, sql: (d: SqlDialect) => hourSql(d) },
    ...WORKLOAD_KEYS.map((key) => ({
      name: containerKeyColumn(key),
      type: 'text' as const,
      sql: (dialect: SqlDialect, values: SqlValues) => kubernetesSql({ dialect, values }, key),
    })),
  ],
  measures: [
    ...WORKLOAD_MEASURES.map((m) => ({
      name: m.column,
      type: m.type,
      sql: (dialect: SqlDialect) => m.sql(dialect),
    })),
    { name: ON_DEMAND_SPLIT_COST.column, type: 'money' as const, sql: ON_DEMAND_SPLIT_COST.sql },
    { name: USED_ROWS.column, type: 'number' as const, sql: USED_ROWS.sql },
  ],
} as const;
