import type {
  CommitmentDashboard,
  CommitmentDashboardQuery,
  CommitmentInventory,
  CommitmentInventoryQuery,
  ConvertibleAnalysis,
  ConvertibleQuery,
  PurchaseAnalysis,
  PurchaseAnalysisQuery,
} from '@finlens/contracts/commitments';
import { type Interval, overlapHours } from '@finlens/cost-model/commitments/amortisation';
import {
  coverageByGroup,
  reservationMonths,
  savingsByMonth,
  savingsPlanMonths,
} from '@finlens/cost-model/commitments/cur-commitments';
import { isCommitmentEligible } from '@finlens/cost-model/commitments/eligibility';
import { remainingValue } from '@finlens/cost-model/commitments/exchange';
import { hourlyCurve, type LookBackDays, lookBackWindow } from '@finlens/cost-model/commitments/hourly-curve';
import { reservationInventory, savingsPlanInventory } from '@finlens/cost-model/commitments/inventory';
import { instanceFamily } from '@finlens/cost-model/commitments/normalisation';
import { optimiseCommitment } from '@finlens/cost-model/commitments/optimiser';
import { bucketOf, bucketsOf } from '@finlens/cost-model/commitments/utilisation-series';
import type { ClientCaller } from '../../platform/auth/caller';
import type { CommitmentRowsPort, WarehouseCommitmentRow } from '../../warehouse/cost-query/commitment-rows';
import type { CostQueryPort } from '../../warehouse/cost-query/cost-query-port';
import type { CostScopes, ReadScope } from '../../warehouse/cost-scope';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** How far back the inventory reads the bill: a month of rows per commitment is enough, 13 months show its use. */
const INVENTORY_DAYS = 400;
const EXPIRY_DAYS = 90;

type Row = WarehouseCommitmentRow;
const day = (at: Date) => at.toISOString().slice(0, 10);
const sum = (values: Iterable<number>) => [...values].reduce((s, v) => s + v, 0);
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** Row fields that are sums over line items: a monthly fee row spread over days or hours scales them. */
const SPREAD_FIELDS = [
  'unblended',
  'netUnblended',
  'amortized',
  'usageAmount',
  'reservationTotalReservedUnits',
  'reservationTotalReservedNormalizedUnits',
  'reservationUnusedQuantity',
  'reservationUnusedNormalizedUnitQuantity',
  'reservationAmortizedUpfrontFee',
  'reservationUnusedAmortizedUpfront',
  'reservationUnusedRecurring',
  'reservationNetUnusedAmortizedUpfront',
  'reservationNetUnusedRecurring',
] as const;

/**
 * A reservation's RIFee row is monthly; by day or hour its figures (reserved and unused hours, fees) are spread over
 * the buckets of its month by the hours of its term inside each, so every bucket carries its share and the buckets
 * of a month add up to the bill's row.
 */
export function spreadMonthlyFees(rows: readonly Row[], grain: 'hour' | 'day' | 'month'): Row[] {
  if (grain === 'month') return [...rows];
  return rows.flatMap((row) => {
    if (row.lineItemType !== 'RIFee') return [row];
    const month = bucketOf(row.at, 'month');
    const term: Interval = {
      start: row.reservationStartTime ? new Date(row.reservationStartTime) : month.start,
      end: row.reservationEndTime ? new Date(row.reservationEndTime) : month.end,
    };
    const hours = overlapHours(term, month);
    if (!(hours > 0)) return [row];
    return bucketsOf(month, grain).flatMap((bucket) => {
      const share = overlapHours(term, bucket) / hours;
      if (share === 0) return [];
      const copy: Row = { ...row, at: bucket.start };
      for (const field of SPREAD_FIELDS) {
        const value = row[field];
        if (value !== null) (copy as unknown as Record<string, number>)[field] = value * share;
      }
      return [copy];
    });
  });
}

/**
 * A usage row's on-demand spend per hour of its usage: a daily CUR line (start at midnight, end 24 hours later) is
 * spread evenly over its hours, so the purchase curve does not see a day's use as one hour's spike.
 */
