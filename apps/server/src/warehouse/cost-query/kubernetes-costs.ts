import type { CostDimension } from '@finlens/contracts/cost-query';
import type { Reconciliation } from '@finlens/cost-model/kubernetes-cost';
import { LINE_ITEMS_TABLE } from '../canonical-schema';
import { type CompiledSql, scopeWhere } from './compile-cost-query';
import {
  CAPACITY_KEY,
  CONTAINER_NODE_ROLLUP,
  CONTAINER_ROLLUP,
  type ContainerKey,
  capacitySql,
  capacityTypeSql,
  containerKeyColumn,
  hasParentSql,
  hourSql,
  NODE_COST,
  SPLIT_MEASURES,
} from './container-rollup';
import type { CostScope } from './cost-query-port';
import { dimensionSql, type SqlContext } from './dimension-sql';
import { type CostSource, LINE_ITEMS_SOURCE, rollupSource } from './plan-source';
import { columnText } from './row-sql';
import type { ReadRows } from './run-cost-query';
import type { SqlDialect } from './sql-dialect';

/**
 * Kubernetes cost from the EKS split cost allocation rows (billing-formats §1.3.12): sums of the pods' split and
 * unused costs, requested and used vCPU and memory, per any Kubernetes dimension, in one statement — from the
 * container rollup built at import (container-rollup.ts), or the line items with `useRollup: false`. Portable
 * as the compiler's own statements (no joins, no window functions: ClickHouse 18.16); nested SELECTs only.
 */
export type KubernetesKey = ContainerKey | 'day';

/** The effective rates a split row carries: amortized (split cost includes RI/SP upfront) or after discounts. */
export type SplitBasis = 'amortized' | 'net_amortized';

const SPLIT_COLUMNS: Record<SplitBasis, { split: string; unused: string }> = {
  amortized: { split: 'split_line_item_split_cost', unused: 'split_line_item_unused_cost' },
  net_amortized: { split: 'split_line_item_net_split_cost', unused: 'split_line_item_net_unused_cost' },
};

/** The rollup's figures of a basis, by the name the split sums read them. */
const BASIS_MEASURES = {
  amortized: { split_cost: SPLIT_MEASURES.split_cost, unused_cost: SPLIT_MEASURES.unused_cost },
  net_amortized: { split_cost: SPLIT_MEASURES.net_split_cost, unused_cost: SPLIT_MEASURES.net_unused_cost },
} as const;

export interface KubernetesScope extends CostScope {
  /** Inclusive UTC days. */
  from: string;
  to: string;
  basis: SplitBasis;
  /** Equality filters on Kubernetes dimensions. */
  filters: Partial<Record<ContainerKey, string>>;
  /**
   * Only the pod rows of this usage account (a workload's own: same-named clusters may run in two accounts of one
   * project). The node-hour reads then read the line items (their rollup keeps no account).
   */
  accountId?: string;
  /** false: the split sums read the line items, not the container rollup (the rollup's own check). */
  useRollup?: boolean;
}

export interface KubernetesCostQuery extends KubernetesScope {
  groupBy: KubernetesKey[];
}

/** One resource's sums over the pod-hours of a group. */
export interface SplitSums {
  /** Pod-hours the rows cover. */
  podHours: number;
  reserved: number;
  actual: number;
  splitUsage: number;
  /** Highest use of one pod in one hour. */
  peak: number;
  splitCost: number;
  unusedCost: number;
}

export interface KubernetesCostRow {
  /** In `groupBy` order; null where the rows carry no value. */
  keys: (string | null)[];
  cpu: SplitSums;
  memory: SplitSums;
}

/** A node's (or a cluster's) capacity summed over its hours, per resource. */
export interface CapacityRow {
  cluster: string | null;
  cpu: number;
  memory: number;
}

export interface NodeHourRow {
  hour: string;
  node: string;
  cost: number;
}

export interface NodeBillRow {
  node: string;
  purchaseOption: string | null;
  instanceType: string | null;
  /** The managed node group (eks:nodegroup-name) or Karpenter node pool the instance's tags name. */
  nodeGroup: string | null;
  cost: number;
}

