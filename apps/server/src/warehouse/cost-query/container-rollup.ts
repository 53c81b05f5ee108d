import { ALLOCATION_GROUPS, type AllocationGroup } from '@finlens/contracts/containers';
import type { KubernetesAttribute } from '@finlens/cost-model/cost-dimensions';
import type { CanonicalType } from '../canonical-schema';
import { blankIsNull, EKS_POD_OPERATION, kubernetesSql } from './row-sql';
import { notSplitRowSql } from './split-rows';
import type { SqlDialect, SqlValues } from './sql-dialect';

/**
 * The containers screens' daily rollup of the EKS pods' split cost allocation rows (kubernetes-costs.ts): per
 * usage day, account, usage type (vCPU apart from memory) and every key the screens group or filter by, the sums
 * the split figures need. Built and swapped at import with the other rollups (rollups.ts), so a namespace,
 * workload or pod page sums a few rows per pod and day instead of every pod-hour. Apart from
 * kubernetes-costs.ts so the rollup list can hold it without an import cycle. Its keys are every group the
 * screens offer: each Kubernetes attribute of a pod row (cluster, node, namespace, controller kind and name,
 * deployment, pod, container) and the capacity type of its node in the hour.
 */
export type ContainerKey = AllocationGroup;

/** The key no pod row carries itself: its node's purchase option in the hour, from the node's own lines. */
export const CAPACITY_KEY = 'capacity_type' satisfies ContainerKey;

/** The Kubernetes attributes among the keys (dimension-sql reads each off a pod row). */
const KUBERNETES_KEYS = ALLOCATION_GROUPS.filter(
  (key): key is Exclude<ContainerKey, typeof CAPACITY_KEY> => key !== CAPACITY_KEY,
) satisfies readonly KubernetesAttribute[];

/** The rollup's text column of a key. */
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
export function podRowsSql(dialect: SqlDialect, values: SqlValues): string {
  return `(${dialect.identifier('line_item_operation')} = ${values.add(EKS_POD_OPERATION)} AND ${hasParentSql(dialect)})`;
}

/**
 * The node's purchase options that make a capacity type, in the order they decide one node-hour: an hour some
 * savings plan or reservation covered (wholly or in part) is covered; else spot; else on-demand. A node's other
 * lines in the hour (data transfer, say, on-demand) do not make a covered or spot hour on-demand.
 */
const NODE_CAPACITY_TYPES = [
  ['savings_plan', 'Savings Plan'],
  ['reserved', 'Reserved'],
  ['spot', 'Spot'],
  ['on_demand', 'On Demand'],
] as const;

/**
 * A pod row's capacity type: the purchase option (ingest's finlens_purchase_option, from the line item type,
 * pricing term and reservation or savings plan ARN) of its node's own lines in the same hour, among the rows of
 * `source` (an import's rows when the rollup is built, the scope's line items when read). No join (ClickHouse
 * 18.16): one uncorrelated IN subquery per type over node-hour keys "<instance id>|<hour>", each limited to the
 * instances some pod row names as its parent. NULL when the bill has no line of the node in that hour.
 */
export function capacityTypeSql(
  d: SqlDialect,
  values: SqlValues,
  source: { from: string; where: string },
): string {
  const nodeHour = (column: string) => d.concat([d.identifier(column), values.add('|'), hourSql(d)]);
  const rows = (condition: string) => `FROM ${source.from} WHERE (${source.where}) AND ${condition}`;
  const parents = `SELECT ${d.identifier('split_line_item_parent_resource_id')} ${rows(podRowsSql(d, values))}`;
  const option = d.identifier('finlens_purchase_option');
  const when = NODE_CAPACITY_TYPES.map(([type, purchaseOption]) => {
    const nodeRows = `${notSplitRowSql(d, values)} AND ${option} = ${values.add(purchaseOption)} AND ${d.identifier('line_item_resource_id')} IN (${parents})`;
    const hours = `SELECT ${nodeHour('line_item_resource_id')} ${rows(nodeRows)}`;
    return `WHEN ${nodeHour('split_line_item_parent_resource_id')} IN (${hours}) THEN ${values.add(type)}`;
  });
  return `CASE ${when.join(' ')} END`;
}

// A RollupDefinition (rollups.ts holds it in ROLLUPS; typed there, so this file needs nothing of it).
export const CONTAINER_ROLLUP = {
  table: 'container_rollup_daily',
  columns: ['line_item_usage_account_id', 'line_item_usage_type'],
  productKeys: [],
  maps: [],
  splitRows: true,
  rows: podRowsSql,
  keys: [
    ...KUBERNETES_KEYS.map((key) => ({
      name: containerKeyColumn(key),
      type: 'text' as const,
      sql: (dialect: SqlDialect, values: SqlValues) => kubernetesSql({ dialect, values }, key),
    })),
    { name: containerKeyColumn(CAPACITY_KEY), type: 'text' as const, sql: capacityTypeSql, lookup: true },
  ],
  measures: Object.values(SPLIT_MEASURES).map((m) => ({
    name: m.column,
    type: m.type,
    sql: (dialect: SqlDialect) => m.sql(dialect),
  })),
} as const;

