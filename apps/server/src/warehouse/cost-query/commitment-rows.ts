import type { CurCommitmentRow } from '@finlens/cost-model/commitments/cur-row';
import { SPOT_USAGE } from '@finlens/cost-model/commitments/eligibility';
import {
  COMMITMENT_FEE_TYPES,
  type CommitmentUsageSums,
  noUsageSums,
  usageSumsOf,
} from '@finlens/cost-model/commitments/figures';
import type { FocusCommitmentRow } from '@finlens/cost-model/commitments/focus-commitments';
import { instanceFamily } from '@finlens/cost-model/commitments/normalisation';
import {
  ATTRIBUTES,
  COMMITMENT_ROLLUP,
  CONSTANTS,
  commitmentRowsSql,
  FEE_HOUR_COLUMN,
  KEYS,
  onDemandEligibleSql,
  RESERVATION_PLATFORM_COLUMN,
  reservationPlatformSql,
  SUMS,
  TIMES,
  unfiguredUsageSql,
} from './commitment-rollup';
import { type CompiledSql, scopeWhere } from './compile-cost-query';
import type { CostScope } from './cost-query-port';
import type { SqlContext } from './dimension-sql';
import { LINE_ITEMS_SOURCE, rollupSource } from './plan-source';
import { nullableSum } from './rollups';
import type { ReadColumns } from './run-cost-query';
import type { SqlDialect, SqlValues } from './sql-dialect';

/**
 * The rows the commitment math reads (docs/commitments.md), summed per hour, day or month of usage and per every
 * attribute the math groups or filters by: commitment line items (RIFee, DiscountedUsage, savings plan fees and
 * covered usage, any row carrying a reservation or savings plan id), usage of the services that sell reservations
 * (their on-demand instance hours are eligible usage), spot usage, and every FOCUS usage row (FOCUS coverage is
 * over all usage) — less the usage no figure counts (unfiguredUsageSql). The cost model's functions (cur-commitments.ts, inventory.ts, focus-commitments.ts, the
 * optimiser) then give the figures: their sums are sums of these sums, so the figures equal those over the line
 * items themselves. Split-cost-allocation rows are left out, as in every cost query.
 */
export interface CommitmentRowsQuery extends CostScope {
  /** Inclusive UTC days of usage start. */
  from: string;
  to: string;
  grain: 'hour' | 'day' | 'month';
  /** False: read the line items even by day or month (the rollup's tests and bench compare the two). */
  useRollup?: boolean;
  /**
   * By hour, whether to keep apart what only the purchase analyses read — the usage's end hour, operating system,
   * tenancy and licence (the last two from the product map, the costliest column of the read) — as by default.
   * False: the rows of the day and month reads (a reservation's platform, no end, tenancy or licence) by hour:
   * the dashboard's hourly reads, which need none of them.
   */
  purchaseKeys?: boolean;
  /** Only the rows of these line item types (all without). */
  lineItemTypes?: readonly string[];
  /**
   * With `lineItemTypes`: also every FOCUS row carrying a commitment discount id, whatever its charge category (its
   * purchases and its used and unused usage: what the inventory lists of a FOCUS bill).
   */
  focusCommitments?: boolean;
}

export interface WarehouseCommitmentRow extends CurCommitmentRow {
  /** Start of the row's hour, day or month of usage (UTC). */
  at: Date;
  /** The hour its usage ends in (a daily CUR line spans 24 hours), null when the bill has no end. */
  usageEnd: Date | null;
  /**
   * By hour: what a reservation must match besides its family — the operating system or engine
   * (finlens_operating_system_engine), and the product's tenancy and licence model. By day or month only a
   * reservation's RIFee and DiscountedUsage rows' operating system or engine (its platform; null on every other
   * row), tenancy and licence null.
   */
  operatingSystem: string | null;
  tenancy: string | null;
  licenceModel: string | null;
  /** The import's layout variant (`focus` for FOCUS files). */
  sourceFormat: string | null;
  /** FOCUS figures (null / 0 on CUR rows): the billing period's first day, and the amortized (effective) cost. */
  billingPeriodStart: string | null;
  amortized: number;
  chargeFrequency: string | null;
  /** FOCUS CommitmentDiscountId (also in the reservation or savings plan ARN when its type says which). */
  commitmentDiscountId: string | null;
  commitmentDiscountStatus: string | null;
  commitmentDiscountQuantity: number | null;
  /** FOCUS CommitmentDiscountType (provider's: e.g. Reserved Instance, Savings Plan), Category (Spend or Usage),
   * Name and Unit. */
  commitmentDiscountType: string | null;
  commitmentDiscountCategory: string | null;
  commitmentDiscountName: string | null;
  commitmentDiscountUnit: string | null;
}