/** EKS pods on Fargate: their own vCPU and memory line items, per cluster, namespace and asked labels. */
export interface FargateCostRow {
  cluster: string;
  namespace: string | null;
  /** The pods' value of each asked label (its cost allocation tag key), null where their lines carry none. */
  labels: Record<string, string | null>;
  cpuCost: number;
  memoryCost: number;
  /** vCPU-hours and GB-hours billed. */
  vcpuHours: number;
  gbHours: number;
  pods: number;
}

export interface BillClusterRow {
  cluster: string;
  accountId: string | null;
  region: string | null;
  cost: number;
  /** Every line naming it came from a FOCUS export: no split cost allocation data can come from that bill. */
  focusOnly: boolean;
}

export interface KubernetesCostPort {
  kubernetesCosts(query: KubernetesCostQuery): Promise<KubernetesCostRow[]>;
  /** Capacity (vCPU-hours, GB-hours) of the nodes the pods ran on, per cluster: split usage ÷ its ratio. */
  kubernetesCapacity(scope: KubernetesScope): Promise<CapacityRow[]>;
  /** Pods' split plus unused cost per hour and node (the reconciliation's left side). */
  podNodeHours(scope: KubernetesScope): Promise<NodeHourRow[]>;
  /** The nodes' own cost per hour from their instance line items (the right side), for the given nodes. */
  nodeHours(scope: KubernetesScope, nodes: string[]): Promise<NodeHourRow[]>;
  /**
   * Both sides compared per hour and node in the warehouse (as cost-model's reconcileNodeHours does it): the
   * totals and the first `limit` node-hours that differ by a cent or more, largest gap first.
   */
  reconcileNodeHours(scope: KubernetesScope, limit?: number): Promise<Reconciliation>;
  /** The nodes' own cost over the range with their purchase option and instance type. */
  nodeBills(scope: KubernetesScope, nodes: string[]): Promise<NodeBillRow[]>;
  /** EKS clusters the bill names outside the split rows (control plane ARNs, node tags), with their cost. */
  billClusters(scope: KubernetesScope): Promise<BillClusterRow[]>;
  /**
   * Fargate pods' cost per cluster and namespace (their usage types name Fargate; no split rows needed), and per
   * value of each of `labelTags` (resource tag keys: the Fargate profiles' selector labels as the bill names them).
   */
  fargateCosts(scope: KubernetesScope, labelTags?: readonly string[]): Promise<FargateCostRow[]>;
}

export function context(dialect: SqlDialect, source: CostSource = LINE_ITEMS_SOURCE): SqlContext {
  return { dialect, values: dialect.values(), source };
}

/**
 * A key's value on the rollup (its column) or on a pod row of the line items: a Kubernetes attribute, the day, or
 * the capacity type, which looks up the node's own lines of the scope (container-rollup.ts).
 */
export function keySql(ctx: SqlContext, key: KubernetesKey, scope: KubernetesScope): string {
  const d = ctx.dialect;
  if (ctx.source.rollup !== null)
    return key === 'day'
      ? d.dateText(d.identifier(ctx.source.timeColumn))
      : d.identifier(containerKeyColumn(key));
  if (key === 'day') return d.dateText(d.day(d.identifier(ctx.source.timeColumn)));
  if (key === CAPACITY_KEY) {
    const where = scopeWhere(ctx, scope, 'all').join(' AND ');
    return capacityTypeSql(d, ctx.values, { from: d.shardTable(LINE_ITEMS_TABLE), where });
  }
  return dimensionSql(ctx, key as CostDimension);
}

/** The scope, the EKS pod rows (all the rollup holds) and the filters. */
export function podWhere(ctx: SqlContext, scope: KubernetesScope): string {
  // The rollup holds only these rows ('not_split' adds no row test on a rollup).
  const rollup = ctx.source.rollup !== null;
  const where = scopeWhere(ctx, scope, rollup ? 'not_split' : 'eks_pods');
  if (!rollup) where.push(hasParentSql(ctx.dialect));
  if (scope.accountId !== undefined)
    where.push(
      `${ctx.dialect.identifier('line_item_usage_account_id')} = ${ctx.values.add(scope.accountId)}`,
    );
  for (const [key, value] of Object.entries(scope.filters)) {
    if (value === undefined) continue;
    where.push(`${keySql(ctx, key as KubernetesKey, scope)} = ${ctx.values.add(value)}`);
  }
  return where.join(' AND ');
}

