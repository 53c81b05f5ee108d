import type { CommitmentDashboardQuery } from '@finlens/contracts/commitments';
import { COMMITMENT_FEE_TYPES } from '@finlens/cost-model/commitments/figures';
import { createResultCache, roughBytes } from '../../platform/cache/result-cache';
import type { CommitmentHoursPort, EligibleSpend } from '../../warehouse/cost-query/commitment-hours';
import { COMMITMENT_LINE_ITEM_TYPES } from '../../warehouse/cost-query/commitment-rollup';
import {
  type CommitmentRowsPort,
  type CommitmentSumKey,
  type CommitmentSumsPort,
  commitmentSumsOfRows,
  type WarehouseCommitmentRow,
  type WarehouseCommitmentSums,
} from '../../warehouse/cost-query/commitment-rows';
import type { CostQueryPort } from '../../warehouse/cost-query/cost-query-port';
import type { ResourceCostPort } from '../../warehouse/cost-query/resource-costs';
import { type ReadScope, scopeDataVersion } from '../../warehouse/cost-scope';
import { eligibleSpendOfRows } from './purchase-rates';
import {
  type PendingRecommendation,
  type PendingRecommendationsOf,
  ranByHour,
  runningHoursQuery,
  type ScheduleStopsOf,
} from './schedule-what-if';

const DAY_MS = 86_400_000;
/** How far back the inventory reads the bill: a month of rows per commitment is enough, 13 months show its use. */
const INVENTORY_DAYS = 400;
/**
 * Memory the reads of the bill kept per service may hold, weighed in bytes (a 90-day daily read of a 10M-row bill
 * is a few MB; 60 days of reservation hours tens), the least recently used dropped beyond it.
 */
const KEPT_BYTES = 160_000_000;
const KEPT_READS = 1000;

type Row = WarehouseCommitmentRow;
type Grain = CommitmentDashboardQuery['granularity'];
const day = (at: Date) => at.toISOString().slice(0, 10);
/** The first and last usage day of a look-back (its end is exclusive). */
const daysOf = (window: { start: Date; end: Date }) =>
  [day(window.start), day(new Date(window.end.getTime() - 1))] as const;

/** What Commitment Management reads of the warehouse; without usage sums or hours (a warehouse that only gives
 * rows), the rows are summed here. */
export type CommitmentWarehouse = CommitmentRowsPort &
  Partial<CommitmentSumsPort> &
  Partial<CommitmentHoursPort> &
  Pick<CostQueryPort, 'runCostQuery'> &
  Partial<Pick<ResourceCostPort, 'resourceRunningHours'>>;

/** The end of the bill (exclusive): the day after its newest usage day. */
export const billedTo = (newest: string | null) =>
  newest === null ? null : new Date(Date.parse(newest) + DAY_MS);

/**
 * Commitment Management's reads of the bill, the schedules and the pending recommendations, each kept (below) so
 * that asking again does not read again.
 */