export function hourlySpend(row: Row): { at: Date; onDemandCost: number }[] {
  const cost = row.publicOnDemandCost ?? 0;
  const hours =
    row.usageEnd === null
      ? 1
      : Math.max(1, Math.round((row.usageEnd.getTime() - row.at.getTime()) / HOUR_MS));
  return Array.from({ length: hours }, (_, h) => ({
    at: new Date(row.at.getTime() + h * HOUR_MS),
    onDemandCost: cost / hours,
  }));
}

/** Commitment utilisation in money: used commitment ÷ the commitments' amortised cost (RIs and savings plans). */
function moneyUtilisation(rows: readonly Row[]) {
  let used = 0;
  let unused = 0;
  for (const m of reservationMonths(rows)) {
    used += m.usedEffectiveCost;
    unused += m.unusedCost;
  }
  for (const m of savingsPlanMonths(rows)) {
    used += m.usedCommitment;
    unused += m.unusedCost;
  }
  return { utilisation: ratio(used, used + unused), unusedCost: unused };
}

/** Figures of a set of rows: utilisation, coverage in on-demand cost, the savings rate. */
function figuresOf(rows: readonly Row[]) {
  // One period for the cost model's monthly sums (eligibility reads the service, so it stays).
  const one = rows.map((r) => ({ ...r, billingPeriod: 'all' }));
  const savings = savingsByMonth(one).get('all');
  const coverage = [...coverageByGroup(one).values()];
  const use = moneyUtilisation(one);
  return {
    utilisation: use.utilisation,
    coverage: ratio(
      sum(coverage.map((c) => c.coveredOnDemandCost)),
      sum(coverage.map((c) => c.eligibleOnDemandCost)),
    ),
    effective_savings_rate: savings?.effectiveSavingsRate ?? null,
    on_demand_equivalent: savings?.onDemandEquivalent ?? 0,
    actual_cost: savings?.actual ?? 0,
    net_savings: savings?.netSavings ?? 0,
    unused_cost: use.unusedCost,
    spot: savings?.spot,
  };
}