const FIELDS = ['hours', 'reserved', 'actual', 'split_usage', 'peak', 'split_cost', 'unused_cost'] as const;

/**
 * The inner sums of one group and usage type: plain sums over the pod rows (no per-row test of the resource,
 * which the outer query makes once per usage type: far fewer rows), or the rollup's daily sums summed again.
 */
function innerSums(ctx: SqlContext, basis: SplitBasis): string[] {
  const d = ctx.dialect;
  const measures = { ...SPLIT_MEASURES, ...BASIS_MEASURES[basis] };
  return FIELDS.map((field) => {
    const m = measures[field];
    if (ctx.source.rollup === null) return `${m.sql(d)} AS ${field}`;
    const column = d.identifier(m.column);
    const again =
      m.again === 'max' ? `max(${column})` : m.again === 'money' ? d.sumMoney(column) : `sum(${column})`;
    return `${again} AS ${field}`;
  });
}

/** The outer sums per resource: the inner sums of the usage types that are (or are not) vCPU. */
function outerSums(ctx: SqlContext, prefix: 'cpu' | 'mem'): string[] {
  const d = ctx.dialect;
  const cpu = d.containsIgnoreCase('usage_type', ctx.values.add('vcpu'));
  const when = (field: string) =>
    prefix === 'cpu'
      ? `CASE WHEN ${cpu} THEN ${field} ELSE 0 END`
      : `CASE WHEN ${cpu} THEN 0 ELSE ${field} END`;
  return FIELDS.map((field) => {
    const value = when(field);
    if (field === 'peak') return `max(${value}) AS ${prefix}_peak`;
    const sum = field === 'split_cost' || field === 'unused_cost' ? d.sumMoney(value) : `sum(${value})`;
    return `${sum} AS ${prefix}_${field}`;
  });
}

/**
 * Sums per group in two steps: per group and usage type over the pod rows, then per group with the vCPU usage
 * types apart from the memory ones. The resource test then runs on a few rows per group, not on every pod row
 * (2.24 → 1.44 × the hand-written namespace sums at 1M split rows, README). The rollup keeps the usage type
 * so the same two steps read it.
 */
export function compileKubernetesCosts(dialect: SqlDialect, query: KubernetesCostQuery): CompiledSql {
  const ctx = context(
    dialect,
    query.useRollup === false ? LINE_ITEMS_SOURCE : rollupSource(CONTAINER_ROLLUP),
  );
  const keys = query.groupBy.map((k, i) => `${keySql(ctx, k, query)} AS k${i}`);
  const usageType = `${columnText(ctx, 'line_item_usage_type')} AS usage_type`;
  const innerGroup = [...query.groupBy.map((_, i) => `k${i}`), 'usage_type'].join(', ');
  const inner = `SELECT ${[...keys, usageType, ...innerSums(ctx, query.basis)].join(', ')} FROM ${dialect.identifier(ctx.source.table)} WHERE ${podWhere(ctx, query)} GROUP BY ${innerGroup}`;
  const outerKeys = query.groupBy.map((_, i) => `k${i}`);
  const select = [...outerKeys, ...outerSums(ctx, 'cpu'), ...outerSums(ctx, 'mem')];
  const group = outerKeys.length === 0 ? '' : ` GROUP BY ${outerKeys.join(', ')}`;
  return {
    sql: `SELECT ${select.join(', ')} FROM (${inner}) AS by_type${group}`,
    values: ctx.values.bound,
  };
}

/**
 * The node-hour rollup answers the hourly reads when asked (not `useRollup: false`) and the filters are ones it
 * keeps (cluster, node); a namespace or workload filter reads the line items.
 */
function nodeHourSource(scope: KubernetesScope): CostSource {
  const kept = Object.entries(scope.filters).every(
    ([key, value]) => value === undefined || key === 'cluster_name' || key === 'node',
  );
  return scope.useRollup !== false && kept && scope.accountId === undefined
    ? rollupSource(CONTAINER_NODE_ROLLUP)
    : LINE_ITEMS_SOURCE;
}

