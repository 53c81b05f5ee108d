import type { DispatchPayload } from '@finlens/contracts/notifications';
import { shareSaveAllowed } from '@finlens/cost-model/commitments/sharesave';
import { addMonths, endOfMonth, startOfMonth, utcDay } from '@finlens/cost-model/utc-calendar';
import { z } from 'zod';
import { defineJobHandler } from '../../platform/jobs/job-handler';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { ScheduleDefinition } from '../../platform/jobs/job-schedules';
import { DISPATCH_KIND } from '../notifications/notifications.service';
import type { CommitmentsRepo } from './commitments.repo';
import type { CommitmentsService } from './commitments.service';
import { type ShareSaveSetting, shareSaveReport } from './sharesave-report';

export const SHARESAVE_SCAN_KIND = 'commitments.sharesave-scan';
export const SHARESAVE_REPORT_KIND = 'commitments.sharesave-report';
/** Where the notification leads: the Optimization Summary, whose ShareSave section has the report and its CSV. */
const SHARESAVE_LINK = '/v3/compute-copilot/summary/';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const money = (value: number | null) => (value === null ? '—' : usd.format(value));

/**
 * How many months after it closed a month may still be reported: a bill that reaches the month's last day later
 * than that (a source stale for over a quarter) no longer reports it.
 */
const CATCH_UP_MONTHS = 3;

/**
 * The closed months a run at `now` reports, oldest first: of the CATCH_UP_MONTHS months before now's (UTC), those
 * whose last day the bill's newest usage day reached. A month the bill has not finished is left for a later run,
 * so a partial figure is never sent as the month's.
 */
export function completeMonths(now: Date, newest: string): string[] {
  const current = startOfMonth(utcDay(now));
  return Array.from({ length: CATCH_UP_MONTHS }, (_, i) => addMonths(current, i - CATCH_UP_MONTHS))
    .filter((first) => endOfMonth(first) <= newest)
    .map((first) => first.slice(0, 7));
}

/** Months from `month` (YYYY-MM) to the month of `day`, both counted. */
function monthsThrough(month: string, day: string): number {
  const index = (text: string) => Number(text.slice(0, 4)) * 12 + Number(text.slice(5, 7));
  return index(day) - index(month) + 1;
}

/**
 * The notification of a client's ShareSave month (its admins, and the channels subscribed to commitments): the
 * realised savings, the agreed share, the partner's fee and the client's net saving; null when the bill has no
 * such month.
 */
export function shareSaveNotice(
  clientId: string,
  month: string,
  months: readonly { month: string; savings: number }[],
  setting: ShareSaveSetting,
  adminIds: string[],
): DispatchPayload | null {
  const report = shareSaveReport(
    months.filter((m) => m.month === month),
    setting,
  );
  const [row] = report.months;
  if (row === undefined) return null;
  const share = row.share === null ? 'not agreed yet' : `${(row.share * 100).toFixed(1)} %`;
  return {
    clientId,
    source: 'commitment',
    sourceId: `sharesave:${month}`,
    subject: `ShareSave ${month}: ${money(row.realised_savings)} realised, partner’s fee ${money(row.partner_fee)}`,
    text: `Realised commitment savings in ${month} were ${money(row.realised_savings)} (reservations and savings plans against on demand, unused hours included). Agreed share: ${share}; the partner’s fee is ${money(row.partner_fee)} and your net saving ${money(row.client_net_saving)}.`,
    link: SHARESAVE_LINK,
    severity: 'info',
    facts: {
      Month: month,
      'Realised savings': money(row.realised_savings),
      Share: share,
      'Partner’s fee': money(row.partner_fee),
      'Your net saving': money(row.client_net_saving),
    },
    recipients: { userIds: adminIds, emails: [], channelIds: [] },
  };
}

/**
 * `commitments.sharesave-scan` (daily, after the bill's refresh) queues `commitments.sharesave-report` for every
 * client with a project; for a client where ShareSave is allowed that job sends the report of each recently closed
 * month the bill has reached the last day of (completeMonths), once per client and month (the notification's
 * dedupe key): a month whose bill is still incomplete is sent by a later day's run, when the bill catches up.
 * Clients without ShareSave hear nothing.
 */
export function shareSaveJobHandlers({
  service,
  repo,
  queue,
  partners,
}: {
  service: Pick<CommitmentsService, 'realisedSavingsFor' | 'newestDayFor'>;
  repo: Pick<CommitmentsRepo, 'shareSave' | 'adminIds' | 'clientsWithProjects'>;
  queue: Pick<JobQueue, 'enqueue'>;
  /** SHARESAVE_PARTNERS. */
  partners: ReadonlySet<string>;
}) {
  return [
    defineJobHandler({
      kind: SHARESAVE_SCAN_KIND,
      payload: z.object({}).passthrough(),
      async run() {
        // No dedupe key: a scan run twice queues a client's report twice, and its notices are deduped.
        for (const clientId of await repo.clientsWithProjects())
          await queue.enqueue({ kind: SHARESAVE_REPORT_KIND, payload: { clientId } });
      },
    }),
    defineJobHandler({
      kind: SHARESAVE_REPORT_KIND,
      // A report queued before the daily scan named its month: the run's own date decides now.
      payload: z.object({ clientId: z.string().min(1) }).passthrough(),
      async run({ clientId }, { job }) {
        const setting = await repo.shareSave(clientId);
        if (!shareSaveAllowed(setting, partners)) return;
        const newest = await service.newestDayFor({ clientId });
        if (newest === null) return;
        const due = completeMonths(job.run_at, newest);
        const [oldest] = due;
        if (oldest === undefined) return;
        const months = await service.realisedSavingsFor({ clientId }, monthsThrough(oldest, newest));
        const adminIds = await repo.adminIds(clientId);
        for (const month of due) {
          const notice = shareSaveNotice(clientId, month, months, setting, adminIds);
          if (notice === null) continue;
          await queue.enqueue({
            kind: DISPATCH_KIND,
            payload: notice,
            dedupeKey: `commitments.sharesave:${clientId}:${month}`,
          });
        }
      },
    }),
  ];
}

/** Daily at 07:00 UTC, after the daily refresh of the bill (06:30). */
export const SHARESAVE_SCHEDULES: readonly ScheduleDefinition[] = [
  { name: 'commitments.sharesave-daily', kind: SHARESAVE_SCAN_KIND, payload: {}, cron: '0 7 * * *' },
];

/** The schedule the daily one replaced (a saved schedule stays until removed). */
export const RETIRED_SHARESAVE_SCHEDULES: readonly string[] = ['commitments.sharesave-monthly'];
