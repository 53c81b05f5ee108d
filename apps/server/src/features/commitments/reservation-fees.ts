import { type Interval, overlapHours } from '@finlens/cost-model/commitments/amortisation';
import { bucketOf, bucketsOf } from '@finlens/cost-model/commitments/utilisation-series';
import type { WarehouseCommitmentRow } from '../../warehouse/cost-query/commitment-rows';

type Row = WarehouseCommitmentRow;
type Grain = 'hour' | 'day' | 'month';
type NumberField = { [K in keyof Row]: Row[K] extends number | null ? K : never }[keyof Row];

/** RIFee figures that fall evenly over the reserved hours: the reservation, its fees. */
const RESERVED_FIELDS = [
  'unblended',
  'netUnblended',
  'usageAmount',
  'reservationTotalReservedUnits',
  'reservationTotalReservedNormalizedUnits',
  'reservationAmortizedUpfrontFee',
] as const satisfies readonly NumberField[];
/** RIFee figures of the unused hours (an RIFee row's amortized cost is its unused fee). */
const UNUSED_FIELDS = [
  'amortized',
  'reservationUnusedQuantity',
  'reservationUnusedNormalizedUnitQuantity',
  'reservationUnusedAmortizedUpfront',
  'reservationUnusedRecurring',
  'reservationNetUnusedAmortizedUpfront',
  'reservationNetUnusedRecurring',
] as const satisfies readonly NumberField[];

function scaled(row: Row, fields: readonly NumberField[], by: number, into: Row = { ...row }): Row {
  const out = into as unknown as Record<string, number | null>;
  for (const field of fields) {
    const value = row[field];
    if (value !== null) out[field] = value * by;
  }
  return into;
}

/**
 * A month's RIFee row cut to what the bill has reached. While a month is open its RIFee reserves the whole month
 * and counts as unused every hour not used yet; cut, it reserves the hours of the term up to `billedTo` (its fees
 * likewise) and every used hour falls in them, so an open month counts only its billed days. A closed month is
 * left alone.
 */
function billedPart(row: Row, termHours: number, billedHours: number): Row {
  if (billedHours >= termHours) return row;
  const share = billedHours / termHours;
  const reserved = row.reservationTotalReservedUnits ?? 0;
  const unused = row.reservationUnusedQuantity ?? 0;
  const unusedNow = Math.max(0, reserved * share - (reserved - unused));
  const cut = scaled(row, RESERVED_FIELDS, share);
  return scaled(row, UNUSED_FIELDS, unused > 0 ? unusedNow / unused : 0, cut);
}

/**
 * The rows with each reservation's monthly RIFee row cut to the bill's end (`billedTo`, exclusive; null: every
 * month closed) and, by day or hour, spread over the buckets of its billed part by the term's hours inside each —
 * so every bucket carries its share and the buckets of a month add up to the (cut) row. The one rule for RI
 * figures over time: the dashboard's periods, the inventory's utilisation and the alerts' hours.
 */
export function spreadMonthlyFees(rows: readonly Row[], grain: Grain, billedTo: Date | null = null): Row[] {
  return rows.flatMap((row) => {
    if (row.lineItemType !== 'RIFee') return [row];
    const month = bucketOf(row.at, 'month');
    const term: Interval = {
      start: row.reservationStartTime ? new Date(row.reservationStartTime) : month.start,
      end: row.reservationEndTime ? new Date(row.reservationEndTime) : month.end,
    };
    const termHours = overlapHours(term, month);
    if (!(termHours > 0)) return [row];
    const billed: Interval = {
      start: new Date(Math.max(term.start.getTime(), month.start.getTime())),
      end: new Date(Math.min(term.end.getTime(), month.end.getTime(), billedTo?.getTime() ?? Infinity)),
    };
    const billedHours = overlapHours(billed, month);
    if (!(billedHours > 0)) return [];
    const cut = billedPart(row, termHours, billedHours);
    if (grain === 'month') return [cut];
    return bucketsOf(month, grain).flatMap((bucket) => {
      const share = overlapHours(billed, bucket) / billedHours;
      if (share === 0) return [];
      return [scaled(cut, [...RESERVED_FIELDS, ...UNUSED_FIELDS], share, { ...cut, at: bucket.start })];
    });
  });
}

/**
 * Each reservation's reserved and used hours and its fee (recurring + amortised upfront) over rows spread by
 * `spreadMonthlyFees` — AWS's RI utilisation, in hours, from the RIFee rows alone, whatever the usage rows' hours.
 */
export function reservationHours(
  spread: Iterable<Row>,
): Map<string, { reserved: number; used: number; cost: number }> {
  const hours = new Map<string, { reserved: number; used: number; cost: number }>();
  for (const row of spread) {
    if (row.lineItemType !== 'RIFee' || row.reservationArn === null) continue;
    const reserved = row.reservationTotalReservedUnits ?? 0;
    const h = hours.get(row.reservationArn) ?? { reserved: 0, used: 0, cost: 0 };
    h.reserved += reserved;
    h.used += reserved - (row.reservationUnusedQuantity ?? 0);
    h.cost += (row.unblended ?? 0) + (row.reservationAmortizedUpfrontFee ?? 0);
    hours.set(row.reservationArn, h);
  }
  return hours;
}