export interface CommitmentRowsPort {
  commitmentRows(query: CommitmentRowsQuery): Promise<WarehouseCommitmentRow[]>;
}

/**
 * The row fields usage sums can be kept apart by, besides the period, and `family`: the instance family the usage
 * counts under (`commitmentFamily`).
 */
export type CommitmentSumKey =
  | 'reservationArn'
  | 'savingsPlanArn'
  | 'usageAccountId'
  | 'productCode'
  | 'region'
  | 'usageType'
  | 'savingsPlanInstanceTypeFamily'
  | 'family';

/**
 * The instance family a row's usage counts under: its savings plan's family, else its usage type's instance type's
 * (`BoxUsage:m5.large` → `m5`, `InstanceUsage:db.r6g.xlarge` → `db.r6g`); null for neither. `familySql` is the same
 * rule in SQL.
 */
export function commitmentFamily(
  row: Partial<Pick<WarehouseCommitmentRow, 'savingsPlanInstanceTypeFamily' | 'usageType'>>,
): string | null {
  const type = /:(.+)$/.exec(row.usageType ?? '')?.[1];
  return row.savingsPlanInstanceTypeFamily || (type === undefined ? null : instanceFamily(type)) || null;
}

/**
 * `commitmentFamily` over the commitment rows' fields: the text after the usage type's first colon (when some is),
 * less its last `.size`. (Unlike instanceFamily it does not trim spaces: usage types have none.)
 */
function familySql(d: SqlDialect, values: SqlValues): string {
  const type = `CASE WHEN ${d.matches('usageType', values.add(':.'))}
    THEN ${d.replaceFirst('usageType', values.add('^[^:]*:'), values.add(''))} END`;
  const family = d.replaceFirst(type, values.add('[.][^.]*$'), values.add(''));
  return `NULLIF(coalesce(NULLIF(savingsPlanInstanceTypeFamily, ''), ${family}), '')`;
}

export interface CommitmentSumsQuery extends Omit<CommitmentRowsQuery, 'lineItemTypes'> {
  by: readonly CommitmentSumKey[];
}

/** The usage sums (figures.ts) of the commitment rows of one period and one value of each `by` field. */
export interface WarehouseCommitmentSums {
  at: Date;
  keys: Partial<Record<CommitmentSumKey, string | null>>;
  sums: CommitmentUsageSums;
}

export interface CommitmentSumsPort {
  /**
   * The usage sums of the commitment rows that are not fees (COMMITMENT_FEE_TYPES), per period and `by`
   * values: what `CommitmentFiguresSum` would add up from those rows one by one, summed in the warehouse (a
   * 90-day dashboard at 1M line items reads a few hundred sums instead of some 25,000 rows).
   */
  commitmentUsageSums(query: CommitmentSumsQuery): Promise<WarehouseCommitmentSums[]>;
}

/**
 * The commitment rows of the query: by day or month from the commitment rollup built at import (its daily rows
 * summed again), by hour — or with `useRollup: false` — from the line items.
 */
export function compileCommitmentRows(dialect: SqlDialect, query: CommitmentRowsQuery): CompiledSql {
  const values = dialect.values();
  const types = query.lineItemTypes;
  const id = dialect.identifier;
  const focus = () =>
    `(${id('source_format')} = ${values.add('focus')} AND ${id('commitment_discount_id')} IS NOT NULL)`;
  const typeWhere = (type: string) => {
    if (types === undefined) return [];
    const listed = `${type} IN (${types.map((t) => values.add(t)).join(', ')})`;
    return [query.focusCommitments === true ? `(${listed} OR ${focus()})` : listed];
  };
  // Only fee rows (none of FOCUS's): by hour too from the rollup, which keeps their hour.
  const feesOnly =
    types?.every((t) => COMMITMENT_FEE_TYPES.includes(t)) === true && query.focusCommitments !== true;
  return { sql: commitmentRowsSelect(dialect, values, query, typeWhere, feesOnly), values: values.bound };
}

