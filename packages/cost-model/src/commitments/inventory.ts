/**
 * The reservation inventory read from the bill (/v3/cost/reserved/): what each reservation is, from its RIFee
 * rows (count, term, fees) and its DiscountedUsage rows (offering class, the accounts sharing it). The payment
 * option follows from the fees: upfront and recurring → Partial Upfront, upfront only → All Upfront, recurring only
 * → No Upfront. The latest month's RIFee row wins when a reservation spans several months.
 */
import type { CurCommitmentRow } from './cur-commitments';
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
