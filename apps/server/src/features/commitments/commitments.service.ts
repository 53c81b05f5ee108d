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
import type { CommitmentAlertInput } from '@finlens/cost-model/commitments/alerts';
import { CommitmentFiguresSum } from '@finlens/cost-model/commitments/figures';
import {
  hourlyCurve,
  type LookBackDays,
  lookBackWindow,
  withoutRemovedSpend,
} from '@finlens/cost-model/commitments/hourly-curve';
import { optimiseCommitment } from '@finlens/cost-model/commitments/optimiser';
import { type RateOverride, tableRate } from '@finlens/cost-model/commitments/rate-table';
import { addMonths, startOfMonth } from '@finlens/cost-model/utc-calendar';
import type { ClientCaller } from '../../platform/auth/caller';
import type { CostScopes, ReadScope, ScopeReader } from '../../warehouse/cost-scope';
import { alertInputFrom, alertReadFrom } from './alert-input';
import { dashboardFrom, GROUP_FIELDS } from './commitment-dashboard';
import { type BillInventory, billInventory, describedExpiries } from './commitment-inventory';
import { billedTo, type CommitmentWarehouse, createCommitmentReads } from './commitment-reads';
import { convertibleResults, lastMonthOnDemand } from './convertible-exchange';
import { chosenRate, spreadOverHours } from './purchase-rates';
import { billRateRatio, reservationResults } from './reservation-analysis';
import { createReservationEnrichment, type ReservationEnrichment } from './reservation-enrichment';
import { spreadMonthlyFees } from './reservation-fees';
import {
  type CurveCut,
  type PendingRecommendationsOf,
  recommendationCuts,
  recommendationSummary,
  removedPerHour,
  type ScheduleStopsOf,
  scheduleSummary,
} from './schedule-what-if';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const day = (at: Date) => at.toISOString().slice(0, 10);
const sum = (values: Iterable<number>) => [...values].reduce((s, v) => s + v, 0);

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
  keptBytes,
  now = () => new Date(),
}: {
  scopes: CostScopes;
  /** Without usage sums or hours (a warehouse that only gives rows), the service sums the rows itself. */
  warehouse: CommitmentWarehouse;
  /** A client's own figures for the documented rate table (set by its admins). */
  rateOverrides?: (clientId: string) => Promise<readonly RateOverride[]>;
  /** The resource scheduler's enabled schedules over a look-back (the purchase analyses' what-if); none without. */
  scheduleStops?: ScheduleStopsOf;
  /** The recommendations not yet applied (the purchase analyses' second what-if); none without. */
  pendingRecommendations?: PendingRecommendationsOf;
  /** What the owner accounts describe of the bill's reservations (none reachable without). */
  describeReservations?: ReservationEnrichment;
  /** Bytes the kept reads may hold (KEPT_BYTES of commitment-reads.ts). */
  keptBytes?: number;
  now?: () => Date;
}) {
  /**
   * The bill's reads (commitment-reads.ts), kept until an import changes it: the inventory's 13 months of
   * commitment rows serve the inventory, every dashboard's expiries and the purchase analysis's rate; a dashboard
   * range or look-back asked again is not read again.
   */
  const reads = createCommitmentReads({ warehouse, scheduleStops, pendingRecommendations, keptBytes, now });

  async function inventoryOf(scope: ReadScope): Promise<BillInventory> {
    const asOf = now();
    const { newest, rows } = await reads.billOf(scope);
    return billInventory(rows, newest, asOf);
  }

  /**
   * The inventory with what the owner accounts describe (each account's answer kept a few minutes) and its expiry
   * calendar by each commitment's exact end where described: the inventory, the dashboard and the alerts.
   */
  async function describedInventoryOf(scope: ReadScope): Promise<CommitmentInventory> {
    const inventory = await inventoryOf(scope);
    const described = await describeReservations(scope, inventory);
    return { ...inventory, ...described, expiries: describedExpiries(described, new Date(inventory.as_of)) };
  }

  /** Each month's realised commitment savings, the last `months` of the bill, newest first; none without data. */
  async function realisedSavingsOf(
    scope: ReadScope,
    count: number,
  ): Promise<{ month: string; savings: number }[]> {
    const newest = await reads.newestDay(scope);
    if (newest === null) return [];
    const months = Array.from({ length: count }, (_, i) => addMonths(startOfMonth(newest), -i).slice(0, 7));
    const sums = new Map(months.map((m) => [m, new CommitmentFiguresSum()]));
    const from = `${months.at(-1)}-01`;
    for (const row of spreadMonthlyFees(
      await reads.rowsOf(scope, from, newest, 'month'),
      'month',
      billedTo(newest),
    ))
      sums.get(row.at.toISOString().slice(0, 7))?.add(row);
    return months.map((month) => ({
      month,
      savings: (sums.get(month) as CommitmentFiguresSum).figures().netSavings,
    }));
  }

  /**
   * What the commitment alerts judge over a scope: each commitment of the inventory with its use over the last
   * 30 billed days, and coverage of the last 7 billed days against the 28 before them. Null without data.
   */
  async function alertInputOf(scope: ReadScope): Promise<CommitmentAlertInput | null> {
    const newest = await reads.newestDay(scope);
    if (newest === null) return null;
    const from = alertReadFrom(newest);
    // The fee rows one by one and the usage sums per day and commitment (ARNs; none for uncommitted usage).
    const [{ fees: feeRows, usage }, inventory] = await Promise.all([
      reads.usageReadOf(scope, { from, to: newest, grain: 'day', by: GROUP_FIELDS.commitment }),
      describedInventoryOf(scope),
    ]);
    return alertInputFrom({ newest, from, feeRows, usage, inventory });
  }

  async function dashboardOf(
    scope: ReadScope,
    query: CommitmentDashboardQuery,
  ): Promise<CommitmentDashboard> {
    // The bill's fees and usage sums of the range and the inventory (for the expiries) are read side by side.
    const [{ fees, usage }, inventory, newest] = await Promise.all([
      reads.usageReadOf(scope, {
        from: query.start_date,
        to: query.end_date,
        grain: query.granularity,
        by: GROUP_FIELDS[query.group_by],
      }),
      describedInventoryOf(scope),
      reads.newestDay(scope),
    ]);
    return dashboardFrom(query, { fees, usage, billedTo: billedTo(newest), expiries: inventory.expiries });
  }

  async function purchaseAnalysisOf(
    scope: ReadScope,
    query: PurchaseAnalysisQuery,
  ): Promise<PurchaseAnalysis> {
    const newest = (await reads.newestDay(scope)) ?? day(now());
    const window = lookBackWindow(
      new Date(Date.parse(newest) + DAY_MS),
      Number(query.look_back) as LookBackDays,
    );
    const [spend, stops, pending] = await Promise.all([
      reads.spendOf(scope, window),
      reads.scheduleStopsOf(scope, window),
      reads.pendingOf(scope),
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
            await reads.ranOf(scope, window, pending),
          ),
        )
      : unscheduled;
    const { rows: billRows } = await reads.billOf(scope);
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
      return describedInventoryOf(await scopes.requested(caller, query.project_ids));
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
      const newest = (await reads.newestDay(scope)) ?? day(now());
      const window = lookBackWindow(
        new Date(Date.parse(newest) + DAY_MS),
        Number(query.look_back) as LookBackDays,
      );
      const [rows, { rows: billRows }, overrides, stops, pending] = await Promise.all([
        reads.reservationHoursOf(scope, window),
        reads.billOf(scope),
        rateOverrides(caller.clientId),
        reads.scheduleStopsOf(scope, window),
        reads.pendingOf(scope),
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
          ? recommendationCuts(
              pending,
              applied ? stops : [],
              hours,
              await reads.ranOf(scope, window, pending),
            )
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
      return reads.newestDay(await scopes.saved(reader));
    },

    async convertible(caller: ClientCaller, query: ConvertibleQuery): Promise<ConvertibleAnalysis> {
      const scope = await scopes.requested(caller, query.project_ids);
      const [inventory, newest] = await Promise.all([inventoryOf(scope), reads.newestDay(scope)]);
      const onDemand =
        newest === null
          ? []
          : lastMonthOnDemand(await reads.rowsOf(scope, `${newest.slice(0, 7)}-01`, newest, 'month'), newest);
      return { results: convertibleResults(inventory, onDemand, query) };
    },
  };
}

export type CommitmentsService = ReturnType<typeof createCommitmentsService>;
