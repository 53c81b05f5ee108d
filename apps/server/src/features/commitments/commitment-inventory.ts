import type { CommitmentInventory } from '@finlens/contracts/commitments';
import { reservationMonths, savingsPlanMonths } from '@finlens/cost-model/commitments/cur-commitments';
import { focusCommitmentPeriods } from '@finlens/cost-model/commitments/focus-commitments';
import { reservationInventory, savingsPlanInventory } from '@finlens/cost-model/commitments/inventory';
import {
  focusCommitmentRow,
  type WarehouseCommitmentRow as Row,
} from '../../warehouse/cost-query/commitment-rows';
import { billedTo } from './commitment-reads';
import { spreadMonthlyFees } from './reservation-fees';

/** The expiry calendar: the commitments ending within this many days. */
const EXPIRY_DAYS = 90;
const DAY_MS = 86_400_000;

const sum = (values: Iterable<number>) => [...values].reduce((s, v) => s + v, 0);
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The inventory as the bill alone answers it (`inventory` adds what the owner accounts describe). */
export type BillReservation = Omit<CommitmentInventory['reservations'][number], 'from_account'>;
export type BillPlan = Omit<CommitmentInventory['savings_plans'][number], 'from_account'>;
export type BillInventory = Omit<CommitmentInventory, 'reservations' | 'savings_plans' | 'enrichment'> & {
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
 * Each reservation's operating system or engine as its own rows name it (the bill's product columns, kept on its
 * rows of the monthly read: commitment-rows.ts): its newest RIFee row's, else its newest covered usage's (a legacy
 * CUR's fee rows often name none).
 */
function reservationPlatforms(rows: readonly Row[]): Map<string, string> {
  // A fee row before any covered usage (a ms timestamp is far below 1e15), then the newest.
  const score = (row: Row) => (row.lineItemType === 'RIFee' ? 1e15 : 0) + row.at.getTime();
  const best = new Map<string, { score: number; platform: string }>();
  for (const row of rows) {
    const { reservationArn: arn, operatingSystem: platform } = row;
    if (arn === null || platform === null) continue;
    if (row.lineItemType !== 'RIFee' && row.lineItemType !== 'DiscountedUsage') continue;
    const seen = best.get(arn);
    if (seen === undefined || seen.score < score(row)) best.set(arn, { score: score(row), platform });
  }
  return new Map([...best].map(([arn, { platform }]) => [arn, platform]));
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

/**
 * The inventory from the bill's commitment rows (its last 13 months by month, `newest` its newest usage day): each
 * reservation and savings plan with its terms and its utilisation over those months, and the expiry calendar.
 */
export function billInventory(rows: readonly Row[], newest: string | null, asOf: Date): BillInventory {
  if (newest === null)
    return {
      as_of: asOf.toISOString(),
      reservations: [],
      savings_plans: [],
      commitment_discounts: [],
      expiries: [],
    };
  const riUse = new Map<string, { purchased: number; unused: number }>();
  for (const m of reservationMonths(spreadMonthlyFees(rows, 'month', billedTo(newest)))) {
    const u = riUse.get(m.arn) ?? { purchased: 0, unused: 0 };
    u.purchased += m.purchasedHours;
    u.unused += m.unusedHours;
    riUse.set(m.arn, u);
  }
  const spUse = groupBy(savingsPlanMonths(rows), (m) => m.arn);
  const platforms = reservationPlatforms(rows);
  const reservations = reservationInventory(rows, asOf).map((r) => {
    const u = riUse.get(r.arn);
    return {
      arn: r.arn,
      owner_account: r.ownerAccount,
      service: r.service,
      instance_type: r.instanceType,
      platform: platforms.get(r.arn) ?? null,
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
      utilisation: ratio(sum(months.map((m) => m.usedCommitment)), sum(months.map((m) => m.totalCommitment))),
    };
  });
  const inventory = { reservations, savings_plans: savingsPlans };
  return {
    as_of: asOf.toISOString(),
    ...inventory,
    commitment_discounts: focusInventory(rows),
    expiries: expiriesOf(inventory),
  };
}

/**
 * The commitment discounts of the bill's FOCUS rows (its purchases and its used and unused usage, by month): each
 * one's CommitmentDiscount* attributes and its periods' figures (focus-commitments.ts) summed over the months.
 */
function focusInventory(rows: readonly Row[]): BillInventory['commitment_discounts'] {
  const focus = rows.filter((r) => r.sourceFormat === 'focus' && r.commitmentDiscountId !== null);
  const rowsOf = groupBy(focus, (r) => r.commitmentDiscountId);
  const periodsOf = groupBy(focusCommitmentPeriods(focus.map(focusCommitmentRow)), (p) => p.commitmentId);
  return [...periodsOf]
    .map(([id, periods]) => {
      const own = rowsOf.get(id) ?? [];
      const first = (pick: (r: Row) => string | null) => own.map(pick).find((v) => v !== null) ?? null;
      const total = (pick: (p: (typeof periods)[number]) => number | null) => {
        const values = periods.map(pick).filter((v) => v !== null);
        return values.length === 0 ? null : sum(values);
      };
      const used = sum(periods.map((p) => p.usedQuantity));
      const unused = sum(periods.map((p) => p.unusedQuantity));
      const effective = sum(periods.map((p) => p.effectiveCost));
      const onDemand = total((p) => p.onDemandEquivalent);
      const months = periods.map((p) => p.billingPeriodStart.slice(0, 10)).sort();
      const account = (r: Row) => (r.usageAccountId === '' ? [] : [r.usageAccountId]);
      const accounts = own.filter((r) => r.commitmentDiscountStatus === 'Used').flatMap(account);
      return {
        id,
        name: first((r) => r.commitmentDiscountName),
        type: first((r) => r.commitmentDiscountType),
        category: first((r) => r.commitmentDiscountCategory),
        unit: first((r) => r.commitmentDiscountUnit),
        owner_account: own.filter((r) => r.lineItemType === 'Purchase').flatMap(account)[0] ?? null,
        accounts: [...new Set(accounts)].sort(),
        first_period: months[0] ?? '',
        last_period: months.at(-1) ?? '',
        purchase_cost: total((p) => p.purchaseBilledCost),
        purchased_quantity: total((p) => p.purchasedQuantity),
        used_quantity: used,
        unused_quantity: unused,
        utilisation: ratio(used, used + unused),
        effective_cost: effective,
        on_demand_equivalent: onDemand,
        net_savings: onDemand === null ? null : onDemand - effective,
      };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}

type Described = {
  end: string | null;
  days_to_expiry: number | null;
  from_account: { end: string | null } | null;
};

/** A commitment's end: the owner account's exact instant where it describes one, else the bill's. */
export function exactEnd(c: Pick<Described, 'end' | 'from_account'>): string | null {
  return c.from_account?.end ?? c.end;
}

/**
 * The expiry calendar of the described inventory: each commitment by its exact end where its owner account
 * describes one (the bill's end is a day's), its days left counted from `asOf`.
 */
export function describedExpiries(
  inventory: {
    reservations: readonly (BillReservation & Described)[];
    savings_plans: readonly (BillPlan & Described)[];
  },
  asOf: Date,
): BillInventory['expiries'] {
  const exact = <T extends Described>(c: T): T => {
    const end = exactEnd(c);
    if (c.from_account?.end == null || end === null) return c;
    return { ...c, end, days_to_expiry: Math.floor((Date.parse(end) - asOf.getTime()) / DAY_MS) };
  };
  return expiriesOf({
    reservations: inventory.reservations.map(exact),
    savings_plans: inventory.savings_plans.map(exact),
  });
}
