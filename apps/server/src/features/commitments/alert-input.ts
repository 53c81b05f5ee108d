import type { AlertedCommitment, CommitmentAlertInput } from '@finlens/cost-model/commitments/alerts';
import { CommitmentFiguresSum } from '@finlens/cost-model/commitments/figures';
import type {
  WarehouseCommitmentRow as Row,
  WarehouseCommitmentSums,
} from '../../warehouse/cost-query/commitment-rows';
import { type BillInventory, exactEnd } from './commitment-inventory';
import { billedTo } from './commitment-reads';
import { reservationHours, spreadMonthlyFees } from './reservation-fees';

const DAY_MS = 86_400_000;
/** The alerts judge utilisation over the last 30 billed days and coverage of the last 7 against the 28 before. */
const ALERT_USE_DAYS = 30;
const ALERT_RECENT_DAYS = 7;
const ALERT_PREVIOUS_DAYS = 28;
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
type Described = { from_account: { end: string | null } | null };

/** The first usage day the alerts read, `newest` the bill's newest (the 7 recent days and the 28 before). */
export function alertReadFrom(newest: string): string {
  return new Date(Date.parse(newest) - (ALERT_RECENT_DAYS + ALERT_PREVIOUS_DAYS - 1) * DAY_MS)
    .toISOString()
    .slice(0, 10);
}

/**
 * What the commitment alerts judge: each commitment of the inventory (its end the owner account's exact one where
 * described) with its use over the last 30 billed days, and coverage of the last 7 billed days against the 28 before them — from the fee rows (one by one) and the usage
 * sums per day and commitment read from `from` (alertReadFrom) to `newest`.
 */
export function alertInputFrom({
  newest,
  from,
  feeRows,
  usage,
  inventory,
}: {
  newest: string;
  from: string;
  feeRows: readonly Row[];
  usage: readonly WarehouseCommitmentSums[];
  /** The inventory, each commitment with what its owner account describes (null: the bill's alone). */
  inventory: Pick<BillInventory, 'as_of'> & {
    reservations: readonly (BillInventory['reservations'][number] & Described)[];
    savings_plans: readonly (BillInventory['savings_plans'][number] & Described)[];
  };
}): CommitmentAlertInput {
  const { use, fees, recent, previous } = alertSums(
    spreadMonthlyFees(feeRows, 'day', billedTo(newest)),
    usage,
    {
      from: Date.parse(from),
      newest: Date.parse(newest),
    },
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
      end: dateOf(exactEnd(r)),
      billedEnd: dateOf(r.end),
      ...useOf(r.arn),
    })),
    ...inventory.savings_plans.map((s) => ({
      arn: s.arn,
      kind: 'savings_plan' as const,
      label: `${s.offering_type ?? 'Savings Plan'}${s.hourly_commitment === null ? '' : ` $${s.hourly_commitment.toFixed(2)}/h`}`,
      start: dateOf(s.start),
      end: dateOf(exactEnd(s)),
      billedEnd: dateOf(s.end),
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
