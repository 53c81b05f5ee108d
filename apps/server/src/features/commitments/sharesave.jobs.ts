import type { DispatchPayload } from '@finlens/contracts/notifications';
import { shareSaveAllowed } from '@finlens/cost-model/commitments/sharesave';
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

/** The month before `now`'s (UTC), `YYYY-MM`: the month a report on the 1st closes. */
export function previousMonth(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
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
 * `commitments.sharesave-scan` (monthly, on the 1st) queues `commitments.sharesave-report` for every client with a
 * project; that job sends a client where ShareSave is allowed the report of the month just closed, once (keyed on
 * the client and month). Clients without ShareSave hear nothing.
 */
export function shareSaveJobHandlers({
  service,
  repo,
  queue,
  partners,
}: {
  service: Pick<CommitmentsService, 'realisedSavingsFor'>;
  repo: Pick<CommitmentsRepo, 'shareSave' | 'adminIds' | 'clientsWithProjects'>;
  queue: Pick<JobQueue, 'enqueue'>;
  /** SHARESAVE_PARTNERS. */
  partners: ReadonlySet<string>;
}) {
  return [
    defineJobHandler({
      kind: SHARESAVE_SCAN_KIND,
      payload: z.object({}).passthrough(),
      async run(_payload, { job }) {
        const month = previousMonth(job.run_at);
        for (const clientId of await repo.clientsWithProjects()) {
          await queue.enqueue({
            kind: SHARESAVE_REPORT_KIND,
            payload: { clientId, month },
            dedupeKey: `${SHARESAVE_REPORT_KIND}:${clientId}:${month}`,
          });
        }
      },
    }),
    defineJobHandler({
      kind: SHARESAVE_REPORT_KIND,
      payload: z.object({ clientId: z.string().min(1), month: z.string().regex(/^\d{4}-\d{2}$/) }),
      async run({ clientId, month }) {
        const setting = await repo.shareSave(clientId);
        if (!shareSaveAllowed(setting, partners)) return;
        // Three months cover the closed month even when the bill already holds a day of the new one.
        const months = await service.realisedSavingsFor({ clientId }, 3);
        const notice = shareSaveNotice(clientId, month, months, setting, await repo.adminIds(clientId));
        if (notice === null) return;
        await queue.enqueue({
          kind: DISPATCH_KIND,
          payload: notice,
          dedupeKey: `commitments.sharesave:${clientId}:${month}`,
        });
      },
    }),
  ];
}

/** On the 1st of each month at 07:00 UTC, after the daily refresh of the bill (06:30). */
export const SHARESAVE_SCHEDULES: readonly ScheduleDefinition[] = [
  { name: 'commitments.sharesave-monthly', kind: SHARESAVE_SCAN_KIND, payload: {}, cron: '0 7 1 * *' },
];
