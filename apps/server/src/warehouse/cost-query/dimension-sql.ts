import type { CostDimension, CostFilter, TagPair } from '@finlens/contracts/cost-query';
import { COST_DIMENSION_CATALOGUE, type KubernetesAttribute } from '@finlens/cost-model/cost-dimensions';
import { CANONICAL_COLUMNS, COST_TYPE_COLUMNS, type CostType } from '../canonical-schema';
import type { CostSource } from './plan-source';
import { productKeyColumn } from './rollups';
import { notSplitRowSql } from './split-rows';
import type { SqlDialect, SqlValues } from './sql-dialect';

/** Everything one statement's fragments need: the dialect, the statement's values and where it reads. */
export interface SqlContext {
  dialect: SqlDialect;
  values: SqlValues;
  source: CostSource;
  projectNames?: Record<string, string>;
}

/** Rows a query counts: every non-split row, or only EKS pod rows (Kubernetes dimensions). */
export type RowSet = 'not_split' | 'eks_pods';

const EKS_POD_OPERATION = 'EKSPod-EC2';

const id = (ctx: SqlContext, name: string) => ctx.dialect.identifier(name);
const blankIsNull = (sql: string) => `NULLIF(${sql}, '')`;

/** The predicate selecting a row set on the raw line items (rollups hold non-split rows only). */
export function rowSetSql(ctx: SqlContext, rows: RowSet): string | null {
  const operation = id(ctx, 'line_item_operation');
  if (rows === 'eks_pods') return `${operation} = ${ctx.values.add(EKS_POD_OPERATION)}`;
  return ctx.source.kind === 'rollup' ? null : notSplitRowSql(ctx.dialect, ctx.values);
}

/**
 * The cost of one row. Kubernetes queries count EKS pod rows at the pod's allocated cost (split cost plus
 * its share of the node's idle cost, billing-formats §1.3.12) whatever the cost type: CUR gives no other
 * per-pod figure the canonical table keeps.
 */
export function costSql(ctx: SqlContext, costType: CostType, rows: RowSet): string {
  if (rows === 'eks_pods') {
    return `COALESCE(${id(ctx, 'split_line_item_split_cost')}, 0) + COALESCE(${id(ctx, 'split_line_item_unused_cost')}, 0)`;
  }
  return id(ctx, COST_TYPE_COLUMNS[costType]);
}

/** A dimension's value on a row as text, NULL when the row has none. `key` is required for keyed ones. */
export function dimensionSql(ctx: SqlContext, dimension: CostDimension, key?: string): string {
  const source = COST_DIMENSION_CATALOGUE[dimension].source;
  switch (source.kind) {
    case 'column':
      return columnText(ctx, source.column);
    case 'product':
      return ctx.source.rollup === null
        ? blankIsNull(ctx.dialect.mapValue(id(ctx, 'product'), ctx.values.add(source.key)))
        : blankIsNull(id(ctx, productKeyColumn(source.key)));
    case 'tags':
      return mapText(ctx, 'resource_tags', requiredKey(dimension, key));
    case 'cost_categories':
      return mapText(ctx, 'cost_category', requiredKey(dimension, key));
    case 'project':
      return projectNameSql(ctx);
    case 'kubernetes':
      return kubernetesSql(ctx, source.attribute, key);
  }
}

function requiredKey(dimension: CostDimension, key: string | undefined): string {
  if (key === undefined || key === '') throw new Error(`${dimension} needs a key`);
  return key;
}

/** A canonical column's value as text, NULL when empty. */
export function columnText(ctx: SqlContext, column: string): string {
  const type = CANONICAL_COLUMNS.find((c) => c.name === column)?.type;
  if (type === undefined) throw new Error(`unknown column ${column}`);
  // An empty text is no value, as for map values: imports of CSV exports may leave '' instead of null.
  return type === 'text' ? blankIsNull(id(ctx, column)) : ctx.dialect.text(id(ctx, column));
}

function mapText(ctx: SqlContext, map: 'resource_tags' | 'cost_category', key: string): string {
  return blankIsNull(ctx.dialect.mapValue(id(ctx, map), ctx.values.add(key)));
}

/** Project names live in the app database: the caller passes id → name, rendered as a CASE over the ids. */
function projectNameSql(ctx: SqlContext): string {
  const project = id(ctx, 'project_id');
  const names = Object.entries(ctx.projectNames ?? {});
  if (names.length === 0) return project;
  const whens = names.map(([pid, name]) => `WHEN ${ctx.values.add(pid)} THEN ${ctx.values.add(name)}`);
  return `CASE ${project} ${whens.join(' ')} ELSE ${project} END`;
}