/**
 * The commitment rows' SELECT, its values added to `values`; `typeWhere` adds conditions on the line item type, which
 * keep only fee rows when `feesOnly` (then read by hour too from the rollup, by its fee hour, unless asked for the
 * purchase keys).
 */
function commitmentRowsSelect(
  dialect: SqlDialect,
  values: SqlValues,
  query: Omit<CommitmentRowsQuery, 'lineItemTypes'>,
  typeWhere: (typeColumn: string) => string[],
  feesOnly = false,
): string {
  const d = dialect;
  const hourly = query.grain === 'hour';
  const purchase = hourly && query.purchaseKeys !== false;
  const rolled = query.useRollup !== false && (!hourly || (feesOnly && !purchase));
  const source = rolled ? rollupSource(COMMITMENT_ROLLUP) : LINE_ITEMS_SOURCE;
  const ctx: SqlContext = { dialect, values, source };
  const id = (column: string) => d.identifier(column);
  const where = [...scopeWhere(ctx, query, 'not_split')];
  // The rollup holds only these rows; the line items are filtered to them.
  if (source.rollup === null) where.push(`(${commitmentRowsSql(d, ctx.values)})`);
  where.push(`NOT (${unfiguredUsageSql(d, ctx.values)})`, ...typeWhere(id('line_item_line_item_type')));
  const time = id(source.timeColumn);
  const product = (key: string) => `NULLIF(${d.mapValue(id('product'), ctx.values.add(key))}, '')`;
  const keys = [
    `${hourly && rolled ? id(FEE_HOUR_COLUMN) : d.periodStart(time, query.grain)} AS at_`,
    `${d.periodStart(time, 'month')} AS month_`,
    // By hour only (the purchase analyses read them); by day or month they would split groups for nothing.
    ...(purchase
      ? [
          `${d.periodStart(id('line_item_usage_end_date'), 'hour')} AS end_`,
          `NULLIF(${id('finlens_operating_system_engine')}, '') AS os_`,
          `${product('tenancy')} AS tenancy_`,
          `${product('license_model')} AS licence_`,
        ]
      : []),
    `${d.periodStart(id('bill_billing_period_start_date'), 'day')} AS bill_period_`,
    ...KEYS.map(([field, column]) => `${id(column)} AS ${field}`),
  ];
  // By day or month a reservation's rows' platform (the inventory's Platform / engine), with the purchase keys os_.
  const platform = () =>
    source.rollup === null ? reservationPlatformSql(d, ctx.values) : id(RESERVATION_PLATFORM_COLUMN);
  const measures = [
    ...(purchase ? [] : [`max(${platform()}) AS os_`]),
    ...ATTRIBUTES.map(([field, column]) => `max(${id(column)}) AS ${field}`),
    ...TIMES.map(([field, column]) => `max(${d.text(id(column))}) AS ${field}`),
    ...CONSTANTS.map(([field, column]) => `max(${id(column)}) AS ${field}`),
    ...SUMS.map(([field, column]) => `${nullableSum(d, id(column))} AS ${field}`),
  ];
  const groupBy = [
    'at_',
    'month_',
    ...(purchase ? ['end_', 'os_', 'tenancy_', 'licence_'] : []),
    'bill_period_',
    ...KEYS.map(([field]) => field),
  ];
  return `SELECT ${[...keys, ...measures].join(', ')} FROM ${id(source.table)}
    WHERE ${where.join(' AND ')} GROUP BY ${groupBy.join(', ')}`;
}

/** The usage sums' names, as the cost model defines them (each a column of `compileCommitmentSums`). */
const USAGE_SUM_NAMES = Object.keys(noUsageSums()) as (keyof CommitmentUsageSums)[];

