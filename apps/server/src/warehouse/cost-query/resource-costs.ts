import { DAYS_PER_MONTH } from '@finlens/cost-model/recommendations/rule-kit';
import { MONTHLY_PRICING_UNIT_PATTERN } from '@finlens/cost-model/savings-verification';
import { addDays } from '@finlens/cost-model/utc-calendar';
import type { CostType } from '../canonical-schema';
import { type CompiledSql, scopeWhere } from './compile-cost-query';
import type { CostScope } from './cost-query-port';
import { costSql, dimensionSql, type SqlContext } from './dimension-sql';
import { LINE_ITEMS_SOURCE, planSource } from './plan-source';
import { columnText } from './row-sql';
import type { ReadRows } from './run-cost-query';
import type { SqlDialect } from './sql-dialect';

/**
 * Cost per resource over two adjacent windows (the Resources Cost list: the current window and the one
 * before it, for the trend). `current` starts the current window; both are inclusive UTC days.
 */
export interface ResourceCostsQuery extends CostScope {
  from: string;
  current: string;
  to: string;
  costType: CostType;
  /** CUR tag keys (`user_team`) whose value to return per resource (the owner tag, tag filters). */
  tagKeys: string[];
  /**
   * Charges billed per month (pricing units GB-Mo, IOPS-Mo, …: isMonthlyPricingUnit) counted as a day of an
   * average month (DAYS_PER_MONTH days) rather than as the bill spreads them over their own month's days, as the
   * savings ledger's verification compares them: a window holding February days then estimates storage per
   * month as the same storage would cost in any month. Absent: the bill's own dollars (what lists show).
   */
  monthlyPerAverageMonth?: boolean;
}

/** One resource id as the bill spells it, with the attributes its line items carry. */
export interface ResourceCostRow {
  projectId: string;
  resourceId: string;
  accountId: string | null;
  /** The name the bill gives the usage account (as `usageAccounts` reads it), null where none. */
  accountName: string | null;
  region: string | null;
  serviceCode: string | null;
  service: string | null;
  instanceType: string | null;
  currentCost: number;
  previousCost: number;
  firstDay: string;
  lastDay: string;
  /** Per `tagKeys` entry, in order; null when no line item carries it. */
  tags: (string | null)[];
}

export interface ResourceCostPort {
  /** The newest usage day of the scope (the windows end there), null without data. */
  newestUsageDay(scope: CostScope): Promise<string | null>;
  /** Every resource id with a line item in the windows (split-cost-allocation rows left out); no order. */
  resourceCosts(query: ResourceCostsQuery): Promise<ResourceCostRow[]>;
  /**
   * Every usage account of the projects' bills, with the name the bill gives it (CUR 2.0
   * `line_item_usage_account_name`, FOCUS SubAccountName, Azure SubscriptionName; null when no line item
   * names it, as in legacy CUR), by project then account id.
   */
  usageAccounts(scope: CostScope): Promise<UsageAccountRow[]>;
  /**
   * Every resource id's cost in the window per usage type and line item type (what stopping it saves: running
   * hours stop, storage keeps billing, commitment-covered hours save nothing).
   */
  resourceUsageCosts(query: ResourceUsageCostsQuery): Promise<ResourceUsageCostRow[]>;
  /** The instance-hour lines of the listed resources in the window: the hours each ran. */
  resourceRunningHours(query: ResourceRunningHoursQuery): Promise<ResourceRunningLine[]>;
}

/** The resources whose running hours to read, by the bill's resource id or an RDS database's identifier. */
export interface ResourceRunningHoursQuery extends CostScope {
  /** Inclusive UTC days. */
  from: string;
  to: string;
  /** Resource ids as the bill spells them (`i-0abc…`). */
  resourceIds: readonly string[];
  /** RDS database identifiers: the bill names them by ARN (`arn:aws:rds:…:db:<identifier>`). */
  databaseIds?: readonly string[];
}

/** One instance-hour line (or the lines starting in one hour) of a resource: it ran from `start` to `end`. */
export interface ResourceRunningLine {
  resourceId: string;
  /** Start of the hour its usage starts in (UTC). */
  start: Date;
  /** Start of the hour its usage ends in: a daily line runs to the next midnight; null when the bill has no end. */
  end: Date | null;
}

