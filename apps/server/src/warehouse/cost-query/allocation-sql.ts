import type { CostDimension, CostFilter } from '@finlens/contracts/cost-query';
import { addDays } from '@finlens/cost-model/utc-calendar';
import { COST_TYPE_COLUMNS, COST_TYPES, type CostType, LINE_ITEMS_TABLE } from '../canonical-schema';
import type { CompiledSql } from './compile-cost-query';
import { dimensionSql, filterSql, type SqlContext } from './dimension-sql';
import { LINE_ITEMS_SOURCE } from './plan-source';
import { notSplitRowSql } from './split-rows';
import type { SqlDialect } from './sql-dialect';

/**
 * The statements behind a showback (allocation-port.ts), built from the CostQuery compiler's fragments
 * (dimension and filter SQL, the split-row rule) over the raw line items, since a rule may filter on any
 * dimension. Portable as the compiler's own: no CTEs, no window functions, no joins (ClickHouse 18.16).
 */
export interface AllocationScope {
  clientId: string;
  projectIds: string[];
  /** Inclusive UTC days. */
  from: string;
  to: string;
  projectNames?: Record<string, string>;
}

export interface AllocationSpec extends AllocationScope {
  /**
   * tag and label read resource_tags, cost_allocation_tag reads cost_category; the first key with a value
   * wins. Labels also read the EKS pod rows in place of their nodes (allocation-port.ts).
   */
  tagType: 'tag' | 'label' | 'cost_allocation_tag';
  tagKeys: string[];
  /** In order; a rule without filters never matches. */
  rules: { id: string; filters: CostFilter[] }[];
  /** An extra group column (resources behind a value or rule). */
  groupBy?: CostDimension;
}

/** Aliases of the seven cost-type sums, in COST_TYPES order. */
export const COST_ALIASES = COST_TYPES.map((t) => `c_${t}`);

const EKS_POD_OPERATION = 'EKSPod-EC2';

function context(dialect: SqlDialect, scope: AllocationScope): SqlContext {
  return { dialect, values: dialect.values(), source: LINE_ITEMS_SOURCE, projectNames: scope.projectNames };
}

/** The scope (client, projects, days) and which rows: the non-split ones, or the EKS pod rows. */
function scopeWhere(ctx: SqlContext, scope: AllocationScope, rows: 'not_split' | 'eks_pods'): string {
  const { dialect: d, values } = ctx;
  const time = d.identifier(LINE_ITEMS_SOURCE.timeColumn);
  const parent = d.identifier('split_line_item_parent_resource_id');
  return [
    `${d.identifier('client_id')} = ${values.add(scope.clientId)}`,
    `${d.identifier('project_id')} IN (${scope.projectIds.map((p) => values.add(p)).join(', ')})`,
    `${time} >= ${d.dayStart(values.add(scope.from))}`,
    `${time} < ${d.dayStart(values.add(addDays(scope.to, 1)))}`,
    rows === 'not_split'
      ? notSplitRowSql(d, values)
      : `${d.identifier('line_item_operation')} = ${values.add(EKS_POD_OPERATION)} AND ${parent} IS NOT NULL`,
  ].join(' AND ');
}

const costSums = (d: SqlDialect) =>
  COST_TYPES.map((t, i) => `${d.sumMoney(d.identifier(COST_TYPE_COLUMNS[t]))} AS ${COST_ALIASES[i]}`);

const rulePredicate = (ctx: SqlContext, filters: CostFilter[]) =>
  filters.map((f) => filterSql(ctx, f)).join(' AND ');

/** The raw showback value of a row: the first tag key with a value. */
function rawValueSql(ctx: SqlContext, spec: AllocationSpec): string {
  const dimension = spec.tagType === 'cost_allocation_tag' ? 'cost_allocation_tag_keys' : 'tag_keys';
  // Kubernetes labels are pod tags in CUR: on pod rows and on the non-split rows they sit in resource_tags.
  const keys = spec.tagKeys.map((key) => dimensionSql(ctx, dimension, key));
  if (keys.length === 0) return 'NULL';
  return keys.length === 1 ? (keys[0] as string) : `COALESCE(${keys.join(', ')})`;
}