function groupKey(row: Row, group: CommitmentDashboardQuery['group_by']): string | null {
  switch (group) {
    case 'commitment':
      return row.reservationArn ?? row.savingsPlanArn;
    case 'account':
      return row.usageAccountId || null;
    case 'service':
      return row.productCode;
    case 'region':
      return row.region;
    case 'family': {
      const type = /:(.+)$/.exec(row.usageType ?? '')?.[1];
      return row.savingsPlanInstanceTypeFamily ?? (type ? instanceFamily(type) : null);
    }
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

function expiriesOf(inventory: Pick<CommitmentInventory, 'reservations' | 'savings_plans'>) {
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
  now = () => new Date(),
}: {
  scopes: CostScopes;
  warehouse: CommitmentRowsPort & Pick<CostQueryPort, 'runCostQuery'>;
  now?: () => Date;
}) {
  /** The newest usage day of the scope (the bill's end), null without data. */
  async function newestDay(scope: ReadScope): Promise<string | null> {
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
    warehouse.commitmentRows({ ...scope, from, to, grain });

  async function inventoryOf(scope: ReadScope): Promise<CommitmentInventory> {
    const asOf = now();
    const newest = await newestDay(scope);
    if (newest === null)
      return { as_of: asOf.toISOString(), reservations: [], savings_plans: [], expiries: [] };
    const from = day(new Date(Date.parse(newest) - INVENTORY_DAYS * DAY_MS));
    const rows = await rowsOf(scope, from, newest, 'month');
    const riUse = new Map<string, { purchased: number; unused: number }>();
    for (const m of reservationMonths(rows)) {
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

  return {
    async inventory(caller: ClientCaller, query: CommitmentInventoryQuery): Promise<CommitmentInventory> {
      return inventoryOf(await scopes.requested(caller, query.project_ids));
    },

    async dashboard(caller: ClientCaller, query: CommitmentDashboardQuery): Promise<CommitmentDashboard> {
      const scope = await scopes.requested(caller, query.project_ids);
      const grain = query.granularity;
      const rows = spreadMonthlyFees(await rowsOf(scope, query.start_date, query.end_date, grain), grain);
      const byPeriod = groupBy(rows, (r) => r.at.toISOString());
      const window = {
        start: new Date(`${query.start_date}T00:00:00Z`),
        end: new Date(Date.parse(`${query.end_date}T00:00:00Z`) + DAY_MS),
      };
      const periods = bucketsOf(window, grain).map((bucket) => {
        const { spot: _, ...figures } = figuresOf(byPeriod.get(bucket.start.toISOString()) ?? []);
        return { period: bucket.start.toISOString(), ...figures };
      });
      const { spot, ...totals } = figuresOf(rows);
      const groups = [...groupBy(rows, (r) => groupKey(r, query.group_by))]
        .map(([key, groupRows]) => {
          const f = figuresOf(groupRows);
          return {
            key,
            utilisation: f.utilisation,
            coverage: f.coverage,
            on_demand_equivalent: f.on_demand_equivalent,
            net_savings: f.net_savings,
            unused_cost: f.unused_cost,
          };
        })
        .sort((a, b) => b.on_demand_equivalent - a.on_demand_equivalent || a.key.localeCompare(b.key));
      return {
        periods,
        totals: {
          ...totals,
          spot_cost: (spot?.actual ?? 0) + (spot?.unpricedActual ?? 0),
          spot_savings: spot?.netSavings ?? 0,
        },
        groups,
        expiries: (await inventoryOf(scope)).expiries,
      };
    },

    async purchaseAnalysis(caller: ClientCaller, query: PurchaseAnalysisQuery): Promise<PurchaseAnalysis> {
      const scope = await scopes.requested(caller, query.project_ids);
      const newest = (await newestDay(scope)) ?? day(now());
      const window = lookBackWindow(
        new Date(Date.parse(newest) + DAY_MS),
        Number(query.look_back) as LookBackDays,
      );
      const rows = await rowsOf(scope, day(window.start), day(new Date(window.end.getTime() - 1)), 'hour');
      const onDemand = rows.filter((r) => r.lineItemType === 'Usage' && isCommitmentEligible(r));
      const curve = hourlyCurve(onDemand.flatMap(hourlySpend), window);
      const billRows = await rowsOf(
        scope,
        day(new Date(Date.parse(newest) - INVENTORY_DAYS * DAY_MS)),
        newest,
        'month',
      );
      const fromBill = billRateRatio(billRows, query);
      const rate = fromBill ?? query.rate_ratio ?? null;
      const recommendation = rate === null ? null : optimiseCommitment(curve, rate);
      return {
        window: { start: window.start.toISOString(), end: window.end.toISOString() },
        hourly_on_demand: curve,
        rate_ratio: rate,
        rate_source: fromBill !== null ? 'bill' : rate !== null ? 'stated' : 'none',
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
    },

    async convertible(caller: ClientCaller, query: ConvertibleQuery): Promise<ConvertibleAnalysis> {
      const scope = await scopes.requested(caller, query.project_ids);
      const inventory = await inventoryOf(scope);
      const asOf = new Date(inventory.as_of);
      const results = inventory.reservations
        .filter((r) => r.offering_class === 'convertible' && (r.utilisation ?? 0) < query.utilisation_below)
        .map((r) => ({
          arn: r.arn,
          instance_type: r.instance_type,
          region: r.region,
          count: r.count,
          utilisation: r.utilisation,
          remaining_value:
            r.start !== null && r.end !== null
              ? remainingValue(
                  {
                    count: r.count,
                    upfront: r.count > 0 ? r.upfront_value / r.count : 0,
                    recurringHourly: r.recurring_hourly_per_instance,
                    term: { start: new Date(r.start), end: new Date(r.end) },
                  },
                  asOf,
                )
              : 0,
          end: r.end,
        }));
      return { results };
    },
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
  const years = Number(query.term.slice(0, 1));
  const reservations = new Map(reservationInventory(rows, new Date()).map((r) => [r.arn, r]));
  const ri = reservationMonths(rows).filter((m) => {
    const r = reservations.get(m.arn);
    return r?.termYears === years && r.paymentOption === query.payment_option;
  });
  return ratio(sum(ri.map((m) => m.usedEffectiveCost)), sum(ri.map((m) => m.onDemandEquivalent)));
}

export type CommitmentsService = ReturnType<typeof createCommitmentsService>;