/** The scheduler's estimate: one resource's cost over a window per usage type and line item type. */
export interface ResourceUsageCostRow {
  projectId: string;
  resourceId: string;
  /** The usage account and region of the resource's lines (null where none names one). */
  accountId: string | null;
  region: string | null;
  /** Per `tagKeys` entry, in order; null when no line item carries it. */
  tags: (string | null)[];
  usageType: string | null;
  lineItemType: string | null;
  cost: number;
  /**
   * The lines' usage amount summed (in their pricing unit: GB-months of storage, hours, requests …); the stores
   * always give it, readers that price per unit need it.
   */
  usageAmount?: number;
}

export interface ResourceUsageCostsQuery extends CostScope {
  /** Inclusive UTC days. */
  from: string;
  to: string;
  costType: CostType;
  /** CUR tag keys (`aws_autoscaling_group_name`) whose value to return per resource: the groups it ran in. */
  tagKeys?: readonly string[];
  /** Only the lines of this service code (`AWSLambda`); absent: every service. */
  serviceCode?: string;
  /** Only the lines whose usage type holds this text (`SnapshotUsage`; a LIKE pattern's `%` and `_` match any); absent: all. */
  usageTypeContains?: string;
}

export interface UsageAccountRow {
  projectId: string;
  accountId: string;
  accountName: string | null;
}

/** One scan of the line items grouped by project and usage account, with the account's newest-sorting name. */
export function compileUsageAccounts(dialect: SqlDialect, scope: CostScope): CompiledSql {
  const ctx: SqlContext = { dialect, values: dialect.values(), source: LINE_ITEMS_SOURCE };
  const account = columnText(ctx, 'line_item_usage_account_id');
  const where = [...scopeWhere(ctx, scope, 'not_split'), `${account} IS NOT NULL`];
  return {
    sql: `SELECT ${dialect.identifier('project_id')} AS project, ${account} AS account, max(${columnText(ctx, 'line_item_usage_account_name')}) AS name FROM ${dialect.identifier(LINE_ITEMS_SOURCE.table)} WHERE ${where.join(' AND ')} GROUP BY project, account ORDER BY project, account`,
    values: ctx.values.bound,
  };
}

export function compileNewestUsageDay(dialect: SqlDialect, scope: CostScope, useRollups = true): CompiledSql {
  const source = planSource({ dimension: null, filters: [], useRollups });
  const ctx: SqlContext = { dialect, values: dialect.values(), source };
  const day = dialect.dateText(`max(${dialect.identifier(source.timeColumn)})`);
  const where = scopeWhere(ctx, scope, 'not_split').join(' AND ');
  return {
    sql: `SELECT ${day} AS day FROM ${dialect.identifier(source.table)} WHERE ${where}`,
    values: ctx.values.bound,
  };
}

/** A line's service code: the product's, else the line item's product code. */
const serviceCodeSql = (ctx: SqlContext) =>
  `COALESCE(${columnText(ctx, 'product_servicecode')}, ${columnText(ctx, 'line_item_product_code')})`;

/** A line's cost with a monthly-billed charge scaled from its own month's length to an average month's. */
function perAverageMonth(ctx: SqlContext, cost: string, time: string): string {
  const d = ctx.dialect;
  const monthly = d.matchesIgnoreCase(columnText(ctx, 'pricing_unit'), MONTHLY_PRICING_UNIT_PATTERN);
  return `CASE WHEN ${monthly} THEN (${cost}) * ${d.daysInMonth(time)} / ${ctx.values.add(DAYS_PER_MONTH)} ELSE ${cost} END`;
}