/** Pod rows of the scope; on the node-hour rollup, its groups holding any. */
function nodeHourPodWhere(ctx: SqlContext, scope: KubernetesScope): string {
  const where = podWhere(ctx, scope);
  return ctx.source.rollup === null ? where : `${where} AND ${ctx.dialect.identifier('pod_rows')} > 0`;
}

/** A line-item expression, or the rollup's column of it (the expression is rendered only when read). */
const rolled = (ctx: SqlContext, line: () => string, rollup: string) =>
  ctx.source.rollup === null ? line() : ctx.dialect.identifier(rollup);

export function compileKubernetesCapacity(dialect: SqlDialect, scope: KubernetesScope): CompiledSql {
  const ctx = context(dialect, nodeHourSource(scope));
  const d = dialect;
  const node = rolled(ctx, () => d.identifier('split_line_item_parent_resource_id'), 'node_id');
  const hour = rolled(ctx, () => hourSql(d), 'usage_hour');
  const cap = (resource: 'cpu' | 'memory') =>
    rolled(ctx, () => capacitySql(d, ctx.values, resource), `${resource}_capacity`);
  // One capacity per node, hour and resource (every pod row of it repeats it), then summed per cluster.
  const inner = `SELECT ${keySql(ctx, 'cluster_name', scope)} AS cluster, ${node} AS node, ${hour} AS hour, max(${cap('cpu')}) AS cpu_cap, max(${cap('memory')}) AS mem_cap FROM ${d.identifier(ctx.source.table)} WHERE ${nodeHourPodWhere(ctx, scope)} GROUP BY cluster, node, hour`;
  return {
    sql: `SELECT cluster, sum(cpu_cap) AS cpu, sum(mem_cap) AS mem FROM (${inner}) AS caps GROUP BY cluster`,
    values: ctx.values.bound,
  };
}

export function compilePodNodeHours(dialect: SqlDialect, scope: KubernetesScope): CompiledSql {
  const ctx = context(dialect, nodeHourSource(scope));
  return { sql: podNodeHoursSql(ctx, scope), values: ctx.values.bound };
}

function podNodeHoursSql(ctx: SqlContext, scope: KubernetesScope): string {
  const d = ctx.dialect;
  const cols = SPLIT_COLUMNS[scope.basis];
  const line = `COALESCE(${d.identifier(cols.split)}, 0) + COALESCE(${d.identifier(cols.unused)}, 0)`;
  const cost = rolled(ctx, () => line, scope.basis === 'amortized' ? 'pod_cost' : 'net_pod_cost');
  const node = rolled(ctx, () => d.identifier('split_line_item_parent_resource_id'), 'node_id');
  const hour = rolled(ctx, () => hourSql(d), 'usage_hour');
  return `SELECT ${hour} AS hour, ${node} AS node, ${d.sumMoney(cost)} AS cost FROM ${d.identifier(ctx.source.table)} WHERE ${nodeHourPodWhere(ctx, scope)} GROUP BY hour, node`;
}

/**
 * The nodes' own (non-split) rows; on the node-hour rollup, its groups holding any. `nodes`: the node ids, or
 * a subquery naming them; null for every node the rollup holds (it holds only nodes some pod row names).
 */
function nodeWhere(ctx: SqlContext, scope: KubernetesScope, nodes: string[] | string | null): string {
  const rollup = ctx.source.rollup !== null;
  const resource = ctx.dialect.identifier(rollup ? 'node_id' : 'line_item_resource_id');
  const list = typeof nodes === 'string' ? nodes : nodes?.map((n) => ctx.values.add(n)).join(', ');
  return [
    ...scopeWhere(ctx, scope, 'not_split'),
    ...(list === undefined ? [] : [`${resource} IN (${list})`]),
    ...(rollup ? [`${ctx.dialect.identifier('node_rows')} > 0`] : []),
  ].join(' AND ');
}