/**
 * The usage sums over the commitment rows less the fees, per period and `by` fields: the rows of
 * `compileCommitmentRows` summed again, each sum the rule of `usageSumsOf` (figures.ts, eligibility.ts) over a
 * row — spot first (usage whose type names spot; unpriced when its on-demand cost is not above 0), then eligible
 * usage (covered usage, or on-demand instance hours of the reservable services), and the reservations' used
 * effective cost. Amortised cost as awsAmortizedCost takes it for those line item types.
 */
export function compileCommitmentSums(dialect: SqlDialect, query: CommitmentSumsQuery): CompiledSql {
  const d = dialect;
  const values = d.values();
  const fees = COMMITMENT_FEE_TYPES.map((t) => values.add(t)).join(', ');
  const rows = commitmentRowsSelect(d, values, { ...query, purchaseKeys: false }, (type) => [
    `coalesce(${type}, '') NOT IN (${fees})`,
  ]);
  const [usage, discounted, covered] = ['Usage', 'DiscountedUsage', 'SavingsPlanCoveredUsage'].map((t) =>
    values.add(t),
  );
  const onDemand = 'coalesce(publicOnDemandCost, 0)';
  const amortized = `CASE WHEN lineItemType = ${covered} THEN coalesce(spEffective, 0)
    WHEN lineItemType = ${discounted} THEN coalesce(reservationEffective, 0) ELSE coalesce(unblended, 0) END`;
  const spot = `lineItemType = ${usage} AND ${d.contains('usageType', values.add(SPOT_USAGE))}`;
  const eligible = `(lineItemType IN (${discounted}, ${covered}) OR ${onDemandEligibleSql(d, values, (f) => f)})`;
  // Typed by the cost model's sums: a sum it adds is a column here too (and read back by USAGE_SUM_NAMES).
  const cases: Record<keyof CommitmentUsageSums, string> = {
    eligible: `WHEN ${spot} THEN 0 WHEN ${eligible} THEN ${onDemand}`,
    covered: `WHEN ${spot} THEN 0 WHEN ${eligible} AND lineItemType <> ${usage} THEN ${onDemand}`,
    eligibleActual: `WHEN ${spot} THEN 0 WHEN ${eligible} THEN ${amortized}`,
    spotOnDemand: `WHEN ${spot} AND ${onDemand} > 0 THEN ${onDemand}`,
    spotActual: `WHEN ${spot} AND ${onDemand} > 0 THEN ${amortized}`,
    spotUnpriced: `WHEN ${spot} AND ${onDemand} <= 0 THEN ${amortized}`,
    reservationUsed: `WHEN lineItemType = ${discounted} AND reservationArn <> '' THEN coalesce(reservationEffective, 0)`,
  };
  const sums = USAGE_SUM_NAMES.map((name) => `${d.sumMoney(`CASE ${cases[name]} ELSE 0 END`)} AS ${name}`);
  const groups = ['at_', ...query.by];
  const keys = groups.map((key) => (key === 'family' ? `${familySql(d, values)} AS family` : key));
  const sql = `SELECT ${[...keys, ...sums].join(', ')} FROM (${rows}) AS commitment_rows
    GROUP BY ${groups.join(', ')}`;
  return { sql, values: values.bound };
}

type Columns = Readonly<Record<string, readonly unknown[]>>;