/** EKS attributes AWS imports as cost allocation tags on pod rows (CUR 2.0 spells `aws:eks:x` as aws_eks_x). */
const EKS_TAGS: Partial<Record<KubernetesAttribute, string>> = {
  deployment: 'aws_eks_deployment',
  controllerKind: 'aws_eks_workload_type',
  controller: 'aws_eks_workload_name',
  services: 'aws_eks_service',
  container: 'aws_eks_container',
};

/**
 * Kubernetes attributes of an EKS pod row: from its aws:eks:* tags, else from the pod ARN
 * arn:aws:eks:<region>:<account>:pod/<cluster>/<namespace>/<pod>/<uid>, else the parent instance.
 */
function kubernetesSql(ctx: SqlContext, attribute: KubernetesAttribute, key?: string): string {
  const d = ctx.dialect;
  const arn = id(ctx, 'line_item_resource_id');
  const arnPart = (delimiter: string, index: number) =>
    blankIsNull(d.splitPart(arn, ctx.values.add(delimiter), index));
  const tag = (name: string) => mapText(ctx, 'resource_tags', name);
  const parent = blankIsNull(id(ctx, 'split_line_item_parent_resource_id'));
  const cluster = () => `COALESCE(${tag('aws_eks_cluster_name')}, ${arnPart('/', 2)})`;
  switch (attribute) {
    case 'cluster_name':
      return cluster();
    case 'cluster_arn': {
      const name = cluster();
      const parts = [
        ctx.values.add('arn:aws:eks:'),
        arnPart(':', 4),
        ctx.values.add(':'),
        arnPart(':', 5),
        ctx.values.add(':cluster/'),
        name,
      ];
      return `CASE WHEN ${name} IS NOT NULL THEN ${d.concat(parts)} END`;
    }
    case 'pod_namespace':
      return `COALESCE(${tag('aws_eks_namespace')}, ${arnPart('/', 3)})`;
    case 'pod':
      return arnPart('/', 4);
    case 'node':
      return `COALESCE(${tag('aws_eks_node')}, ${parent})`;
    case 'providerID': {
      const zone = blankIsNull(id(ctx, 'line_item_availability_zone'));
      const parts = [ctx.values.add('aws:///'), zone, ctx.values.add('/'), parent];
      return `CASE WHEN ${zone} IS NOT NULL AND ${parent} IS NOT NULL THEN ${d.concat(parts)} END`;
    }
    case 'labels':
      return tag(requiredKey('label_keys', key));
    default:
      return tag(EKS_TAGS[attribute] as string);
  }
}

/**
 * A filter as a WHERE predicate (NULL counts as false). Under NOT it must never be NULL, so a row without a
 * value is kept by exclude / not_like and pairs test presence first. No boolean literals: ClickHouse 18.16
 * has none.
 */
export function filterSql(ctx: SqlContext, filter: CostFilter): string {
  if ('pairs' in filter) {
    const pairs = filter.pairs.map((pair) => pairSql(ctx, filter.dimension, pair));
    const matched = `(${pairs.join(filter.match === 'all' ? ' AND ' : ' OR ')})`;
    return filter.mode === 'exclude' ? `NOT ${matched}` : matched;
  }
  const value = dimensionSql(ctx, filter.dimension);
  switch (filter.mode) {
    case 'include':
      return `${value} IN (${filter.values.map((v) => ctx.values.add(v)).join(', ')})`;
    case 'exclude':
      return `(${value} IS NULL OR ${value} NOT IN (${filter.values.map((v) => ctx.values.add(v)).join(', ')}))`;
    case 'like':
      return `(${containsAny(ctx, value, filter.values)})`;
    case 'not_like':
      return `(${value} IS NULL OR NOT (${containsAny(ctx, value, filter.values)}))`;
  }
}

function containsAny(ctx: SqlContext, value: string, needles: string[]): string {
  return needles.map((n) => ctx.dialect.containsIgnoreCase(value, ctx.values.add(n))).join(' OR ');
}

/** '' or 'null' as the value means the key is absent or empty (untagged). */
function pairSql(ctx: SqlContext, dimension: CostDimension, pair: TagPair): string {
  const value = dimensionSql(ctx, dimension, pair.key);
  if (pair.value === '' || pair.value === 'null') return `${value} IS NULL`;
  // Not `value IS NOT NULL AND value = v`: ClickHouse 18.16 makes `0 AND NULL` NULL, so NOT of it dropped
  // every row without the key from an exclude.
  return `COALESCE(${value}, '') = ${ctx.values.add(pair.value)}`;
}
