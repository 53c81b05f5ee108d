import type { CostDimension, CostFilter } from '@finlens/contracts/cost-query';
import {
  COST_TYPE_COLUMNS,
  COST_TYPES,
  type CostType,
  LINE_ITEMS_TABLE,
} from '../../warehouse/canonical-schema';
import type { CompiledSql } from '../../warehouse/cost-query/compile-cost-query';
import { dimensionSql, filterSql, type SqlContext } from '../../warehouse/cost-query/dimension-sql';
import { nextDay } from '../../warehouse/cost-query/periods';
import { LINE_ITEMS_SOURCE } from '../../warehouse/cost-query/plan-source';
import { notSplitRowSql } from '../../warehouse/cost-query/split-rows';
import type { SqlDialect } from '../../warehouse/cost-query/sql-dialect';

/**
 * The warehouse half of a showback: statements built from the CostQuery compiler's fragments (dimension and
 * filter SQL, the split-row rule) over the raw line items, since a rule may filter on any dimension. They
 * should become a port method (`allocationCells`) in warehouse/cost-query once that folder is free to edit.
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
  /** tag and label read resource_tags, cost_allocation_tag reads cost_category; the first key with a value wins. */
  tagType: 'tag' | 'label' | 'cost_allocation_tag';
  tagKeys: string[];
  /** In order; a rule without filters never matches. */
  rules: { id: string; filters: CostFilter[] }[];
  /** An extra group column (resources behind a value or rule). */
  groupBy?: CostDimension;
}

/** Aliases of the seven cost-type sums, in COST_TYPES order. */
export const COST_ALIASES = COST_TYPES.map((t) => `c_${t}`);

function context(dialect: SqlDialect, scope: AllocationScope): SqlContext {
  return { dialect, values: dialect.values(), source: LINE_ITEMS_SOURCE, projectNames: scope.projectNames };
}

function scopeWhere(ctx: SqlContext, scope: AllocationScope): string {
  const { dialect: d, values } = ctx;
  const time = d.identifier(LINE_ITEMS_SOURCE.timeColumn);
  return [
    `${d.identifier('client_id')} = ${values.add(scope.clientId)}`,
    `${d.identifier('project_id')} IN (${scope.projectIds.map((p) => values.add(p)).join(', ')})`,
    `${time} >= ${d.date(values.add(scope.from))}`,
    `${time} < ${d.date(values.add(nextDay(scope.to)))}`,
    notSplitRowSql(d, values),
  ].join(' AND ');
}

const costSums = (d: SqlDialect) =>
  COST_TYPES.map((t, i) => `${d.sumMoney(d.identifier(COST_TYPE_COLUMNS[t]))} AS ${COST_ALIASES[i]}`);

const rulePredicate = (ctx: SqlContext, filters: CostFilter[]) =>
  filters.map((f) => filterSql(ctx, f)).join(' AND ');

/** The raw showback value of a row: the first tag key with a value. */
function rawValueSql(ctx: SqlContext, spec: AllocationSpec): string {
  const dimension = spec.tagType === 'cost_allocation_tag' ? 'cost_allocation_tag_keys' : 'tag_keys';
  // Kubernetes labels are pod tags in CUR; on the non-split rows a showback counts they sit in resource_tags.
  const keys = spec.tagKeys.map((key) => dimensionSql(ctx, dimension, key));
  if (keys.length === 0) return 'NULL';
  return keys.length === 1 ? (keys[0] as string) : `COALESCE(${keys.join(', ')})`;
}

/** Rows (day, rule, raw[, grp], c_<cost type>…): the cost per day, first-matching rule and raw tag value. */
export function compileAllocationCells(dialect: SqlDialect, spec: AllocationSpec): CompiledSql {
  const ctx = context(dialect, spec);
  const d = dialect;
  const day = d.dateText(d.day(d.identifier(LINE_ITEMS_SOURCE.timeColumn)));
  const whens = spec.rules
    .filter((r) => r.filters.length > 0)
    .map((r) => `WHEN ${rulePredicate(ctx, r.filters)} THEN ${ctx.values.add(r.id)}`);
  const rule = whens.length === 0 ? 'NULL' : `CASE ${whens.join(' ')} END`;
  const keys = [`${day} AS day`, `${rule} AS rule`, `${rawValueSql(ctx, spec)} AS raw`];
  if (spec.groupBy !== undefined) keys.push(`${dimensionSql(ctx, spec.groupBy)} AS grp`);
  const groupBy = ['day', 'rule', 'raw', ...(spec.groupBy === undefined ? [] : ['grp'])];
  const sql = `SELECT ${[...keys, ...costSums(d)].join(', ')} FROM ${d.identifier(LINE_ITEMS_TABLE)} WHERE ${scopeWhere(ctx, spec)} GROUP BY ${groupBy.join(', ')}`;
  return { sql, values: ctx.values.bound };
}

/** Rows (day, c_<cost type>…): the scope's total per day, read independently of the allocation (reconciliation). */
export function compileScopeTotals(dialect: SqlDialect, scope: AllocationScope): CompiledSql {
  const ctx = context(dialect, scope);
  const d = dialect;
  const day = d.dateText(d.day(d.identifier(LINE_ITEMS_SOURCE.timeColumn)));
  const sql = `SELECT ${day} AS day, ${costSums(d).join(', ')} FROM ${d.identifier(LINE_ITEMS_TABLE)} WHERE ${scopeWhere(ctx, scope)} GROUP BY day`;
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
  const sql = `SELECT ${['count(*) AS n', ...columns].join(', ')} FROM ${d.identifier(LINE_ITEMS_TABLE)} WHERE ${scopeWhere(ctx, scope)}`;
  return { sql, values: ctx.values.bound };
}