const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
const number = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** `YYYY-MM-DD hh:mm:ss` (either engine's text of a timestamp) as ISO 8601 with milliseconds. */
function isoTime(v: unknown): string | null {
  const t = text(v);
  if (t === null) return null;
  const at = new Date(`${t.replace(' ', 'T')}${/Z|[+-]\d\d:?\d\d$/.test(t) ? '' : 'Z'}`);
  return Number.isNaN(at.getTime()) ? t : at.toISOString();
}

/** A period's start as either engine reads it: `YYYY-MM-DD`, or `YYYY-MM-DDTHH:00:00Z` for hours. */
export function periodOf(v: unknown): Date {
  const at = String(v);
  return new Date(at.length === 10 ? `${at}T00:00:00Z` : at);
}

/**
 * Row `i` of the answer read by column, built as one object literal: every row has the same shape, and spreading
 * per-row records, then building a record per row of the read, were most of the read's time on a 90-day
 * dashboard (the type checker keeps it complete). Columns read by hour only are absent by day or month (and
 * those the purchase analyses' hours do not keep, from their read: commitment-hours.ts).
 */
export function commitmentRowOf(c: Columns, i: number): WarehouseCommitmentRow {
  return {
    billingPeriod: text(c.month_?.[i])?.slice(0, 7) ?? '',
    description: null,
    lineItemType: String(c.lineItemType?.[i] ?? ''),
    usageAccountId: String(c.usageAccountId?.[i] ?? ''),
    productCode: text(c.productCode?.[i]),
    usageType: text(c.usageType?.[i]),
    pricingTerm: text(c.pricingTerm?.[i]) ?? '',
    region: text(c.region?.[i]),
    reservationArn: text(c.reservationArn?.[i]),
    savingsPlanArn: text(c.savingsPlanArn?.[i]),
    pricingOfferingClass: text(c.pricingOfferingClass?.[i]),
    reservationAvailabilityZone: text(c.reservationAvailabilityZone?.[i]),
    savingsPlanOfferingType: text(c.savingsPlanOfferingType?.[i]),
    savingsPlanPaymentOption: text(c.savingsPlanPaymentOption?.[i]),
    savingsPlanPurchaseTerm: text(c.savingsPlanPurchaseTerm?.[i]),
    savingsPlanRegion: text(c.savingsPlanRegion?.[i]),
    savingsPlanInstanceTypeFamily: text(c.savingsPlanInstanceTypeFamily?.[i]),
    reservationStartTime: isoTime(c.reservationStartTime?.[i]),
    reservationEndTime: isoTime(c.reservationEndTime?.[i]),
    savingsPlanStartTime: isoTime(c.savingsPlanStartTime?.[i]),
    savingsPlanEndTime: isoTime(c.savingsPlanEndTime?.[i]),
    reservationNumberOfReservations: number(c.reservationNumberOfReservations?.[i]),
    reservationUpfrontValue: number(c.reservationUpfrontValue?.[i]),
    unblended: number(c.unblended?.[i]),
    netUnblended: number(c.netUnblended?.[i]),
    usageAmount: number(c.usageAmount?.[i]),
    normalizedUsageAmount: number(c.normalizedUsageAmount?.[i]),
    publicOnDemandCost: number(c.publicOnDemandCost?.[i]),
    reservationEffective: number(c.reservationEffective?.[i]),
    reservationNetEffective: number(c.reservationNetEffective?.[i]),
    reservationUnusedAmortizedUpfront: number(c.reservationUnusedAmortizedUpfront?.[i]),
    reservationUnusedRecurring: number(c.reservationUnusedRecurring?.[i]),
    reservationNetUnusedAmortizedUpfront: number(c.reservationNetUnusedAmortizedUpfront?.[i]),
    reservationNetUnusedRecurring: number(c.reservationNetUnusedRecurring?.[i]),
    reservationTotalReservedUnits: number(c.reservationTotalReservedUnits?.[i]),
    reservationTotalReservedNormalizedUnits: number(c.reservationTotalReservedNormalizedUnits?.[i]),
    reservationUnusedQuantity: number(c.reservationUnusedQuantity?.[i]),
    reservationUnusedNormalizedUnitQuantity: number(c.reservationUnusedNormalizedUnitQuantity?.[i]),
    reservationAmortizedUpfrontFee: number(c.reservationAmortizedUpfrontFee?.[i]),
    spEffective: number(c.spEffective?.[i]),
    spNetEffective: number(c.spNetEffective?.[i]),
    spTotalCommitment: number(c.spTotalCommitment?.[i]),
    spUsedCommitment: number(c.spUsedCommitment?.[i]),
    spAmortizedUpfront: number(c.spAmortizedUpfront?.[i]),
    spNetAmortizedUpfront: number(c.spNetAmortizedUpfront?.[i]),
    at: periodOf(c.at_?.[i]),
    usageEnd: text(c.end_?.[i]) === null ? null : new Date(String(c.end_?.[i])),
    operatingSystem: text(c.os_?.[i]),
    tenancy: text(c.tenancy_?.[i]),
    licenceModel: text(c.licence_?.[i]),
    sourceFormat: text(c.sourceFormat?.[i]),
    billingPeriodStart: text(c.bill_period_?.[i]),
    amortized: number(c.amortized?.[i]) ?? 0,
    chargeFrequency: text(c.chargeFrequency?.[i]),
    commitmentDiscountId: text(c.commitmentDiscountId?.[i]),
    commitmentDiscountStatus: text(c.commitmentDiscountStatus?.[i]),
    commitmentDiscountQuantity: number(c.commitmentDiscountQuantity?.[i]),
    commitmentDiscountType: text(c.commitmentDiscountType?.[i]),
    commitmentDiscountCategory: text(c.commitmentDiscountCategory?.[i]),
    commitmentDiscountName: text(c.commitmentDiscountName?.[i]),
    commitmentDiscountUnit: text(c.commitmentDiscountUnit?.[i]),
  };
}

/** A FOCUS row of the warehouse as focus-commitments.ts reads it. */
export function focusCommitmentRow(row: WarehouseCommitmentRow): FocusCommitmentRow {
  return {
    billingPeriodStart: row.billingPeriodStart ?? row.billingPeriod,
    chargeCategory: row.lineItemType,
    chargeFrequency: row.chargeFrequency,
    commitmentDiscountId: row.commitmentDiscountId ?? row.reservationArn ?? row.savingsPlanArn,
    commitmentDiscountStatus: row.commitmentDiscountStatus,
    commitmentDiscountQuantity: row.commitmentDiscountQuantity,
    billedCost: row.unblended ?? 0,
    effectiveCost: row.amortized,
    listCost: row.publicOnDemandCost,
  };
}

/**
 * The usage sums of rows already read, as `commitmentUsageSums` gives them from the warehouse: the rule itself,
 * for a warehouse that only gives rows (and the parity tests' reference).
 */
export function commitmentSumsOfRows(
  rows: readonly WarehouseCommitmentRow[],
  by: readonly CommitmentSumKey[],
): WarehouseCommitmentSums[] {
  const kept = new Map<string, WarehouseCommitmentSums>();
  for (const row of rows) {
    if (COMMITMENT_FEE_TYPES.includes(row.lineItemType)) continue;
    const keys = Object.fromEntries(
      by.map((field) => [field, field === 'family' ? commitmentFamily(row) : row[field] || null]),
    );
    const key = JSON.stringify([row.at.getTime(), keys]);
    let entry = kept.get(key);
    if (entry === undefined) {
      entry = { at: row.at, keys, sums: noUsageSums() };
      kept.set(key, entry);
    }
    const add = usageSumsOf(row);
    for (const name of USAGE_SUM_NAMES) entry.sums[name] += add[name];
  }
  return [...kept.values()];
}

/** The commitment rows and their usage sums on an engine: compile with its dialect, run with its reader by column. */
export function commitmentRowQueries(
  dialect: SqlDialect,
  read: ReadColumns,
): CommitmentRowsPort & CommitmentSumsPort {
  return {
    commitmentUsageSums: async (query) => {
      if (query.projectIds.length === 0) return [];
      const c = await read(compileCommitmentSums(dialect, query));
      return Array.from({ length: c.at_?.length ?? 0 }, (_, i) => {
        const sums = noUsageSums();
        for (const name of USAGE_SUM_NAMES) sums[name] = Number(c[name]?.[i] ?? 0);
        return {
          at: periodOf(c.at_?.[i]),
          keys: Object.fromEntries(query.by.map((field) => [field, text(c[field]?.[i])])),
          sums,
        };
      }).sort((a, b) => a.at.getTime() - b.at.getTime());
    },
    commitmentRows: async (query) => {
      if (query.projectIds.length === 0) return [];
      const columns = await read(compileCommitmentRows(dialect, query));
      const count = columns.at_?.length ?? 0;
      return Array.from({ length: count }, (_, i) => commitmentRowOf(columns, i)).sort(
        (a, b) =>
          a.at.getTime() - b.at.getTime() ||
          a.lineItemType.localeCompare(b.lineItemType) ||
          (a.reservationArn ?? a.savingsPlanArn ?? '').localeCompare(
            b.reservationArn ?? b.savingsPlanArn ?? '',
          ),
      );
    },
  };
}
