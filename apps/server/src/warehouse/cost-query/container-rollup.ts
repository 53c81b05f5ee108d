import { ALLOCATION_GROUPS } from '@finlens/contracts/containers';
import type { KubernetesAttribute } from '@finlens/cost-model/cost-dimensions';
import type { CanonicalType } from '../canonical-schema';
import { EKS_POD_OPERATION, kubernetesSql } from './row-sql';
import type { SqlDialect, SqlValues } from './sql-dialect';

/**
 * The containers screens' daily rollup of the EKS pods' split cost allocation rows (kubernetes-costs.ts): per
 * usage day, account, usage type (vCPU apart from memory) and every Kubernetes key the screens group or filter
 * by, the sums the split figures need. Built and swapped at import with the other rollups (rollups.ts), so a
 * namespace, workload or pod page sums a few rows per pod and day instead of every pod-hour. Apart from
 * kubernetes-costs.ts so the rollup list can hold it without an import cycle. Its keys are every group the
 * screens offer (cluster, node, namespace, controller kind and name, deployment, pod, container): each a
 * Kubernetes attribute of a pod row.
 */
const CONTAINER_KEYS = ALLOCATION_GROUPS satisfies readonly KubernetesAttribute[];
export type ContainerKey = (typeof CONTAINER_KEYS)[number];

/** The rollup's text column of a Kubernetes key (the attribute as dimension-sql reads it off a pod row). */
export const containerKeyColumn = (key: ContainerKey) => `k8s_${key}`;

type Sql = (dialect: SqlDialect) => string;
const num = (column: string) => (d: SqlDialect) => `COALESCE(${d.identifier(column)}, 0)`;

/**
 * Hours a row covers (CUR split rows are hourly; daily or monthly exports cover more): requests and use are
 * vCPU- or GB-hours over it. One hour when the export gives no usable end.
 */
export const rowHours: Sql = (d) => {
  const start = d.identifier('line_item_usage_start_date');
  const end = d.identifier('line_item_usage_end_date');
  return `CASE WHEN ${end} > ${start} THEN ${d.hoursBetween(start, end)} ELSE 1 END`;
};

/**
 * One figure of a group of pod rows: how it is aggregated over the line items (`sql`, an aggregate) and how
 * the rollup's daily values of it are aggregated again (`again`): sums add up, the peak is the largest.
 */
export interface SplitMeasure {
  column: string;
  type: CanonicalType;
  sql: Sql;
  again: 'sum' | 'money' | 'max';
}

const usage = (column: string, source: string): SplitMeasure => ({
  column,
  type: 'number',
  sql: (d) => `sum(${num(source)(d)})`,
  again: 'sum',
});
const money = (column: string, source: string): SplitMeasure => ({
  column,
  type: 'money',
  sql: (d) => d.sumMoney(num(source)(d)),
  again: 'money',
});

export const SPLIT_MEASURES = {
  hours: { column: 'pod_hours', type: 'number', sql: (d) => `sum(${rowHours(d)})`, again: 'sum' },
  reserved: usage('reserved_usage', 'split_line_item_reserved_usage'),
  actual: usage('actual_usage', 'split_line_item_actual_usage'),
  split_usage: usage('split_usage', 'split_line_item_split_usage'),
  // Highest use of one pod in one hour.
  peak: {
    column: 'peak_usage',
    type: 'number',
    sql: (d) => `max(${num('split_line_item_actual_usage')(d)} / (${rowHours(d)}))`,
    again: 'max',
  },
  split_cost: money('split_cost', 'split_line_item_split_cost'),
  unused_cost: money('unused_cost', 'split_line_item_unused_cost'),
  net_split_cost: money('net_split_cost', 'split_line_item_net_split_cost'),
  net_unused_cost: money('net_unused_cost', 'split_line_item_net_unused_cost'),
} satisfies Record<string, SplitMeasure>;

/** A pod row the containers screens count names its node (the parent instance). */
export const hasParentSql = (d: SqlDialect) =>
  `NULLIF(${d.identifier('split_line_item_parent_resource_id')}, '') IS NOT NULL`;

/** The EKS pod rows the containers screens count: operation EKSPod-EC2 with a parent instance. */
function podRowsSql(dialect: SqlDialect, values: SqlValues): string {
  return `${dialect.identifier('line_item_operation')} = ${values.add(EKS_POD_OPERATION)} AND ${hasParentSql(dialect)}`;
}

// A RollupDefinition (rollups.ts holds it in ROLLUPS; typed there, so this file needs nothing of it).
export const CONTAINER_ROLLUP = {
  table: 'container_rollup_daily',
  columns: ['line_item_usage_account_id', 'line_item_usage_type'],
  productKeys: [],
  maps: [],
  splitRows: true,
  rows: podRowsSql,
  keys: CONTAINER_KEYS.map((key) => ({
    name: containerKeyColumn(key),
    type: 'text' as const,
    sql: (dialect: SqlDialect, values: SqlValues) => kubernetesSql({ dialect, values }, key),
  })),
  measures: Object.values(SPLIT_MEASURES).map((m) => ({
    name: m.column,
    type: m.type,
    sql: (dialect: SqlDialect) => m.sql(dialect),
  })),
} as const;