/** One scan of the line items: conditional sums per window, grouped by project and the bill's resource id. */
export function compileResourceCosts(dialect: SqlDialect, query: ResourceCostsQuery): CompiledSql {
  const ctx: SqlContext = { dialect, values: dialect.values(), source: LINE_ITEMS_SOURCE };
  const d = dialect;
  const time = d.identifier(LINE_ITEMS_SOURCE.timeColumn);
  const billed = costSql(ctx, query.costType, 'not_split');
  const cost = query.monthlyPerAverageMonth ? perAverageMonth(ctx, billed, time) : billed;
  const resource = dimensionSql(ctx, 'line_item_resource_id');
  const isCurrent = `${time} >= ${d.dayStart(ctx.values.add(query.current))}`;
  const first = (sql: string, name: string) => `min(${sql}) AS ${name}`;
  const select = [
    `${d.identifier('project_id')} AS project`,
    `${resource} AS rid`,
    first(dimensionSql(ctx, 'line_item_usage_account_id'), 'account'),
    `max(${columnText(ctx, 'line_item_usage_account_name')}) AS account_name`,
    first(dimensionSql(ctx, 'product_region'), 'region'),
    first(serviceCodeSql(ctx), 'service_code'),
    first(dimensionSql(ctx, 'product_servicename'), 'service'),
    first(dimensionSql(ctx, 'product_instance_type'), 'instance_type'),
    `${d.sumMoney(`CASE WHEN ${isCurrent} THEN ${cost} ELSE 0 END`)} AS current_cost`,
    `${d.sumMoney(`CASE WHEN ${isCurrent} THEN 0 ELSE ${cost} END`)} AS previous_cost`,
    `${d.dateText(`min(${time})`)} AS first_day`,
    `${d.dateText(`max(${time})`)} AS last_day`,
    ...query.tagKeys.map((key, i) => first(dimensionSql(ctx, 'tag_keys', key), `t${i}`)),
  ];
  const where = [...scopeWhere(ctx, query, 'not_split'), `${resource} IS NOT NULL`];
  return {
    sql: `SELECT ${select.join(', ')} FROM ${d.identifier(LINE_ITEMS_SOURCE.table)} WHERE ${where.join(' AND ')} GROUP BY project, rid`,
    values: ctx.values.bound,
  };
}

/** One scan of the window's line items grouped by project, resource id, usage type and line item type. */
export function compileResourceUsageCosts(dialect: SqlDialect, query: ResourceUsageCostsQuery): CompiledSql {
  const ctx: SqlContext = { dialect, values: dialect.values(), source: LINE_ITEMS_SOURCE };
  const d = dialect;
  const resource = dimensionSql(ctx, 'line_item_resource_id');
  const select = [
    `${d.identifier('project_id')} AS project`,
    `${resource} AS rid`,
    `${columnText(ctx, 'line_item_usage_type')} AS usage_type`,
    `${columnText(ctx, 'line_item_line_item_type')} AS line_item_type`,
    `${d.sumMoney(costSql(ctx, query.costType, 'not_split'))} AS cost`,
    `${d.sumMoney(`COALESCE(${d.identifier('line_item_usage_amount')}, 0)`)} AS usage_amount`,
    `min(${dimensionSql(ctx, 'line_item_usage_account_id')}) AS account`,
    `min(${dimensionSql(ctx, 'product_region')}) AS region`,
    ...(query.tagKeys ?? []).map((key, i) => `min(${dimensionSql(ctx, 'tag_keys', key)}) AS t${i}`),
  ];
  const where = [...scopeWhere(ctx, query, 'not_split'), `${resource} IS NOT NULL`];
  if (query.serviceCode !== undefined)
    where.push(`${serviceCodeSql(ctx)} = ${ctx.values.add(query.serviceCode)}`);
  if (query.usageTypeContains !== undefined)
    where.push(
      `${columnText(ctx, 'line_item_usage_type')} LIKE ${ctx.values.add(`%${query.usageTypeContains}%`)}`,
    );
  return {
    sql: `SELECT ${select.join(', ')} FROM ${d.identifier(LINE_ITEMS_SOURCE.table)} WHERE ${where.join(' AND ')} GROUP BY project, rid, usage_type, line_item_type`,
    values: ctx.values.bound,
  };
}

/**
 * The instance-hour lines (usage types `…Usage:<type>`, spot left out) with usage of the listed resources, by
 * resource and the hour their usage starts, with the latest hour one ends in.
 */
export function compileResourceRunningHours(
  dialect: SqlDialect,
  query: ResourceRunningHoursQuery,
): CompiledSql {
  const ctx: SqlContext = { dialect, values: dialect.values(), source: LINE_ITEMS_SOURCE };
  const d = dialect;
  const v = ctx.values;
  const resource = dimensionSql(ctx, 'line_item_resource_id');
  const usageType = columnText(ctx, 'line_item_usage_type');
  const named = [
    ...(query.resourceIds.length > 0
      ? [`${resource} IN (${query.resourceIds.map((id) => v.add(id)).join(', ')})`]
      : []),
    ...(query.databaseIds ?? []).map((id) => `${resource} LIKE ${v.add(`arn:aws:rds:%:db:${id}`)}`),
  ];
  const where = [
    ...scopeWhere(ctx, query, 'not_split'),
    `(${named.join(' OR ')})`,
    `${usageType} LIKE ${v.add('%Usage:%')}`,
    `${usageType} NOT LIKE ${v.add('%SpotUsage:%')}`,
    `${d.identifier('line_item_usage_amount')} > 0`,
  ];
  const start = d.periodStart(d.identifier('line_item_usage_start_date'), 'hour');
  const end = d.periodStart(d.identifier('line_item_usage_end_date'), 'hour');
  return {
    sql: `SELECT ${resource} AS rid, ${d.text(start)} AS start_, ${d.text(`max(${end})`)} AS end_ FROM ${d.identifier(LINE_ITEMS_SOURCE.table)} WHERE ${where.join(' AND ')} GROUP BY rid, start_`,
    values: v.bound,
  };
}

