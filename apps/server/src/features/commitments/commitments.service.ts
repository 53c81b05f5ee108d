import {
  COMMITMENT_DEFAULT_DAYS,
  type CommitmentAlertsQuery,
  type CommitmentDashboard,
  type CommitmentDashboardQuery,
  type CommitmentInventory,
  type CommitmentInventoryQuery,
  type ConvertibleAnalysis,
  type ConvertibleQuery,
  commitmentDashboardQuerySchema,
  lastCommitmentDays,
  type PurchaseAnalysis,
  type PurchaseAnalysisQuery,
  purchaseAnalysisQuerySchema,
  type ReservationAnalysis,
  type ShareSaveQuery,
} from '@finlens/contracts/commitments';
import type { AlertedCommitment, CommitmentAlertInput } from '@finlens/cost-model/commitments/alerts';
import { reservationMonths, savingsPlanMonths } from '@finlens/cost-model/commitments/cur-commitments';
import { isCommitmentEligible } from '@finlens/cost-model/commitments/eligibility';
import {
  type ConvertibleReservation,
  exchangeQuote,
  remainingValue,
} from '@finlens/cost-model/commitments/exchange';
import { COMMITMENT_FEE_TYPES, CommitmentFiguresSum } from '@finlens/cost-model/commitments/figures';
import {
  hourlyCurve,
  type LookBackDays,
  lookBackWindow,
  withoutRemovedSpend,
} from '@finlens/cost-model/commitments/hourly-curve';
import { reservationInventory, savingsPlanInventory } from '@finlens/cost-model/commitments/inventory';
import { normalisationFactor } from '@finlens/cost-model/commitments/normalisation';
import { optimiseCommitment } from '@finlens/cost-model/commitments/optimiser';
import { type RateOverride, tableRate } from '@finlens/cost-model/commitments/rate-table';
import { bucketsOf } from '@finlens/cost-model/commitments/utilisation-series';
import { addMonths, startOfMonth } from '@finlens/cost-model/utc-calendar';
import type { ClientCaller } from '../../platform/auth/caller';
import { createResultCache, roughBytes } from '../../platform/cache/result-cache';
import type { CommitmentHoursPort, EligibleSpend } from '../../warehouse/cost-query/commitment-hours';
import { COMMITMENT_LINE_ITEM_TYPES } from '../../warehouse/cost-query/commitment-rollup';
import {
  type CommitmentRowsPort,
  type CommitmentSumKey,
  type CommitmentSumsPort,
  commitmentFamily,
  commitmentSumsOfRows,
  type WarehouseCommitmentRow,
  type WarehouseCommitmentSums,
} from '../../warehouse/cost-query/commitment-rows';
import type { CostQueryPort } from '../../warehouse/cost-query/cost-query-port';
import type { ResourceCostPort } from '../../warehouse/cost-query/resource-costs';
import {
  type CostScopes,
  type ReadScope,
  type ScopeReader,
  scopeDataVersion,
} from '../../warehouse/cost-scope';
import { chosenRate, eligibleSpendOfRows, spreadOverHours } from './purchase-rates';
import { billReservationRatio, instanceTypeOf, reservationResults } from './reservation-analysis';
import { createReservationEnrichment, type ReservationEnrichment } from './reservation-enrichment';
import { reservationHours, spreadMonthlyFees } from './reservation-fees';
import {
  type CurveCut,
  type PendingRecommendation,
  type PendingRecommendationsOf,
  ranByHour,
  recommendationCuts,
  recommendationSummary,
  removedPerHour,
  runningHoursQuery,
  type ScheduleStopsOf,
  scheduleSummary,
} from './schedule-what-if';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** How far back the inventory reads the bill: a month of rows per commitment is enough, 13 months show its use. */
const INVENTORY_DAYS = 400;
const EXPIRY_DAYS = 90;
/** The alerts judge utilisation over the last 30 billed days and coverage of the last 7 against the 28 before. */
const ALERT_USE_DAYS = 30;
const ALERT_RECENT_DAYS = 7;
const ALERT_PREVIOUS_DAYS = 28;
/**
 * Memory the reads of the bill kept per service may hold, weighed in bytes (a 90-day daily read of a 10M-row bill
 * is a few MB; 60 days of reservation hours tens), the least recently used dropped beyond it.
 */
const KEPT_BYTES = 160_000_000;
const KEPT_READS = 1000;