export function compileNodeHours(dialect: SqlDialect, scope: KubernetesScope, nodes: string[]): CompiledSql {
  const ctx = context(dialect, nodeBillSource(scope));
  return { sql: nodeHoursSql(ctx, scope, nodes), values: ctx.values.bound };
}

/** The node side reads the node-hour rollup unless told not to (its node filter is the pods' nodes). */
const nodeBillSource = (scope: KubernetesScope): CostSource =>
  scope.useRollup === false ? LINE_ITEMS_SOURCE : rollupSource(CONTAINER_NODE_ROLLUP);

function nodeHoursSql(ctx: SqlContext, scope: KubernetesScope, nodes: string[] | string | null): string {
  const d = ctx.dialect;
  const column = rolled(
    ctx,
    () => d.identifier(NODE_COST[scope.basis]),
    scope.basis === 'amortized' ? 'node_cost' : 'net_node_cost',
  );
  const node = rolled(ctx, () => d.identifier('line_item_resource_id'), 'node_id');
  const hour = rolled(ctx, () => hourSql(d), 'usage_hour');
  return `SELECT ${hour} AS hour, ${node} AS node, ${d.sumMoney(column)} AS cost FROM ${d.identifier(ctx.source.table)} WHERE ${nodeWhere(ctx, scope, nodes)} GROUP BY hour, node`;
}

/**
 * Per hour and node with pod rows: the pods' split plus unused cost beside the node's own cost. No join
 * (ClickHouse 18.16): both sides' sums in one UNION ALL, summed again per hour and node, kept where pods ran.
 * On the line items the node side reads only the nodes some pod row of the scope names. One value collector
 * for both sides (DuckDB numbers its parameters across the statement).
 */
function nodeHourPairsSql(ctx: SqlContext, scope: KubernetesScope): string {
  const pods = podNodeHoursSql({ ...ctx, source: nodeHourSource(scope) }, scope);
  const nodeCtx = { ...ctx, source: nodeBillSource(scope) };
  const named = nodeCtx.source.rollup === null ? `SELECT node FROM (${pods}) AS pod_nodes` : null;
  const nodes = nodeHoursSql(nodeCtx, scope, named);
  const d = ctx.dialect;
  const side = (pod: 0 | 1, sql: string) =>
    `SELECT hour, node, ${pod} AS is_pod, cost FROM (${sql}) AS side${pod}`;
  const sum = (pod: 0 | 1) => d.sumMoney(`CASE WHEN is_pod = ${pod} THEN cost ELSE 0 END`);
  return `SELECT hour, node, ${sum(1)} AS pod_cost, ${sum(0)} AS node_cost FROM (${side(1, pods)} UNION ALL ${side(0, nodes)}) AS sides GROUP BY hour, node HAVING sum(is_pod) > 0`;
}

/** Whole cents as cost-model's reconciliation rounds them (Math.round: half up). */
const centsSql = (sql: string) => `floor(${sql} * 100 + 0.5)`;
/** A node-hour with pods but no cost of its node in the bill: counted apart, never a mismatch. */
const MISSING = 'node_cost = 0 AND pod_cost <> 0';
const MISMATCH = `NOT (${MISSING}) AND ${centsSql('pod_cost')} <> ${centsSql('node_cost')} AND abs(pod_cost - node_cost) >= 0.005`;

/** The reconciliation's totals: node-hours, mismatched and missing ones, both sides' cost. */
export function compileReconciliationTotals(dialect: SqlDialect, scope: KubernetesScope): CompiledSql {
  const ctx = context(dialect);
  const count = (when: string) => `sum(CASE WHEN ${when} THEN 1 ELSE 0 END)`;
  // Aliases unlike the pairs' columns: ClickHouse reads an alias in place of a same-named column.
  const d = dialect;
  return {
    sql: `SELECT count(*) AS node_hours, ${count(MISMATCH)} AS mismatched, ${count(MISSING)} AS missing, ${d.sumMoney('node_cost')} AS node_total, ${d.sumMoney('pod_cost')} AS pod_total FROM (${nodeHourPairsSql(ctx, scope)}) AS pairs`,
    values: ctx.values.bound,
  };
}

