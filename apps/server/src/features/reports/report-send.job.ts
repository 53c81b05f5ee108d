import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { AppConfig } from '../../platform/config';
import { defineJobHandler, PermanentJobError } from '../../platform/jobs/job-handler';
import { createJobQueue, type JobQueue } from '../../platform/jobs/job-queue';
import { createMailer, type Mailer } from '../../platform/mail/mailer';
import type { CostQueryPort } from '../../warehouse/cost-query/cost-query-port';
import { type CostScopes, createCostScopes } from '../../warehouse/cost-scope';
import { DISPATCH_KIND, reportSentNotice } from '../notifications/notifications.service';
import { reportMail } from './report-mail';
import { reportQuery, runReport } from './report-run';
import { REPORT_SEND_JOB, reportSendPayloadSchema } from './report-send-payload';
import { createReportsRepo, type ReportsRepo } from './reports.repo';

/**
 * Sends one report for one slot: a schedule's slot (the job's run_at) or a "send now" moment. The send log
 * row of (report, slot) is claimed first, so a slot already sent is skipped, and a failure is recorded there
 * and rethrown for the job queue to retry with backoff.
 */
export function createReportSendHandler({
  repo,
  scopes,
  warehouse,
  mailer,
  queue,
  publicUrl,
  now = () => new Date(),
}: {
  repo: ReportsRepo;
  scopes: CostScopes;
  warehouse: CostQueryPort;
  mailer: Mailer;
  /** Where the `report` notification of a sent report is enqueued. */
  queue: Pick<JobQueue, 'enqueue'>;
  publicUrl: string;
  now?: () => Date;
}) {
  return defineJobHandler({
    kind: REPORT_SEND_JOB,
    payload: reportSendPayloadSchema,
    async run(payload, { job }) {
      const report = await repo.findById(payload.report_id);
      if (report === null) throw new PermanentJobError('the report was deleted');
      const chosen = payload.recipients ?? report.schedule?.recipients;
      if (chosen === undefined) throw new PermanentJobError('the report has no schedule any more');
      // Users who left the client are dropped; external addresses stay.
      const members = await repo.memberEmails(report.client_id, chosen.user_ids);
      const to = [...new Set([...members.map((m) => m.email), ...chosen.emails])];
      if (to.length === 0) throw new PermanentJobError('no recipient is left');

      const slot = new Date(payload.slot ?? scheduledSlot(job.dedupe_key) ?? job.run_at);
      const claimed = await repo.claimSend({
        reportId: report.id,
        slot,
        trigger: payload.trigger,
        recipients: to,
      });
      if (claimed === null) return;
      try {
        const saved = reportQuery(
          report.query as Parameters<typeof reportQuery>[0],
          report.range_preset,
          now(),
        );
        const run = await runReport({
          warehouse,
          query: saved,
          scope: await scopes.saved({ clientId: report.client_id }, saved.project_ids),
        });
        const link = `${publicUrl.replace(/\/$/, '')}/v3/reports-api/?report_id=${report.id}`;
        await mailer.send(await reportMail({ report, run, to, link }));
        await repo.finishSend(claimed.id, null);
        await queue.enqueue({
          kind: DISPATCH_KIND,
          payload: reportSentNotice({ clientId: report.client_id, report, recipients: to.length }),
          dedupeKey: `report-notice:${claimed.id}`,
        });
      } catch (error) {
        await repo.finishSend(claimed.id, error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
  });
}

/**
 * A scheduled job's slot, from its dedupe key (`scheduleSlotKey`: name@ISO slot). Not run_at: a retry moves
 * run_at, and the slot must stay the same for the send log to hold one row per slot.
 */
function scheduledSlot(dedupeKey: string | null): string | undefined {
  const slot = dedupeKey?.startsWith('schedule:') ? dedupeKey.split('@').at(-1) : undefined;
  return slot !== undefined && !Number.isNaN(Date.parse(slot)) ? slot : undefined;
}

/** The handler as the server registers it (main.ts): mail through SMTP_URL or the outbox. */
export function reportSendJobHandler({
  db,
  warehouse,
  config,
  logger,
}: {
  db: Kysely<AppTables>;
  warehouse: CostQueryPort;
  config: Pick<AppConfig, 'smtpUrl' | 'dataDir' | 'supportEmail' | 'publicUrl'>;
  logger: FastifyBaseLogger;
}) {
  return createReportSendHandler({
    repo: createReportsRepo({ db }),
    scopes: createCostScopes({ db }),
    warehouse,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      dataDir: config.dataDir,
      from: config.supportEmail,
      logger,
    }),
    queue: createJobQueue({ db }),
    publicUrl: config.publicUrl,
  });
}
