/**
 * The commitment inventory read from the bill. Reservations (/v3/cost/reserved/): what each reservation is, from its RIFee
 * rows (count, term, fees) and its DiscountedUsage rows (offering class, the accounts sharing it). The payment
 * option follows from the fees: upfront and recurring → Partial Upfront, upfront only → All Upfront, recurring only
 * → No Upfront. The latest month's RIFee row wins when a reservation spans several months. Savings plans: from
 * their SavingsPlanRecurringFee rows (offering, term, payment option, dates, commitment) and covered usage (accounts).
 */
import type { CurCommitmentRow } from './cur-row';
import { normalisationFactor } from './normalisation';

export type PaymentOption = 'All Upfront' | 'Partial Upfront' | 'No Upfront';

export interface ReservationItem {
  arn: string;
  ownerAccount: string;
  service: string | null;
  instanceType: string | null;
  region: string | null;
  /** Zonal reservations only (CUR 2.0 has the column; the legacy CUR does not). */
  availabilityZone: string | null;
  count: number;
  start: string | null;
  end: string | null;
  /** Whole years between start and end (1 or 3); null without dates. */
  termYears: number | null;
  paymentOption: PaymentOption;
  offeringClass: string | null;
  upfrontValue: number;
  recurringHourlyPerInstance: number;
  normalisedUnitsPerHour: number | null;
  /** Usage accounts that its DiscountedUsage rows benefit. */
  accounts: string[];
  /** Whole days from `now` to the end (negative once expired); null without an end. */
  daysToExpiry: number | null;
}

const DAY_MS = 86_400_000;

export function paymentOptionOf(upfrontValue: number, recurringHourly: number): PaymentOption {
  if (upfrontValue > 0) return recurringHourly > 0 ? 'Partial Upfront' : 'All Upfront';
  return 'No Upfront';
}

function termYears(start: string | null, end: string | null): number | null {
  if (!start || !end) return null;
  const days = (Date.parse(end) - Date.parse(start)) / DAY_MS;
  return Number.isFinite(days) ? Math.round(days / 365) : null;
}

export function reservationInventory(rows: Iterable<CurCommitmentRow>, now: Date): ReservationItem[] {
  const fees = new Map<string, CurCommitmentRow>();
  const usage = new Map<string, { accounts: Set<string>; offeringClass: string | null }>();
  for (const row of rows) {
    const arn = row.reservationArn;
    if (!arn) continue;
    if (row.lineItemType === 'RIFee') {
      const previous = fees.get(arn);
      if (!previous || previous.billingPeriod <= row.billingPeriod) fees.set(arn, row);
    } else if (row.lineItemType === 'DiscountedUsage') {
      const u = usage.get(arn) ?? { accounts: new Set<string>(), offeringClass: null };
      u.accounts.add(row.usageAccountId);
      u.offeringClass ??= row.pricingOfferingClass || null;
      usage.set(arn, u);
    }
  }
  return [...fees.entries()]
    .map(([arn, fee]) => {
      const count = fee.reservationNumberOfReservations ?? 1;
      const hours = fee.usageAmount ?? 0;
      const recurringHourly = hours > 0 ? (fee.unblended ?? 0) / hours : 0;
      const upfrontValue = fee.reservationUpfrontValue ?? 0;
      const instanceType = /:(.+)$/.exec(fee.usageType ?? '')?.[1] ?? null;
      const factor = instanceType ? normalisationFactor(instanceType) : null;
      const end = fee.reservationEndTime || null;
      return {
        arn,
        ownerAccount: fee.usageAccountId,
        service: fee.productCode,
        instanceType,
        region: fee.region,
        availabilityZone: fee.reservationAvailabilityZone || null,
        count,
        start: fee.reservationStartTime || null,
        end,
        termYears: termYears(fee.reservationStartTime, end),
        paymentOption: paymentOptionOf(upfrontValue, recurringHourly),
        offeringClass: usage.get(arn)?.offeringClass ?? null,
        upfrontValue,
        recurringHourlyPerInstance: recurringHourly,
        normalisedUnitsPerHour: factor === null ? null : factor * count,
        accounts: [...(usage.get(arn)?.accounts ?? [])].sort(),
        daysToExpiry: end ? Math.floor((Date.parse(end) - now.getTime()) / DAY_MS) : null,
      };
    })
    .sort((a, b) => a.arn.localeCompare(b.arn));
}

export interface SavingsPlanItem {
  arn: string;
  ownerAccount: string;
  offeringType: string | null;
  paymentOption: string | null;
  term: string | null;
  start: string | null;
  end: string | null;
  /** EC2 Instance Savings Plans only: the region and family they are bound to. */
  region: string | null;
  instanceFamily: string | null;
  /** $/h committed: total commitment of its fee rows ÷ the hours they cover (24 per daily row, 1 per hourly). */
  hourlyCommitment: number | null;
  /** Share of the commitment paid upfront (amortised upfront ÷ total commitment). */
  upfrontShare: number | null;
  accounts: string[];
  daysToExpiry: number | null;
}

export function savingsPlanInventory(rows: Iterable<CurCommitmentRow>, now: Date): SavingsPlanItem[] {
  const plans = new Map<
    string,
    { fee: CurCommitmentRow; commitment: number; upfront: number; hours: number }
  >();
  const coveredAccounts = new Map<string, Set<string>>();
  for (const row of rows) {
    const arn = row.savingsPlanArn;
    if (!arn) continue;
    if (row.lineItemType === 'SavingsPlanCoveredUsage') {
      const accounts = coveredAccounts.get(arn) ?? new Set<string>();
      accounts.add(row.usageAccountId);
      coveredAccounts.set(arn, accounts);
    } else if (row.lineItemType === 'SavingsPlanRecurringFee') {
      const plan = plans.get(arn) ?? { fee: row, commitment: 0, upfront: 0, hours: 0 };
      if (plan.fee.billingPeriod <= row.billingPeriod) plan.fee = row;
      plan.commitment += row.spTotalCommitment ?? 0;
      plan.upfront += row.spAmortizedUpfront ?? 0;
      plan.hours += row.usageAmount ?? 0;
      plans.set(arn, plan);
    }
  }
  return [...plans.entries()]
    .map(([arn, { fee, commitment, upfront, hours }]) => {
      const end = fee.savingsPlanEndTime || null;
      return {
        arn,
        ownerAccount: fee.usageAccountId,
        offeringType: fee.savingsPlanOfferingType || null,
        paymentOption: fee.savingsPlanPaymentOption || null,
        term: fee.savingsPlanPurchaseTerm || null,
        start: fee.savingsPlanStartTime || null,
        end,
        region: fee.savingsPlanRegion || null,
        instanceFamily: fee.savingsPlanInstanceTypeFamily || null,
        hourlyCommitment: hours > 0 ? commitment / hours : null,
        upfrontShare: commitment > 0 ? upfront / commitment : null,
        accounts: [...(coveredAccounts.get(arn) ?? [])].sort(),
        daysToExpiry: end ? Math.floor((Date.parse(end) - now.getTime()) / DAY_MS) : null,
      };
    })
    .sort((a, b) => a.arn.localeCompare(b.arn));
}