/** day, rule (the first rule that matches), raw and, when asked, grp: the group keys of both cell statements. */
function cellKeys(ctx: SqlContext, spec: AllocationSpec): { select: string[]; names: string[] } {
  const d = ctx.dialect;
  const day = d.dateText(d.day(d.identifier(LINE_ITEMS_SOURCE.timeColumn)));
  const whens = spec.rules
    .filter((r) => r.filters.length > 0)
    .map((r) => `WHEN ${rulePredicate(ctx, r.filters)} THEN ${ctx.values.add(r.id)}`);
  const rule = whens.length === 0 ? 'NULL' : `CASE ${whens.join(' ')} END`;
  const select = [`${day} AS day`, `${rule} AS rule`, `${rawValueSql(ctx, spec)} AS raw`];
  if (spec.groupBy !== undefined) select.push(`${dimensionSql(ctx, spec.groupBy)} AS grp`);
  return { select, names: ['day', 'rule', 'raw', ...(spec.groupBy === undefined ? [] : ['grp'])] };
}

/**
 * Rows (day, rule, raw[, grp][, node], c_<cost type>…) of the non-split line items. With `nodes`, `node` is
 * the resource id of rows of those resources (EKS nodes whose cost the pods may take), NULL otherwise.
 */
export function compileAllocationCells(
  dialect: SqlDialect,
  spec: AllocationSpec,
  nodes: string[] = [],
): CompiledSql {
  const ctx = context(dialect, spec);
  const d = dialect;
  const { select, names } = cellKeys(ctx, spec);
  if (nodes.length > 0) {
    const resource = d.identifier('line_item_resource_id');
    const list = nodes.map((n) => ctx.values.add(n)).join(', ');
    select.push(`CASE WHEN ${resource} IN (${list}) THEN ${resource} END AS node`);
    names.push('node');
  }
  const sql = `SELECT ${[...select, ...costSums(d)].join(', ')} FROM ${d.identifier(LINE_ITEMS_TABLE)} WHERE ${scopeWhere(ctx, spec, 'not_split')} GROUP BY ${names.join(', ')}`;
  return { sql, values: ctx.values.bound };
}

/**
 * Rows (day, parent, rule, raw[, grp], weight) of the EKS pod rows: the node each pod ran on and the pod's
 * allocated cost (split plus unused cost, as the Kubernetes dimensions count it), the weight by which the
 * pods of a node share that node's cost of the day.
 */
export function compilePodCells(dialect: SqlDialect, spec: AllocationSpec): CompiledSql {
  const ctx = context(dialect, spec);
  const d = dialect;
  const { select, names } = cellKeys(ctx, spec);
  const weight = `COALESCE(${d.identifier('split_line_item_split_cost')}, 0) + COALESCE(${d.identifier('split_line_item_unused_cost')}, 0)`;
  const parent = `${d.identifier('split_line_item_parent_resource_id')} AS parent`;
  const sql = `SELECT ${[...select, parent, `${d.sumMoney(weight)} AS weight`].join(', ')} FROM ${d.identifier(LINE_ITEMS_TABLE)} WHERE ${scopeWhere(ctx, spec, 'eks_pods')} GROUP BY ${[...names, 'parent'].join(', ')}`;
  return { sql, values: ctx.values.bound };
}

/** Rows (day, c_<cost type>…): the scope's total per day, read independently of the allocation (reconciliation). */
export function compileScopeTotals(dialect: SqlDialect, scope: AllocationScope): CompiledSql {
  const ctx = context(dialect, scope);
  const d = dialect;
  const day = d.dateText(d.day(d.identifier(LINE_ITEMS_SOURCE.timeColumn)));
  const sql = `SELECT ${day} AS day, ${costSums(d).join(', ')} FROM ${d.identifier(LINE_ITEMS_TABLE)} WHERE ${scopeWhere(ctx, scope, 'not_split')} GROUP BY day`;
  return { sql, values: ctx.values.bound };
}

/** One row (m_<i>…): the cost each rule's filters match, whatever the rule order (editor preview). */
export function compileRuleMatches(
  dialect: SqlDialect,
  scope: AllocationScope,
  rules: { filters: CostFilter[] }[],
  costType: CostType,
): CompiledSql {
  const ctx = context(dialect, scope);
  const d = dialect;
  const cost = d.identifier(COST_TYPE_COLUMNS[costType]);
  const columns = rules.map((r, i) =>
    r.filters.length === 0
      ? `0 AS m_${i}`
      : `${d.sumMoney(`CASE WHEN ${rulePredicate(ctx, r.filters)} THEN ${cost} ELSE 0 END`)} AS m_${i}`,
  );
  const sql = `SELECT ${['count(*) AS n', ...columns].join(', ')} FROM ${d.identifier(LINE_ITEMS_TABLE)} WHERE ${scopeWhere(ctx, scope, 'not_split')}`;
  return { sql, values: ctx.values.bound };
}