/** The start of a row's hour as text (the reconciliation's and the capacity's hour). */
export const hourSql = (d: SqlDialect) =>
  d.text(d.periodStart(d.identifier('line_item_usage_start_date'), 'hour'));

/** One vCPU (or memory) capacity of the node in the row's hour: a pod row's split usage ÷ its ratio. */
export function capacitySql(d: SqlDialect, values: SqlValues, resource: 'cpu' | 'memory'): string {
  const capacity = `${d.identifier('split_line_item_split_usage')} / ${d.identifier('split_line_item_split_usage_ratio')}`;
  const positive = `${d.identifier('split_line_item_split_usage_ratio')} > 0`;
  const usageType = blankIsNull(d.identifier('line_item_usage_type'));
  const cpu = d.containsIgnoreCase(usageType, values.add('vcpu'));
  return resource === 'cpu'
    ? `CASE WHEN ${cpu} AND ${positive} THEN ${capacity} ELSE 0 END`
    : `CASE WHEN ${cpu} THEN 0 WHEN ${positive} THEN ${capacity} ELSE 0 END`;
}

/** The node's own rows in the bill (instance usage and the like) carry these costs per basis. */
export const NODE_COST = {
  amortized: 'line_item_amortized_cost',
  net_amortized: 'finlens_line_item_net_amortized_cost',
} as const;

const isPod = (d: SqlDialect, values: SqlValues) =>
  `${d.identifier('line_item_operation')} = ${values.add(EKS_POD_OPERATION)}`;
const podOnly = (d: SqlDialect, values: SqlValues, sql: string) =>
  `CASE WHEN ${isPod(d, values)} THEN ${sql} ELSE 0 END`;
const nodeOnly = (d: SqlDialect, values: SqlValues, sql: string) =>
  `CASE WHEN ${isPod(d, values)} THEN 0 ELSE ${sql} END`;
const cost = (d: SqlDialect, column: string) => `COALESCE(${d.identifier(column)}, 0)`;

/**
 * The node-hour rollup of the reconciliation and the node capacity: per hour and node, the pods' split plus
 * unused cost and the node's capacity from its pod rows, and the node's own cost from its non-split rows (the
 * rows of every instance some pod row of the same import names as its parent). Rows of both kinds may share a
 * group; `pod_rows` and `node_rows` tell which it holds.
 */
export const CONTAINER_NODE_ROLLUP = {
  table: 'container_node_rollup_hourly',
  columns: [],
  productKeys: [],
  maps: [],
  splitRows: true,
  rows: (dialect: SqlDialect, values: SqlValues, source: { from: string; where: string }) => {
    const parents = `SELECT ${dialect.identifier('split_line_item_parent_resource_id')} FROM ${source.from} WHERE (${source.where}) AND ${podRowsSql(dialect, values)}`;
    return `${podRowsSql(dialect, values)} OR (${notSplitRowSql(dialect, values)} AND ${dialect.identifier('line_item_resource_id')} IN (${parents}))`;
  },
  keys: [
    { name: 'usage_hour', type: 'text' as const, sql: (d: SqlDialect) => hourSql(d) },
    ...(['cluster_name', 'node'] as const).map((key) => ({
      name: containerKeyColumn(key),
      type: 'text' as const,
      sql: (dialect: SqlDialect, values: SqlValues) => kubernetesSql({ dialect, values }, key),
    })),
    {
      name: 'node_id',
      type: 'text' as const,
      sql: (d: SqlDialect) =>
        `COALESCE(${blankIsNull(d.identifier('split_line_item_parent_resource_id'))}, ${d.identifier('line_item_resource_id')})`,
    },
  ],
  measures: [
    ...(['split_line_item_split_cost', 'split_line_item_net_split_cost'] as const).map((split, i) => ({
      name: i === 0 ? 'pod_cost' : 'net_pod_cost',
      type: 'money' as const,
      sql: (d: SqlDialect, values: SqlValues) => {
        const unused = i === 0 ? 'split_line_item_unused_cost' : 'split_line_item_net_unused_cost';
        return d.sumMoney(podOnly(d, values, `${cost(d, split)} + ${cost(d, unused)}`));
      },
    })),
    ...Object.values(NODE_COST).map((column, i) => ({
      name: i === 0 ? 'node_cost' : 'net_node_cost',
      type: 'money' as const,
      sql: (d: SqlDialect, values: SqlValues) => d.sumMoney(nodeOnly(d, values, d.identifier(column))),
    })),
    ...(['cpu', 'memory'] as const).map((resource) => ({
      name: `${resource}_capacity`,
      type: 'number' as const,
      sql: (d: SqlDialect, values: SqlValues) =>
        `max(${podOnly(d, values, capacitySql(d, values, resource))})`,
    })),
    {
      name: 'pod_rows',
      type: 'number' as const,
      sql: (d: SqlDialect, v: SqlValues) => `sum(${podOnly(d, v, '1')})`,
    },
    {
      name: 'node_rows',
      type: 'number' as const,
      sql: (d: SqlDialect, v: SqlValues) => `sum(${nodeOnly(d, v, '1')})`,
    },
  ],
} as const;