/** The first `limit` mismatched node-hours, largest gap first. */
function compileReconciliationMismatches(
  dialect: SqlDialect,
  scope: KubernetesScope,
  limit: number,
): CompiledSql {
  const ctx = context(dialect);
  return {
    sql: `SELECT hour, node, pod_cost, node_cost FROM (${nodeHourPairsSql(ctx, scope)}) AS pairs WHERE ${MISMATCH} ORDER BY abs(pod_cost - node_cost) DESC, hour, node LIMIT ${Math.max(0, Math.floor(limit))}`,
    values: ctx.values.bound,
  };
}

export function compileNodeBills(dialect: SqlDialect, scope: KubernetesScope, nodes: string[]): CompiledSql {
  const ctx = context(dialect);
  const d = dialect;
  const cost = d.sumMoney(d.identifier(NODE_COST[scope.basis]));
  const option = dimensionSql(ctx, 'finlens_purchase_option');
  const type = dimensionSql(ctx, 'product_instance_type');
  const group = `COALESCE(${NODE_GROUP_TAGS.map((key) => `NULLIF(${d.mapValue(d.identifier('resource_tags'), ctx.values.add(key))}, '')`).join(', ')})`;
  return {
    sql: `SELECT ${d.identifier('line_item_resource_id')} AS node, ${option} AS option, min(${type}) AS type, min(${group}) AS node_group, ${cost} AS cost FROM ${d.identifier(LINE_ITEMS_SOURCE.table)} WHERE ${nodeWhere(ctx, scope, nodes)} GROUP BY node, option`,
    values: ctx.values.bound,
  };
}

/**
 * The instance tags naming a node's group, as CUR 2.0 spells them once activated as cost allocation tags: the
 * managed node group's eks:nodegroup-name, eksctl's alpha.eksctl.io/nodegroup-name, Karpenter's node pool.
 */
const NODE_GROUP_TAGS = [
  'user_eks_nodegroup_name',
  'user_alpha_eksctl_io_nodegroup_name',
  'user_karpenter_sh_nodepool',
] as const;

/** Never null: a line without a usage type (some FOCUS rows have no SkuMeter) is not Fargate. */
const isFargate = (ctx: SqlContext) =>
  ctx.dialect.containsIgnoreCase(
    `COALESCE(${columnText(ctx, 'line_item_usage_type')}, '')`,
    ctx.values.add('fargate'),
  );

/** Clusters named by the bill's non-split rows: an EKS ARN (…:cluster/<name>) or the nodes' cluster tag. */
export function compileBillClusters(dialect: SqlDialect, scope: KubernetesScope): CompiledSql {
  const ctx = context(dialect);
  const d = dialect;
  const arn = columnText(ctx, 'line_item_resource_id');
  const fromArn = `CASE WHEN ${d.containsIgnoreCase(arn, ctx.values.add(':cluster/'))} AND ${d.containsIgnoreCase(arn, ctx.values.add('arn:aws:eks:'))} THEN NULLIF(${d.splitPart(arn, ctx.values.add('/'), 2)}, '') END`;
  const tag = `NULLIF(${d.mapValue(d.identifier('resource_tags'), ctx.values.add('aws_eks_cluster_name'))}, '')`;
  const cluster = `COALESCE(${tag}, ${fromArn})`;
  const cost = d.sumMoney(d.identifier(NODE_COST[scope.basis]));
  // 1 when every line naming the cluster came from a FOCUS export, which has no split columns (billing-formats §4.8).
  const focus = `CASE WHEN ${columnText(ctx, 'source_format')} = ${ctx.values.add('focus')} THEN 1 ELSE 0 END`;
  // Fargate pods need no split rows (they are billed on their own): their clusters are not missing any.
  const where = [
    ...scopeWhere(ctx, scope, 'not_split'),
    `${cluster} IS NOT NULL`,
    `NOT ${isFargate(ctx)}`,
  ].join(' AND ');
  return {
    sql: `SELECT ${cluster} AS cluster, min(${columnText(ctx, 'line_item_usage_account_id')}) AS account, min(${columnText(ctx, 'product_region_code')}) AS region, ${cost} AS cost, min(${focus}) AS focus_only FROM ${d.identifier(LINE_ITEMS_SOURCE.table)} WHERE ${where} GROUP BY cluster`,
    values: ctx.values.bound,
  };
}

