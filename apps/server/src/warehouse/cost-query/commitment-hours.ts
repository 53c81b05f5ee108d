import {
  COMMITMENT_HOURLY_ROLLUP,
  HOUR_COMPUTED,
  HOUR_KEYS,
  HOUR_SUMS,
  onDemandEligibleLinesSql,
  purchaseHoursSql,
} from './commitment-rollup';
import { commitmentRowOf, periodOf, type WarehouseCommitmentRow } from './commitment-rows';
import { type CompiledSql, scopeWhere } from './compile-cost-query';
import type { CostScope } from './cost-query-port';
import type { SqlContext } from './dimension-sql';
import { LINE_ITEMS_SOURCE, rollupSource } from './plan-source';
import { nullableSum } from './rollups';
import type { ReadColumns } from './run-cost-query';
import type { SqlDialect } from './sql-dialect';

/**
 * The purchase analyses' hours (docs/commitments.md): eligible on-demand usage and the reservations' covered usage
 * of a look-back, per hour of usage start and end, from the hourly commitment rollup built at import — or, with
 * `useRollup: false`, from the line items (the same SELECT; the parity tests and the bench compare the two).
 */
export interface CommitmentHoursQuery extends CostScope {
  /** Inclusive UTC days of usage start. */
  from: string;
  to: string;
  useRollup?: boolean;
}

/** Eligible usage's on-demand cost of the lines starting in one hour and ending in another (null: no end). */
export interface EligibleSpend {
  at: Date;
  usageEnd: Date | null;
  onDemandCost: number;
}

export interface CommitmentHoursPort {
  /** The savings plan curve's input: eligible on-demand usage at on-demand cost per start and end hour. */
  eligibleSpend(query: CommitmentHoursQuery): Promise<EligibleSpend[]>;
  /**
   * The reservation analysis' rows: eligible on-demand usage and DiscountedUsage per hour, service, usage type,
   * region, reservation, operating system, tenancy and licence (the other fields null).
   */
  reservationHours(query: CommitmentHoursQuery): Promise<WarehouseCommitmentRow[]>;
}

/** Both reads' SELECT: `detail` keeps every key and figure apart, else only the eligible on-demand cost per hour. */
export function compileCommitmentHours(
  dialect: SqlDialect,
  query: CommitmentHoursQuery,
  detail: boolean,
): CompiledSql {
  const d = dialect;
  const id = d.identifier;
  const rolled = query.useRollup !== false;
  const ctx: SqlContext = {
    dialect,
    values: d.values(),
    source: rolled ? rollupSource(COMMITMENT_HOURLY_ROLLUP) : LINE_ITEMS_SOURCE,
  };
  const where = scopeWhere(ctx, query, 'not_split');
  // The rollup holds only these rows; the line items are filtered to them.
  if (!rolled) where.push(`(${purchaseHoursSql(d, ctx.values)})`);
  if (!detail) where.push(onDemandEligibleLinesSql(d, ctx.values));
  const computed = detail
    ? HOUR_COMPUTED
    : HOUR_COMPUTED.filter((k) => k.field === 'at_' || k.field === 'end_');
  const keys = [
    ...computed.map((k) => `${rolled ? id(k.name) : k.sql(d, ctx.values)} AS ${k.field}`),
    ...(detail ? HOUR_KEYS.map(([field, column]) => `${id(column)} AS ${field}`) : []),
  ];
  const sums = detail
    ? HOUR_SUMS.map(([field, column]) => `${nullableSum(d, id(column))} AS ${field}`)
    : [`${d.sumMoney(`coalesce(${id('pricing_public_on_demand_cost')}, 0)`)} AS on_demand_`];
  const groups = [...computed.map((k) => k.field), ...(detail ? HOUR_KEYS.map(([field]) => field) : [])];
  const sql = `SELECT ${[...keys, ...sums].join(', ')} FROM ${id(ctx.source.table)}
    WHERE ${where.join(' AND ')} GROUP BY ${groups.join(', ')}`;
  return { sql, values: ctx.values.bound };
}

const byHour = <T extends { at: Date }>(items: T[]) => items.sort((a, b) => a.at.getTime() - b.at.getTime());

/** The hours' reads on an engine: compile with its dialect, run with its reader by column. */
export function commitmentHourQueries(dialect: SqlDialect, read: ReadColumns): CommitmentHoursPort {
  return {
    eligibleSpend: async (query) => {
      if (query.projectIds.length === 0) return [];
      const c = await read(compileCommitmentHours(dialect, query, false));
      return byHour(
        Array.from({ length: c.at_?.length ?? 0 }, (_, i) => {
          const end = c.end_?.[i];
          return {
            at: periodOf(c.at_?.[i]),
            usageEnd: end === null || end === undefined || end === '' ? null : periodOf(end),
            onDemandCost: Number(c.on_demand_?.[i] ?? 0),
          };
        }),
      );
    },
    reservationHours: async (query) => {
      if (query.projectIds.length === 0) return [];
      const c = await read(compileCommitmentHours(dialect, query, true));
      return byHour(Array.from({ length: c.at_?.length ?? 0 }, (_, i) => commitmentRowOf(c, i)));
    },
  };
}