type Row = WarehouseCommitmentRow;
const day = (at: Date) => at.toISOString().slice(0, 10);
const sum = (values: Iterable<number>) => [...values].reduce((s, v) => s + v, 0);
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
/** The first and last usage day of a look-back (its end is exclusive). */
const daysOf = (window: { start: Date; end: Date }) =>
  [day(window.start), day(new Date(window.end.getTime() - 1))] as const;

/** The figures of a sum as the contract names them. */
function figuresOf(sum: CommitmentFiguresSum) {
  const f = sum.figures();
  return {
    utilisation: f.utilisation,
    coverage: f.coverage,
    effective_savings_rate: f.effectiveSavingsRate,
    on_demand_equivalent: f.onDemandEquivalent,
    actual_cost: f.actual,
    net_savings: f.netSavings,
    unused_cost: f.unusedCost,
  };
}

type Group = CommitmentDashboardQuery['group_by'];
type Grain = CommitmentDashboardQuery['granularity'];

/** The row fields each breakdown's key is made of. */
const GROUP_FIELDS: Record<Group, readonly CommitmentSumKey[]> = {
  commitment: ['reservationArn', 'savingsPlanArn'],
  account: ['usageAccountId'],
  service: ['productCode'],
  region: ['region'],
  family: ['family'],
};

function groupKey(row: Partial<Record<CommitmentSumKey, string | null>>, group: Group): string | null {
  switch (group) {
    case 'commitment':
      return row.reservationArn ?? row.savingsPlanArn ?? null;
    case 'account':
      return row.usageAccountId || null;
    case 'service':
      return row.productCode ?? null;
    case 'region':
      return row.region ?? null;
    case 'family':
      // A sum names its family; a fee row is read whole.
      return 'family' in row ? (row.family ?? null) : commitmentFamily(row);
  }
}

function groupBy<T>(items: readonly T[], key: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const list = groups.get(k) ?? [];
    list.push(item);
    groups.set(k, list);
  }
  return groups;
}

/** The inventory as the bill alone answers it (`inventory` adds what the owner accounts describe). */
type BillReservation = Omit<CommitmentInventory['reservations'][number], 'from_account'>;
type BillPlan = Omit<CommitmentInventory['savings_plans'][number], 'from_account'>;
type BillInventory = Omit<CommitmentInventory, 'reservations' | 'savings_plans' | 'enrichment'> & {
  reservations: BillReservation[];
  savings_plans: BillPlan[];
};

function expiriesOf(inventory: Pick<BillInventory, 'reservations' | 'savings_plans'>) {
  return [
    ...inventory.reservations.map((r) => ({ ...r, kind: 'reservation' as const })),
    ...inventory.savings_plans.map((s) => ({ ...s, kind: 'savings_plan' as const })),
  ]
    .flatMap((c) =>
      c.end !== null && c.days_to_expiry !== null && c.days_to_expiry >= 0 && c.days_to_expiry <= EXPIRY_DAYS
        ? [{ arn: c.arn, kind: c.kind, end: c.end, days_to_expiry: c.days_to_expiry }]
        : [],
    )
    .sort((a, b) => a.days_to_expiry - b.days_to_expiry || a.arn.localeCompare(b.arn));
}

/**
 * Commitment management over the warehouse's commitment rows (docs/commitments.md): every figure is the cost
 * model's, fed the rows of the caller's projects (the one cost scope).
 */