/**
 * EKS pods on Fargate: the Fargate vCPU and GB line items of a pod (arn:aws:eks:…:pod/<cluster>/<namespace>/…, or
 * the aws:eks:cluster-name tag), at the basis's node rate (a Compute Savings Plan covers Fargate too).
 */
export function compileFargateCosts(
  dialect: SqlDialect,
  scope: KubernetesScope,
  labelTags: readonly string[] = [],
): CompiledSql {
  const ctx = context(dialect);
  const d = dialect;
  const cluster = dimensionSql(ctx, 'cluster_name');
  const namespace = dimensionSql(ctx, 'pod_namespace');
  const usageType = columnText(ctx, 'line_item_usage_type');
  const cpu = d.containsIgnoreCase(usageType, ctx.values.add('vcpu'));
  const memory = d.containsIgnoreCase(usageType, ctx.values.add('-gb-hours'));
  const eksPod = d.containsIgnoreCase(columnText(ctx, 'line_item_resource_id'), ctx.values.add(':pod/'));
  const tagged = `NULLIF(${d.mapValue(d.identifier('resource_tags'), ctx.values.add('aws_eks_cluster_name'))}, '') IS NOT NULL`;
  const where = [...scopeWhere(ctx, scope, 'not_split'), isFargate(ctx), `(${eksPod} OR ${tagged})`];
  if (scope.filters.cluster_name !== undefined)
    where.push(`${cluster} = ${ctx.values.add(scope.filters.cluster_name)}`);
  if (scope.filters.pod_namespace !== undefined)
    where.push(`${namespace} = ${ctx.values.add(scope.filters.pod_namespace)}`);
  const cost = d.identifier(NODE_COST[scope.basis]);
  const amount = `COALESCE(${d.identifier('line_item_usage_amount')}, 0)`;
  const select = [
    `${cluster} AS cluster`,
    `${namespace} AS namespace`,
    `${d.sumMoney(`CASE WHEN ${cpu} THEN ${cost} ELSE 0 END`)} AS cpu_cost`,
    `${d.sumMoney(`CASE WHEN ${memory} THEN ${cost} ELSE 0 END`)} AS memory_cost`,
    `sum(CASE WHEN ${cpu} THEN ${amount} ELSE 0 END) AS vcpu_hours`,
    `sum(CASE WHEN ${memory} THEN ${amount} ELSE 0 END) AS gb_hours`,
    `count(DISTINCT ${d.identifier('line_item_resource_id')}) AS pods`,
    ...labelTags.map(
      (key, i) =>
        `NULLIF(${d.mapValue(d.identifier('resource_tags'), ctx.values.add(key))}, '') AS label_${i}`,
    ),
  ];
  const groupBy = ['cluster', 'namespace', ...labelTags.map((_, i) => `label_${i}`)];
  return {
    sql: `SELECT ${select.join(', ')} FROM ${d.identifier(LINE_ITEMS_SOURCE.table)} WHERE ${where.join(' AND ')} AND ${cluster} IS NOT NULL GROUP BY ${groupBy.join(', ')}`,
    values: ctx.values.bound,
  };
}

const textOrNull = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

function sums(row: Record<string, unknown>, prefix: 'cpu' | 'mem'): SplitSums {
  const n = (field: (typeof FIELDS)[number]) => Number(row[`${prefix}_${field}`] ?? 0);
  return {
    podHours: n('hours'),
    reserved: n('reserved'),
    actual: n('actual'),
    splitUsage: n('split_usage'),
    peak: n('peak'),
    splitCost: n('split_cost'),
    unusedCost: n('unused_cost'),
  };
}

