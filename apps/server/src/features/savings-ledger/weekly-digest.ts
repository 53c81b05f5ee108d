import type { DispatchPayload } from '@finlens/contracts/notifications';
import { formatMoney } from '@finlens/cost-model/format';
import { weeklySavings } from '@finlens/cost-model/savings-verification';
import { addDays, periodStart, utcDay } from '@finlens/cost-model/utc-calendar';

/** How many new recommendations the digest names one by one (the link lists them all). */
const LISTED = 5;

export interface DigestWeek {
  /** Monday of the week the digest covers (a whole ISO week, Monday to Sunday, UTC). */
  from: string;
  /** The Monday after it (exclusive). */
  to: string;
}

/** The last whole week before `now`. */
export function digestWeek(now: Date): DigestWeek {
  const to = periodStart(utcDay(now), 'week');
  return { from: addDays(to, -7), to };
}

export interface DigestInput {
  clientId: string;
  week: DigestWeek;
  fresh: { title: string; saving: number }[];
  /** Ledger entries the bill verified during the week. */
  verified: { title: string; estimated: number; realised: number }[];
  /** Every verified entry's realised monthly saving, to date. */
  realisedTotal: number;
  adminIds: string[];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const perMonth = (amount: number) =>
  `${formatMoney(amount)} per month (≈ ${formatMoney(weeklySavings(amount))} a week)`;

/**
 * The weekly digest of new recommendations and savings the bill verified, to the client's admins (by their
 * email preferences) and the channels subscribed to recommendations; null when the week brought neither.
 */
export function weeklyDigestNotice(input: DigestInput): DispatchPayload | null {
  const { fresh, verified, week } = input;
  if (fresh.length === 0 && verified.length === 0) return null;
  const estimated = fresh.reduce((sum, r) => sum + r.saving, 0);
  const realised = verified.reduce((sum, v) => sum + v.realised, 0);
  const lastDay = addDays(week.to, -1);
  const parts = [
    ...(fresh.length > 0
      ? [`${plural(fresh.length, 'new recommendation')} (${formatMoney(estimated)}/month)`]
      : []),
    ...(verified.length > 0
      ? [`${plural(verified.length, 'saving')} verified (${formatMoney(realised)}/month)`]
      : []),
  ];
  const lines = [
    `Week of ${week.from} to ${lastDay}.`,
    ...(fresh.length > 0
      ? [
          '',
          `New recommendations: ${fresh.length}, estimated ${perMonth(estimated)}.`,
          ...fresh.slice(0, LISTED).map((r) => `- ${r.title}: ${formatMoney(r.saving)} per month`),
          ...(fresh.length > LISTED ? [`- and ${fresh.length - LISTED} more`] : []),
        ]
      : []),
    ...(verified.length > 0
      ? [
          '',
          `Verified from the bill: ${verified.length}, realised ${perMonth(realised)}.`,
          ...verified.map(
            (v) =>
              `- ${v.title}: ${formatMoney(v.realised)} per month (estimated ${formatMoney(v.estimated)})`,
          ),
        ]
      : []),
  ];
  return {
    clientId: input.clientId,
    source: 'recommendation',
    sourceId: `weekly-digest:${week.from}`,
    subject: `Savings digest: ${parts.join(', ')}`,
    text: lines.join('\n'),
    link: '/v3/cost/recommendations/',
    severity: 'info',
    facts: {
      Week: `${week.from} to ${lastDay}`,
      'New recommendations': String(fresh.length),
      'Estimated saving': formatMoney(estimated),
      'Verified savings': String(verified.length),
      'Realised saving': formatMoney(realised),
      'Realised to date': formatMoney(input.realisedTotal),
    },
    recipients: { userIds: input.adminIds, emails: [], channelIds: [] },
  };
}