const textOrNull = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

/** `YYYY-MM-DD hh:mm:ss` (either engine's text of a timestamp, UTC) as a Date; null without one. */
function utcTime(v: unknown): Date | null {
  const t = textOrNull(v);
  if (t === null) return null;
  const at = new Date(`${t.replace(' ', 'T')}${/Z|[+-]\d\d:?\d\d$/.test(t) ? '' : 'Z'}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The resource costs on an engine: compile with its dialect, run with its reader. */
export function resourceCostQueries(dialect: SqlDialect, read: ReadRows): ResourceCostPort {
  return {
    newestUsageDay: async (scope) => {
      if (scope.projectIds.length === 0) return null;
      const [row] = await read(compileNewestUsageDay(dialect, scope));
      const day = textOrNull(row?.day);
      if (day !== null) return day;
      // Rollups are rebuilt with each import; line items written any other way (a backfill not run yet, a
      // test loading rows directly) have none, and a project with cost must still have a newest day.
      const [raw] = await read(compileNewestUsageDay(dialect, scope, false));
      return textOrNull(raw?.day);
    },
    resourceCosts: async (query) => {
      if (query.projectIds.length === 0 || query.from > query.to) return [];
      const rows = await read(compileResourceCosts(dialect, query));
      return rows.map((row) => ({
        projectId: String(row.project),
        resourceId: String(row.rid),
        accountId: textOrNull(row.account),
        accountName: textOrNull(row.account_name),
        region: textOrNull(row.region),
        serviceCode: textOrNull(row.service_code),
        service: textOrNull(row.service),
        instanceType: textOrNull(row.instance_type),
        currentCost: Number(row.current_cost ?? 0),
        previousCost: Number(row.previous_cost ?? 0),
        firstDay: String(row.first_day),
        lastDay: String(row.last_day),
        tags: query.tagKeys.map((_, i) => textOrNull(row[`t${i}`])),
      }));
    },
    resourceUsageCosts: async (query) => {
      if (query.projectIds.length === 0 || query.from > query.to) return [];
      const rows = await read(compileResourceUsageCosts(dialect, query));
      return rows.map((row) => ({
        projectId: String(row.project),
        resourceId: String(row.rid),
        accountId: textOrNull(row.account),
        region: textOrNull(row.region),
        tags: (query.tagKeys ?? []).map((_, i) => textOrNull(row[`t${i}`])),
        usageType: textOrNull(row.usage_type),
        lineItemType: textOrNull(row.line_item_type),
        cost: Number(row.cost ?? 0),
        usageAmount: Number(row.usage_amount ?? 0),
      }));
    },
    resourceRunningHours: async (query) => {
      const named = query.resourceIds.length + (query.databaseIds?.length ?? 0);
      if (query.projectIds.length === 0 || query.from > query.to || named === 0) return [];
      const rows = await read(compileResourceRunningHours(dialect, query));
      return rows.flatMap((row) => {
        const start = utcTime(row.start_);
        return start === null ? [] : [{ resourceId: String(row.rid), start, end: utcTime(row.end_) }];
      });
    },
    usageAccounts: async (scope) => {
      if (scope.projectIds.length === 0) return [];
      const rows = await read(compileUsageAccounts(dialect, scope));
      return rows.map((row) => ({
        projectId: String(row.project),
        accountId: String(row.account),
        accountName: textOrNull(row.name),
      }));
    },
  };
}

/** The two windows of `days` days ending on `newest`: [previous start, current start, end]. */
export function costWindows(newest: string, days: number): { from: string; current: string; to: string } {
  return { from: addDays(newest, 1 - 2 * days), current: addDays(newest, 1 - days), to: newest };
}