/** The Kubernetes cost queries on an engine: compile with its dialect, run with its reader. */
export function kubernetesCostQueries(dialect: SqlDialect, read: ReadRows): KubernetesCostPort {
  const empty = (scope: CostScope) => scope.projectIds.length === 0;
  const hours = (rows: Record<string, unknown>[]) =>
    rows.map((r) => ({ hour: String(r.hour), node: String(r.node), cost: Number(r.cost ?? 0) }));
  return {
    kubernetesCosts: async (query) => {
      if (empty(query) || query.from > query.to) return [];
      const rows = await read(compileKubernetesCosts(dialect, query));
      return rows
        .filter((r) => Number(r.cpu_hours ?? 0) + Number(r.mem_hours ?? 0) > 0)
        .map((r) => ({
          keys: query.groupBy.map((_, i) => textOrNull(r[`k${i}`])),
          cpu: sums(r, 'cpu'),
          memory: sums(r, 'mem'),
        }));
    },
    kubernetesCapacity: async (scope) => {
      if (empty(scope) || scope.from > scope.to) return [];
      const rows = await read(compileKubernetesCapacity(dialect, scope));
      return rows.map((r) => ({
        cluster: textOrNull(r.cluster),
        cpu: Number(r.cpu ?? 0),
        memory: Number(r.mem ?? 0),
      }));
    },
    podNodeHours: async (scope) => {
      if (empty(scope) || scope.from > scope.to) return [];
      return hours(await read(compilePodNodeHours(dialect, scope)));
    },
    nodeHours: async (scope, nodes) => {
      if (empty(scope) || nodes.length === 0 || scope.from > scope.to) return [];
      return hours(await read(compileNodeHours(dialect, scope, nodes)));
    },
    reconcileNodeHours: async (scope, limit = 100) => {
      const none = {
        nodeHours: 0,
        mismatchCount: 0,
        mismatches: [],
        missingNodes: 0,
        nodeCost: 0,
        podCost: 0,
      };
      if (empty(scope) || scope.from > scope.to) return none;
      const [totals] = await read(compileReconciliationTotals(dialect, scope));
      const mismatchCount = Number(totals?.mismatched ?? 0);
      const rows =
        mismatchCount === 0 ? [] : await read(compileReconciliationMismatches(dialect, scope, limit));
      return {
        nodeHours: Number(totals?.node_hours ?? 0),
        mismatchCount,
        missingNodes: Number(totals?.missing ?? 0),
        nodeCost: Number(totals?.node_total ?? 0),
        podCost: Number(totals?.pod_total ?? 0),
        mismatches: rows.map((r) => {
          const podCost = Number(r.pod_cost ?? 0);
          const nodeCost = Number(r.node_cost ?? 0);
          return { hour: String(r.hour), node: String(r.node), podCost, nodeCost, gap: podCost - nodeCost };
        }),
      };
    },
    nodeBills: async (scope, nodes) => {
      if (empty(scope) || nodes.length === 0 || scope.from > scope.to) return [];
      const rows = await read(compileNodeBills(dialect, scope, nodes));
      return rows.map((r) => ({
        node: String(r.node),
        purchaseOption: textOrNull(r.option),
        instanceType: textOrNull(r.type),
        nodeGroup: textOrNull(r.node_group),
        cost: Number(r.cost ?? 0),
      }));
    },
    billClusters: async (scope) => {
      if (empty(scope) || scope.from > scope.to) return [];
      const rows = await read(compileBillClusters(dialect, scope));
      return rows.map((r) => ({
        cluster: String(r.cluster),
        accountId: textOrNull(r.account),
        region: textOrNull(r.region),
        cost: Number(r.cost ?? 0),
        focusOnly: Number(r.focus_only) === 1,
      }));
    },
    fargateCosts: async (scope, labelTags = []) => {
      if (empty(scope) || scope.from > scope.to) return [];
      const rows = await read(compileFargateCosts(dialect, scope, labelTags));
      return rows.map((r) => ({
        cluster: String(r.cluster),
        namespace: textOrNull(r.namespace),
        labels: Object.fromEntries(labelTags.map((key, i) => [key, textOrNull(r[`label_${i}`])])),
        cpuCost: Number(r.cpu_cost ?? 0),
        memoryCost: Number(r.memory_cost ?? 0),
        vcpuHours: Number(r.vcpu_hours ?? 0),
        gbHours: Number(r.gb_hours ?? 0),
        pods: Number(r.pods ?? 0),
      }));
    },
  };
}