export function createCommitmentsService({
  scopes,
  warehouse,
  rateOverrides = async () => [],
  scheduleStops = async () => ({ version: '[]', over: async () => [] }),
  pendingRecommendations = async () => [],
  describeReservations = createReservationEnrichment({ resolveCloud: async () => null }),
  keptBytes = KEPT_BYTES,
  now = () => new Date(),
}: {
  scopes: CostScopes;
  /** Without usage sums or hours (a warehouse that only gives rows), the service sums the rows itself. */
  warehouse: CommitmentRowsPort &
    Partial<CommitmentSumsPort> &
    Partial<CommitmentHoursPort> &
    Pick<CostQueryPort, 'runCostQuery'> &
    Partial<Pick<ResourceCostPort, 'resourceRunningHours'>>;
  /** A client's own figures for the documented rate table (set by its admins). */
  rateOverrides?: (clientId: string) => Promise<readonly RateOverride[]>;
  /** The resource scheduler's enabled schedules over a look-back (the purchase analyses' what-if); none without. */
  scheduleStops?: ScheduleStopsOf;
  /** The recommendations not yet applied (the purchase analyses' second what-if); none without. */
  pendingRecommendations?: PendingRecommendationsOf;
  /** What the owner accounts describe of the bill's reservations (none reachable without). */
  describeReservations?: ReservationEnrichment;
  /** Bytes the kept reads may hold (KEPT_BYTES). */
  keptBytes?: number;
  now?: () => Date;
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

  /** The end of the bill (exclusive): the day after its newest usage day. */
  const billedTo = (newest: string | null) =>
    newest === null ? null : new Date(Date.parse(newest) + DAY_MS);

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
   * only gives rows, from the range's rows (one read).
   */
  async function usageReadOf(
    scope: ReadScope,
    { from, to, grain, by }: { from: string; to: string; grain: Grain; by: readonly CommitmentSumKey[] },
  ): Promise<{ fees: Row[]; usage: WarehouseCommitmentSums[] }> {
    const sumsOf = warehouse.commitmentUsageSums?.bind(warehouse);
    if (sumsOf === undefined) {
      const rows = await rowsOf(scope, from, to, grain);
      return {
        fees: rows.filter((row) => COMMITMENT_FEE_TYPES.includes(row.lineItemType)),
        usage: commitmentSumsOfRows(rows, by),
      };
    }
    const [fees, usage] = await Promise.all([
      keep(scope, `fees ${from} ${to} ${grain}`, () =>
        warehouse.commitmentRows({ ...scope, from, to, grain, lineItemTypes: COMMITMENT_FEE_TYPES }),
      ),
      keep(scope, `usage sums ${from} ${to} ${grain} ${by.join(' ')}`, () =>
        sumsOf({ ...scope, from, to, grain, by }),
      ),
    ]);
    return { fees, usage };
  }

  /**
   * The bill's last 13 months by month of the commitments' own rows (fees and covered usage: all that the
   * inventory and the bill's rates read, a fraction of the rows), and its newest day (null without data).
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
      }),
    );
    return { newest, rows };
  }

  async function inventoryOf(scope: ReadScope): Promise<BillInventory> {
    const asOf = now();
    const { newest, rows } = await billOf(scope);
    if (newest === null)
      return { as_of: asOf.toISOString(), reservations: [], savings_plans: [], expiries: [] };
    const riUse = new Map<string, { purchased: number; unused: number }>();
    for (const m of reservationMonths(spreadMonthlyFees(rows, 'month', billedTo(newest)))) {
      const u = riUse.get(m.arn) ?? { purchased: 0, unused: 0 };
      u.purchased += m.purchasedHours;
      u.unused += m.unusedHours;
      riUse.set(m.arn, u);
    }
    const spUse = groupBy(savingsPlanMonths(rows), (m) => m.arn);
    const reservations = reservationInventory(rows, asOf).map((r) => {
      const u = riUse.get(r.arn);
      return {
        arn: r.arn,
        owner_account: r.ownerAccount,
        service: r.service,
        instance_type: r.instanceType,
        region: r.region,
        availability_zone: r.availabilityZone,
        count: r.count,
        start: r.start,
        end: r.end,
        term_years: r.termYears,
        payment_option: r.paymentOption,
        offering_class: r.offeringClass,
        upfront_value: r.upfrontValue,
        recurring_hourly_per_instance: r.recurringHourlyPerInstance,
        normalised_units_per_hour: r.normalisedUnitsPerHour,
        accounts: r.accounts,
        days_to_expiry: r.daysToExpiry,
        utilisation: u ? ratio(u.purchased - u.unused, u.purchased) : null,
      };
    });
    const savingsPlans = savingsPlanInventory(rows, asOf).map((s) => {
      const months = spUse.get(s.arn) ?? [];
      return {
        arn: s.arn,
        owner_account: s.ownerAccount,
        offering_type: s.offeringType,
        payment_option: s.paymentOption,
        term: s.term,
        start: s.start,
        end: s.end,
        region: s.region,
        instance_family: s.instanceFamily,
        hourly_commitment: s.hourlyCommitment,
        upfront_share: s.upfrontShare,
        accounts: s.accounts,
        days_to_expiry: s.daysToExpiry,
        utilisation: ratio(
          sum(months.map((m) => m.usedCommitment)),
          sum(months.map((m) => m.totalCommitment)),
        ),
      };
    });
    const inventory = { reservations, savings_plans: savingsPlans };
    return { as_of: asOf.toISOString(), ...inventory, expiries: expiriesOf(inventory) };
  }

  /**
   * What the commitment alerts judge over a scope: each commitment of the inventory with its use over the last
   * 30 billed days, and coverage of the last 7 billed days against the 28 before them. Null without data.
   */
  /** Each month's realised commitment savings, the last `months` of the bill, newest first; none without data. */
  async function realisedSavingsOf(
    scope: ReadScope,
    count: number,
  ): Promise<{ month: string; savings: number }[]> {
    const newest = await newestDay(scope);
    if (newest === null) return [];
    const months = Array.from({ length: count }, (_, i) => addMonths(startOfMonth(newest), -i).slice(0, 7));
    const sums = new Map(months.map((m) => [m, new CommitmentFiguresSum()]));
    const from = `${months.at(-1)}-01`;
    for (const row of spreadMonthlyFees(
      await rowsOf(scope, from, newest, 'month'),
      'month',
      billedTo(newest),
    ))
      sums.get(row.at.toISOString().slice(0, 7))?.add(row);
    return months.map((month) => ({
      month,
      savings: (sums.get(month) as CommitmentFiguresSum).figures().netSavings,
    }));
  }

  async function alertInputOf(scope: ReadScope): Promise<CommitmentAlertInput | null> {
    const newest = await newestDay(scope);
    if (newest === null) return null;
    const newestAt = Date.parse(newest);
    const from = day(new Date(newestAt - (ALERT_RECENT_DAYS + ALERT_PREVIOUS_DAYS - 1) * DAY_MS));
    // The fee rows one by one and the usage sums per day and commitment (ARNs; none for uncommitted usage).
    const [{ fees: feeRows, usage }, inventory] = await Promise.all([
      usageReadOf(scope, { from, to: newest, grain: 'day', by: GROUP_FIELDS.commitment }),
      inventoryOf(scope),
    ]);
    const { use, fees, recent, previous } = alertSums(
      spreadMonthlyFees(feeRows, 'day', billedTo(newest)),
      usage,
      { from: Date.parse(from), newest: newestAt },
    );
    const hours = reservationHours(fees);
    const dateOf = (text: string | null) => (text === null ? null : new Date(text));
    const useOf = (arn: string) => {
      const f = use.get(arn)?.figures();
      const h = hours.get(arn);
      const used = h === undefined ? null : ratio(Math.min(h.used, h.reserved), h.reserved);
      if (h === undefined || used === null)
        return { utilisation: f?.utilisation ?? null, unusedCost: f?.unusedCost ?? 0 };
      return { utilisation: used, unusedCost: h.cost * (1 - used) };
    };
    const commitments: AlertedCommitment[] = [
      ...inventory.reservations.map((r) => ({
        arn: r.arn,
        kind: 'reservation' as const,
        label: `${r.instance_type ?? 'Reservation'} × ${r.count} (${[r.service, r.region].filter(Boolean).join(', ')})`,
        start: dateOf(r.start),
        end: dateOf(r.end),
        ...useOf(r.arn),
      })),
      ...inventory.savings_plans.map((s) => ({
        arn: s.arn,
        kind: 'savings_plan' as const,
        label: `${s.offering_type ?? 'Savings Plan'}${s.hourly_commitment === null ? '' : ` $${s.hourly_commitment.toFixed(2)}/h`}`,
        start: dateOf(s.start),
        end: dateOf(s.end),
        ...useOf(s.arn),
      })),
    ];
    return {
      now: new Date(inventory.as_of),
      newestDay: newest,
      commitments,
      coverage: { recent: recent.figures().coverage, previous: previous.figures().coverage },
    };
  }

  async function dashboardOf(
    scope: ReadScope,
    query: CommitmentDashboardQuery,
  ): Promise<CommitmentDashboard> {
    const grain = query.granularity;
    // The bill's fees and usage sums of the range and the inventory (for the expiries) are read side by side.
    const [{ fees, usage }, inventory, newest] = await Promise.all([
      usageReadOf(scope, {
        from: query.start_date,
        to: query.end_date,
        grain,
        by: GROUP_FIELDS[query.group_by],
      }),
      inventoryOf(scope),
      newestDay(scope),
    ]);
    const window = {
      start: new Date(`${query.start_date}T00:00:00Z`),
      end: new Date(Date.parse(`${query.end_date}T00:00:00Z`) + DAY_MS),
    };
    // One pass over the fee rows and one over the usage sums fill each period's, each group's and the total's
    // sums; a month's fee spread over days outside the range counts in none of them.
    const buckets = bucketsOf(window, grain);
    const periods = new Map(buckets.map((b) => [b.start.getTime(), new CommitmentFiguresSum()]));
    const groups = new Map<string, CommitmentFiguresSum>();
    const total = new CommitmentFiguresSum();
    const sumsOf = (
      at: Date,
      keys: Partial<Record<CommitmentSumKey, string | null>>,
    ): CommitmentFiguresSum[] => {
      const period = periods.get(at.getTime());
      if (period === undefined) return [];
      const key = groupKey(keys, query.group_by);
      if (key === null) return [total, period];
      let group = groups.get(key);
      if (group === undefined) {
        group = new CommitmentFiguresSum();
        groups.set(key, group);
      }
      return [total, period, group];
    };
    for (const row of spreadMonthlyFees(fees, grain, billedTo(newest)))
      for (const sum of sumsOf(row.at, row)) sum.add(row);
    for (const { at, keys, sums } of usage) for (const sum of sumsOf(at, keys)) sum.addUsage(sums);
    const totals = total.figures();
    return {
      periods: buckets.map((b) => ({
        period: b.start.toISOString(),
        ...figuresOf(periods.get(b.start.getTime()) as CommitmentFiguresSum),
      })),
      totals: {
        ...figuresOf(total),
        spot_cost: totals.spot.actual + totals.spot.unpricedActual,
        spot_savings: totals.spot.netSavings,
      },
      groups: [...groups]
        .map(([key, sum]) => {
          const f = figuresOf(sum);
          return {
            key,
            utilisation: f.utilisation,
            coverage: f.coverage,
            on_demand_equivalent: f.on_demand_equivalent,
            net_savings: f.net_savings,
            unused_cost: f.unused_cost,
          };
        })
        .sort((a, b) => b.on_demand_equivalent - a.on_demand_equivalent || a.key.localeCompare(b.key)),
      expiries: inventory.expiries,
    };
  }

  async function purchaseAnalysisOf(
    scope: ReadScope,
    query: PurchaseAnalysisQuery,
  ): Promise<PurchaseAnalysis> {
    const newest = (await newestDay(scope)) ?? day(now());
    const window = lookBackWindow(
      new Date(Date.parse(newest) + DAY_MS),
      Number(query.look_back) as LookBackDays,
    );
    const [spend, stops, pending] = await Promise.all([
      spendOf(scope, window),
      scheduleStopsOf(scope, window),
      pendingOf(scope),
    ]);
    const billed = hourlyCurve(
      spend.flatMap((s) => spreadOverHours(s, s.onDemandCost)),
      window,
    );
    const applied = query.schedules !== 'ignore';
    const recommended = query.recommendations !== 'ignore';
    const cut = (curve: number[], cuts: readonly CurveCut[]) =>
      withoutRemovedSpend(
        curve,
        removedPerHour(cuts, curve.length, (r) => r.hourlyOnDemand),
      );
    // Schedules first, then the recommendations over the hours the schedules leave running.
    const unscheduled = applied ? cut(billed, stops) : billed;
    const curve = recommended
      ? cut(
          unscheduled,
          recommendationCuts(
            pending,
            applied ? stops : [],
            billed.length,
            await ranOf(scope, window, pending),
          ),
        )
      : unscheduled;
    const { rows: billRows } = await billOf(scope);
    const overrides = await rateOverrides(scope.clientId);
    const chosen = chosenRate(
      billRateRatio(billRows, query),
      query.rate_ratio,
      tableRate('compute_savings_plan', query.term, query.payment_option, overrides),
    );
    const rate = chosen.rate_ratio;
    const recommendation = rate === null ? null : optimiseCommitment(curve, rate);
    return {
      window: { start: window.start.toISOString(), end: window.end.toISOString() },
      hourly_on_demand: curve,
      ...chosen,
      schedules: scheduleSummary(stops, applied, sum(billed) - sum(unscheduled)),
      recommendations: recommendationSummary(pending, recommended, sum(unscheduled) - sum(curve)),
      recommendation:
        recommendation === null
          ? null
          : {
              commitment: recommendation.commitment,
              covered_on_demand_per_hour: recommendation.coveredOnDemandPerHour,
              savings: recommendation.savings,
              on_demand_cost: recommendation.onDemandCost,
              break_even_utilisation: recommendation.breakEvenUtilisation,
              expected_utilisation: recommendation.expectedUtilisation,
              expected_coverage: recommendation.expectedCoverage,
              band: recommendation.band,
              curve: recommendation.curve,
            },
    };
  }

  return {
    /**
     * Reads ahead what Commitment Management opens with over every project of a client — the default dashboard
     * (with the inventory it shows) and the default purchase analysis — so that after an import (the alerts job
     * calls it) the first visit is served from the reads kept here, not from the warehouse.
     */
    async warmFor(reader: ScopeReader): Promise<void> {
      const scope = await scopes.saved(reader);
      await Promise.all([
        dashboardOf(
          scope,
          commitmentDashboardQuerySchema.parse(lastCommitmentDays(COMMITMENT_DEFAULT_DAYS, now())),
        ),
        purchaseAnalysisOf(scope, purchaseAnalysisQuerySchema.parse({})),
      ]);
    },

    /** The alerts' input over the projects a caller asks for. */
    async alertInput(
      caller: ClientCaller,
      query: CommitmentAlertsQuery,
    ): Promise<CommitmentAlertInput | null> {
      return alertInputOf(await scopes.requested(caller, query.project_ids));
    },

    /** The alerts' input over every project of a client (the notification job). */
    async alertInputFor(reader: ScopeReader): Promise<CommitmentAlertInput | null> {
      return alertInputOf(await scopes.saved(reader));
    },

    /** The bill's inventory, each reservation and savings plan with what its owner account describes. */
    async inventory(caller: ClientCaller, query: CommitmentInventoryQuery): Promise<CommitmentInventory> {
      const scope = await scopes.requested(caller, query.project_ids);
      const inventory = await inventoryOf(scope);
      return { ...inventory, ...(await describeReservations(scope, inventory)) };
    },

    async dashboard(caller: ClientCaller, query: CommitmentDashboardQuery): Promise<CommitmentDashboard> {
      return dashboardOf(await scopes.requested(caller, query.project_ids), query);
    },

    async purchaseAnalysis(caller: ClientCaller, query: PurchaseAnalysisQuery): Promise<PurchaseAnalysis> {
      return purchaseAnalysisOf(await scopes.requested(caller, query.project_ids), query);
    },

    /**
     * Reserved instances to buy, by normalised units: per service, region and family run on demand in the
     * look-back, the hourly units curve, the family's on-demand price per unit-hour from those rows, and the rate
     * ratio of the bill's own reservations of that service, term and payment option (else the stated one); the
     * savings plan optimiser over that curve, in steps of the smallest billed size (bought in the most-used size
     * when it makes the units whole).
     */
    async reservationAnalysis(
      caller: ClientCaller,
      query: PurchaseAnalysisQuery,
    ): Promise<ReservationAnalysis> {
      const scope = await scopes.requested(caller, query.project_ids);
      const newest = (await newestDay(scope)) ?? day(now());
      const window = lookBackWindow(
        new Date(Date.parse(newest) + DAY_MS),
        Number(query.look_back) as LookBackDays,
      );
      const [rows, { rows: billRows }, overrides, stops, pending] = await Promise.all([
        reservationHoursOf(scope, window),
        billOf(scope),
        rateOverrides(caller.clientId),
        scheduleStopsOf(scope, window),
        pendingOf(scope),
      ]);
      const applied = query.schedules !== 'ignore';
      const recommended = query.recommendations !== 'ignore';
      const hours = (window.end.getTime() - window.start.getTime()) / HOUR_MS;
      const { results, removedOnDemand, removedByRecommendations } = reservationResults({
        rows,
        billRows,
        window,
        query,
        overrides,
        stops: applied ? stops : [],
        cuts: recommended
          ? recommendationCuts(pending, applied ? stops : [], hours, await ranOf(scope, window, pending))
          : [],
      });
      return {
        window: { start: window.start.toISOString(), end: window.end.toISOString() },
        schedules: scheduleSummary(stops, applied, removedOnDemand),
        recommendations: recommendationSummary(pending, recommended, removedByRecommendations),
        results,
      };
    },

    /**
     * ShareSave's realised commitment savings per month (the dashboard's net savings of each month: on-demand
     * equivalent of the covered usage − what the commitments cost, unused hours included), the last `months` of
     * the bill, newest first; none without data.
     */
    async realisedSavingsByMonth(
      caller: ClientCaller,
      query: Pick<ShareSaveQuery, 'project_ids' | 'months'>,
    ): Promise<{ month: string; savings: number }[]> {
      return realisedSavingsOf(await scopes.requested(caller, query.project_ids), query.months);
    },

    /** The same over every project of a client (the partner view of its clients). */
    async realisedSavingsFor(reader: ScopeReader, months: number) {
      return realisedSavingsOf(await scopes.saved(reader), months);
    },

    /** The newest usage day of a client's bill over every project, null without data (the ShareSave notice). */
    async newestDayFor(reader: ScopeReader): Promise<string | null> {
      return newestDay(await scopes.saved(reader));
    },

    async convertible(caller: ClientCaller, query: ConvertibleQuery): Promise<ConvertibleAnalysis> {
      const scope = await scopes.requested(caller, query.project_ids);
      const [inventory, newest] = await Promise.all([inventoryOf(scope), newestDay(scope)]);
      const asOf = new Date(inventory.as_of);
      const onDemand =
        newest === null
          ? []
          : lastMonthOnDemand(await rowsOf(scope, `${newest.slice(0, 7)}-01`, newest, 'month'), newest);
      const results = inventory.reservations
        .filter((r) => r.offering_class === 'convertible' && (r.utilisation ?? 0) < query.utilisation_below)
        .map((r) => {
          const source =
            r.start !== null && r.end !== null
              ? {
                  count: r.count,
                  upfront: r.count > 0 ? r.upfront_value / r.count : 0,
                  recurringHourly: r.recurring_hourly_per_instance,
                  term: { start: new Date(r.start), end: new Date(r.end) },
                }
              : null;
          return {
            arn: r.arn,
            instance_type: r.instance_type,
            region: r.region,
            count: r.count,
            utilisation: r.utilisation,
            remaining_value: source === null ? 0 : remainingValue(source, asOf),
            end: r.end,
            exchange: source === null ? null : exchangeOf(r, source, onDemand, asOf),
          };
        });
      return { results };
    },
  };
}

/**
 * The alerts' sums over the window's days (`from` to `newest`, both usage days): the last 7 days' and the 28
 * before them (coverage), each commitment's over the last 30 (utilisation), and the RIFee rows of those 30 days
 * (reserved hours) — from the fee rows spread over days (a month's fee is spread over all its days: only those of
 * the window count) and the usage sums per day and commitment.
 */
function alertSums(
  feeRows: readonly Row[],
  usage: readonly WarehouseCommitmentSums[],
  window: { from: number; newest: number },
) {
  const useFrom = window.newest - (ALERT_USE_DAYS - 1) * DAY_MS;
  const recentFrom = window.newest - (ALERT_RECENT_DAYS - 1) * DAY_MS;
  const use = new Map<string, CommitmentFiguresSum>();
  const useOf = (arn: string) => {
    const sum = use.get(arn) ?? new CommitmentFiguresSum();
    use.set(arn, sum);
    return sum;
  };
  const fees: Row[] = [];
  const recent = new CommitmentFiguresSum();
  const previous = new CommitmentFiguresSum();
  const inWindow = (at: number) => at >= window.from && at <= window.newest;
  for (const row of feeRows) {
    const at = row.at.getTime();
    if (!inWindow(at)) continue;
    (at >= recentFrom ? recent : previous).add(row);
    const arn = row.reservationArn ?? row.savingsPlanArn;
    if (arn === null || at < useFrom) continue;
    if (row.lineItemType === 'RIFee') fees.push(row);
    useOf(arn).add(row);
  }
  for (const { at: period, keys, sums } of usage) {
    const at = period.getTime();
    if (!inWindow(at)) continue;
    (at >= recentFrom ? recent : previous).addUsage(sums);
    const arn = keys.reservationArn ?? keys.savingsPlanArn ?? null;
    if (arn !== null && at >= useFrom) useOf(arn).addUsage(sums);
  }
  return { use, fees, recent, previous };
}

type InventoryReservation = BillReservation;
interface OnDemandUse {
  service: string | null;
  region: string | null;
  instanceType: string;
  unitsPerHour: number;
}

/** On-demand instance use per service, region and instance type over the bill's last month, in normalised units/h. */
function lastMonthOnDemand(rows: readonly Row[], newest: string): OnDemandUse[] {
  const month = newest.slice(0, 7);
  const hours = (Date.parse(newest) + DAY_MS - Date.parse(`${month}-01T00:00:00Z`)) / HOUR_MS;
  const uses = new Map<string, OnDemandUse>();
  for (const row of rows) {
    if (row.billingPeriod !== month || row.lineItemType !== 'Usage' || !isCommitmentEligible(row)) continue;
    const instanceType = instanceTypeOf(row);
    const factor = instanceType ? normalisationFactor(instanceType) : null;
    if (instanceType === undefined || factor === null) continue;
    const key = [row.productCode, row.region, instanceType].join('|');
    const use = uses.get(key) ?? {
      service: row.productCode,
      region: row.region,
      instanceType,
      unitsPerHour: 0,
    };
    use.unitsPerHour += (row.normalizedUsageAmount ?? (row.usageAmount ?? 0) * factor) / hours;
    uses.set(key, use);
  }
  return [...uses.values()];
}

/**
 * The exchange of an under-used convertible reservation for the instance type of its service and region that
 * runs most on demand, sized to cover what it is used for plus that use, valued at its own price per normalised
 * unit-hour; the value rule may ask for more instances (the true-up is paid upfront).
 */
function exchangeOf(
  r: InventoryReservation,
  source: ConvertibleReservation,
  onDemand: readonly OnDemandUse[],
  asOf: Date,
): ConvertibleAnalysis['results'][number]['exchange'] {
  const reservedUnits = r.normalised_units_per_hour;
  if (reservedUnits === null || !(reservedUnits > 0) || r.instance_type === null) return null;
  const used = reservedUnits * (r.utilisation ?? 0);
  const target = onDemand
    .filter((u) => u.service === r.service && u.region === r.region)
    .sort((a, b) => b.unitsPerHour - a.unitsPerHour)[0];
  const targetType = target?.instanceType ?? r.instance_type;
  const unitsPerInstance = normalisationFactor(targetType);
  if (unitsPerInstance === null) return null;
  const termHours = (source.term.end.getTime() - source.term.start.getTime()) / HOUR_MS;
  const perUnitHour = (source.count * (source.upfront / termHours + source.recurringHourly)) / reservedUnits;
  if (!(perUnitHour > 0)) return null;
  const wanted = used + (target?.unitsPerHour ?? 0);
  const quote = exchangeQuote(
    [source],
    { unitsPerInstance, hourlyValue: perUnitHour * unitsPerInstance },
    wanted,
    asOf,
  );
  const newUnits = quote.instances * unitsPerInstance;
  return {
    target_instance_type: targetType,
    wanted_units_per_hour: wanted,
    instances: quote.instances,
    minimum_instances: quote.minimumInstances,
    new_value: quote.newValue,
    true_up: quote.trueUp,
    remaining_hours: quote.remainingHours,
    utilisation_before: r.utilisation,
    utilisation_after: ratio(Math.min(wanted, newUnits), newUnits),
    coverage_before: ratio(used, wanted),
    coverage_after: ratio(Math.min(wanted, newUnits), wanted),
  };
}

/**
 * The rate ratio (commitment rate ÷ on-demand rate) the bill shows for the asked term and payment option: the
 * savings plans' covered effective cost ÷ its on-demand equivalent over the look-back, else the reservations'.
 */
function billRateRatio(rows: readonly Row[], query: PurchaseAnalysisQuery): number | null {
  const plans = new Map(savingsPlanInventory(rows, new Date()).map((s) => [s.arn, s]));
  const sp = savingsPlanMonths(rows).filter((m) => {
    const plan = plans.get(m.arn);
    return plan?.term === query.term && plan.paymentOption === query.payment_option;
  });
  const fromPlans = ratio(
    sum(sp.map((m) => m.coveredEffectiveCost)),
    sum(sp.map((m) => m.onDemandEquivalent)),
  );
  if (fromPlans !== null) return fromPlans;
  return billReservationRatio(rows, query, null);
}

export type CommitmentsService = ReturnType<typeof createCommitmentsService>;