export function createCommitmentReads({
  warehouse,
  scheduleStops,
  pendingRecommendations,
  keptBytes = KEPT_BYTES,
  now,
}: {
  warehouse: CommitmentWarehouse;
  scheduleStops: ScheduleStopsOf;
  pendingRecommendations: PendingRecommendationsOf;
  /** Bytes the kept reads may hold (KEPT_BYTES). */
  keptBytes?: number | undefined;
  now: () => Date;
}) {
  /**
   * Reads of the bill kept until an import changes it (by scope, its data version and arguments, weighed by the
   * memory they hold): the inventory's 13 months of commitment rows serve the inventory, every dashboard's
   * expiries and the purchase analysis's rate; a dashboard range or look-back asked again is not read again.
   */
  const kept = createResultCache<unknown>({
    maxEntries: KEPT_READS,
    maxWeight: keptBytes,
    weigh: roughBytes,
  });
  const keep = <T>(scope: ReadScope, what: string, read: () => Promise<T>): Promise<T> =>
    kept.get(JSON.stringify([scope.clientId, scopeDataVersion(scope), what]), read) as Promise<T>;

  /**
   * The enabled schedules whose resources ran on demand, with the hours of the look-back each would stop: kept
   * by the scope's data version, the schedules' settings and the inventory's collections (a changed schedule is
   * a new key), so asking again reads neither the inventory nor 30 days of resource costs.
   */
  async function scheduleStopsOf(scope: ReadScope, window: { start: Date; end: Date }) {
    const read = await scheduleStops({ clientId: scope.clientId, projectIds: scope.projectIds });
    const what = `schedule stops ${window.start.toISOString()} ${window.end.toISOString()} ${read.version}`;
    const stops = await keep(scope, what, () => read.over(window));
    return stops.filter((s) => s.resources.length > 0);
  }

  /** The scope's recommendations not yet applied (a database read: the ledger moves them at any time). */
  const pendingOf = (scope: ReadScope) =>
    pendingRecommendations({ clientId: scope.clientId, projectIds: scope.projectIds });

  /**
   * Per resource of the recommendations not yet applied, 1 in each hour of the look-back it ran (from its
   * instance-hour lines, kept with the bill); empty when the warehouse cannot say or none is pending.
   */
  async function ranOf(
    scope: ReadScope,
    window: { start: Date; end: Date },
    pending: PendingRecommendation[],
  ) {
    const read = warehouse.resourceRunningHours?.bind(warehouse);
    const ids = runningHoursQuery(pending);
    if (read === undefined || ids.resourceIds.length + ids.databaseIds.length === 0) return new Map();
    const from = day(window.start);
    const to = day(new Date(window.end.getTime() - 1));
    const lines = await keep(scope, `running ${from} ${to} ${JSON.stringify(ids)}`, () =>
      read({ ...scope, from, to, ...ids }),
    );
    return ranByHour(lines, window);
  }

  /** The newest usage day of the scope (the bill's end), null without data. */
  const newestDay = (scope: ReadScope) => keep(scope, 'newest', () => readNewestDay(scope));
  async function readNewestDay(scope: ReadScope): Promise<string | null> {
    const answer = await warehouse.runCostQuery({
      ...scope,
      start_date: day(now()),
      end_date: day(now()),
      granularity: 'day',
      dimension: null,
      cost_type: 'unblended',
      filters: [],
      top_n: 1,
      useRollups: true,
    });
    return answer.as_of;
  }

  const rowsOf = (scope: ReadScope, from: string, to: string, grain: 'hour' | 'day' | 'month') =>
    keep(scope, `rows ${from} ${to} ${grain}`, () => warehouse.commitmentRows({ ...scope, from, to, grain }));

  /**
   * A look-back's eligible on-demand spend per start and end hour, from the hourly commitment rollup (a few sums
   * an hour) — or, from a warehouse that only gives rows, from the look-back's rows by hour.
   */
  function spendOf(scope: ReadScope, window: { start: Date; end: Date }): Promise<EligibleSpend[]> {
    const [from, to] = daysOf(window);
    const read = warehouse.eligibleSpend?.bind(warehouse);
    if (read === undefined) return rowsOf(scope, from, to, 'hour').then(eligibleSpendOfRows);
    return keep(scope, `eligible spend ${from} ${to}`, () => read({ ...scope, from, to }));
  }

  /** A look-back's rows the reservation analysis reads, by hour: from the hourly rollup, else the rows. */
  function reservationHoursOf(scope: ReadScope, window: { start: Date; end: Date }): Promise<Row[]> {
    const [from, to] = daysOf(window);
    const read = warehouse.reservationHours?.bind(warehouse);
    if (read === undefined) return rowsOf(scope, from, to, 'hour');
    return keep(scope, `reservation hours ${from} ${to}`, () => read({ ...scope, from, to }));
  }

  /**
   * A dashboard's reads: the fee rows one by one (their spread, unused fees and each plan's clamp need the row)
   * and every other row's usage sums per period and group, summed in the warehouse — or, from a warehouse that
   * only gives rows, from the range's rows (one read). By day or hour the fees are read from the first day of the
   * range's first month: a month's RIFee row starts on that day, and a range starting later takes its share of it
   * (spread over the periods; the days before the range count in none).
   */
  async function usageReadOf(
    scope: ReadScope,
    { from, to, grain, by }: { from: string; to: string; grain: Grain; by: readonly CommitmentSumKey[] },
  ): Promise<{ fees: Row[]; usage: WarehouseCommitmentSums[] }> {
    const feesFrom = grain === 'month' ? from : `${from.slice(0, 7)}-01`;
    const sumsOf = warehouse.commitmentUsageSums?.bind(warehouse);
    if (sumsOf === undefined) {
      const rows = await rowsOf(scope, feesFrom, to, grain);
      const start = Date.parse(`${from}T00:00:00Z`);
      return {
        fees: rows.filter((row) => COMMITMENT_FEE_TYPES.includes(row.lineItemType)),
        usage: commitmentSumsOfRows(
          rows.filter((row) => row.at.getTime() >= start),
          by,
        ),
      };
    }
    const [fees, usage] = await Promise.all([
      keep(scope, `fees ${feesFrom} ${to} ${grain}`, () =>
        warehouse.commitmentRows({
          ...scope,
          from: feesFrom,
          to,
          grain,
          lineItemTypes: COMMITMENT_FEE_TYPES,
          purchaseKeys: false,
        }),
      ),
      keep(scope, `usage sums ${from} ${to} ${grain} ${by.join(' ')}`, () =>
        sumsOf({ ...scope, from, to, grain, by }),
      ),
    ]);
    return { fees, usage };
  }

  /**
   * The bill's last 13 months by month of the commitments' own rows (fees and covered usage, and a FOCUS bill's
   * rows of its commitment discounts: all that the inventory and the bill's rates read, a fraction of the rows),
   * and its newest day (null without data).
   */
  async function billOf(scope: ReadScope): Promise<{ newest: string | null; rows: Row[] }> {
    const newest = await newestDay(scope);
    if (newest === null) return { newest, rows: [] };
    const from = day(new Date(Date.parse(newest) - INVENTORY_DAYS * DAY_MS));
    const rows = await keep(scope, `commitment rows ${from} ${newest} month`, () =>
      warehouse.commitmentRows({
        ...scope,
        from,
        to: newest,
        grain: 'month',
        lineItemTypes: COMMITMENT_LINE_ITEM_TYPES,
        focusCommitments: true,
      }),
    );
    return { newest, rows };
  }

  return {
    newestDay,
    rowsOf,
    spendOf,
    reservationHoursOf,
    usageReadOf,
    billOf,
    scheduleStopsOf,
    pendingOf,
    ranOf,
  };
}

export type CommitmentReads = ReturnType<typeof createCommitmentReads>;
