import { randomBytes } from 'node:crypto';
import type {
  CostTargetLookback,
  Report,
  ReportCreate,
  ReportRecipients,
  ReportSchedule,
  ReportUpdate,
} from '@finlens/contracts/reports';
import { isRangePreset } from '@finlens/cost-model/range-presets';
import { addMonths, endOfMonth, startOfMonth } from '@finlens/cost-model/utc-calendar';
import type { ClientCaller } from '../../platform/auth/caller';
import { fieldError, HttpError, notFound } from '../../platform/http/http-error';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { JobSchedules } from '../../platform/jobs/job-schedules';
import type { CostQueryPort } from '../../warehouse/cost-query/cost-query-port';
import type { CostScopes } from '../../warehouse/cost-scope';
import { GLOBAL_REPORTS } from './global-reports';
import { REPORT_SEND_JOB, type ReportSendPayload } from './report-send-payload';
import { type ReportsRepo, type StoredReport, scheduleName } from './reports.repo';
import type { ReportSendRow } from './reports.tables';

/** The owner manages a report; an admin of the client also manages the shared ones. */
function canManage(report: StoredReport, caller: ClientCaller): boolean {
  return (
    report.owner_user_id === caller.user.id || (caller.role === 'admin' && report.visibility === 'client')
  );
}

function canView(report: StoredReport, caller: ClientCaller): boolean {
  return report.owner_user_id === caller.user.id || report.visibility === 'client';
}

/** Cron (croner, 5 fields) of a schedule, read in its time zone. */
export function scheduleCron(schedule: ReportSchedule): string {
  const [hour, minute] = schedule.time.split(':').map(Number);
  switch (schedule.frequency) {
    case 'daily':
      return `${minute} ${hour} * * *`;
    case 'weekly':
      return `${minute} ${hour} * * ${[...new Set(schedule.days_of_week)].sort().join(',')}`;
    case 'monthly':
      return `${minute} ${hour} ${schedule.day_of_month} * *`;
  }
}

function checkPreset(preset: string | null | undefined): void {
  if (preset !== null && preset !== undefined && !isRangePreset(preset)) {
    throw fieldError('range_preset', ['Choose one of the range presets (1D, 7D, … +1Y) or none.']);
  }
}

const sendEntry = (row: ReportSendRow | undefined): Report['last_send'] =>
  row === undefined
    ? null
    : {
        slot: row.slot.toISOString(),
        trigger: row.trigger,
        status: row.status,
        attempts: row.attempts,
        error: row.error,
        updated_at: row.updated_at.toISOString(),
      };

/** Reports of spec §7 (design in @finlens/contracts/reports; rules in docs/reports.md). */
export function createReportsService({
  repo,
  scopes,
  warehouse,
  queue,
  schedules,
}: {
  repo: ReportsRepo;
  scopes: CostScopes;
  warehouse: CostQueryPort;
  queue: JobQueue;
  schedules: JobSchedules;
}) {
  async function present(reports: StoredReport[], caller: ClientCaller): Promise<Report[]> {
    const ids = reports.map((r) => r.id);
    const [sends, nextRuns] = await Promise.all([repo.lastSends(ids), repo.nextRuns(ids)]);
    return reports.map((r) => {
      const manage = canManage(r, caller);
      return {
        id: r.id,
        client_id: r.client_id,
        owner: { id: r.owner_user_id, email: r.owner_email, name: r.owner_name },
        name: r.name,
        query: r.query as Report['query'],
        range_preset: r.range_preset,
        chart_type: r.chart_type as Report['chart_type'],
        grid: r.grid as Report['grid'],
        visibility: r.visibility,
        is_hidden: r.is_hidden,
        share_code: manage ? r.share_code : null,
        schedule: r.schedule,
        next_send_at: r.schedule === null ? null : (nextRuns.get(r.id)?.toISOString() ?? null),
        last_send: sendEntry(sends.get(r.id)),
        can_manage: manage,
        created_at: r.created_at.toISOString(),
        updated_at: r.updated_at.toISOString(),
      };
    });
  }

  /** A report the caller may see; another client's, or someone else's private one, is a 404. */
  async function visible(caller: ClientCaller, id: string): Promise<StoredReport> {
    const report = await repo.find(id, caller.clientId);
    if (report === null || !canView(report, caller)) throw notFound();
    return report;
  }

  async function managed(caller: ClientCaller, id: string): Promise<StoredReport> {
    const report = await visible(caller, id);
    if (!canManage(report, caller)) {
      throw new HttpError(403, 'Only the owner or an admin of the organisation can change this report.');
    }
    return report;
  }

  async function checkRecipients(caller: ClientCaller, recipients: ReportRecipients, field: string) {
    const members = await repo.memberEmails(caller.clientId, recipients.user_ids);
    if (members.length !== new Set(recipients.user_ids).size) {
      throw fieldError(`${field}.user_ids`, ['Choose users of this organisation.']);
    }
  }

  async function applySchedule(caller: ClientCaller, reportId: string, schedule: ReportSchedule | null) {
    if (schedule === null) {
      await repo.removeSchedule(reportId);
      await schedules.remove(scheduleName(reportId));
      return;
    }
    await checkRecipients(caller, schedule.recipients, 'schedule.recipients');
    await repo.saveSchedule(reportId, schedule);
    const payload: ReportSendPayload = { report_id: reportId, trigger: 'schedule' };
    await schedules.save({
      name: scheduleName(reportId),
      kind: REPORT_SEND_JOB,
      payload,
      cron: scheduleCron(schedule),
      timeZone: schedule.time_zone,
    });
  }

  async function one(caller: ClientCaller, id: string): Promise<Report> {
    const [report] = await present([await visible(caller, id)], caller);
    if (report === undefined) throw notFound();
    return report;
  }

  return {
    async list(caller: ClientCaller, query: { is_hidden?: 'true' | 'false'; share_code?: string }) {
      if (query.share_code !== undefined) {
        const shared = await repo.findByShareCode(query.share_code, caller.clientId);
        if (shared === null) throw notFound();
        return present([shared], caller);
      }
      return present(await repo.list(caller.clientId, caller.user.id, query.is_hidden === 'true'), caller);
    },

    get: one,

    async create(caller: ClientCaller, body: ReportCreate): Promise<Report> {
      checkPreset(body.range_preset);
      await scopes.requested(caller, body.query.project_ids);
      if (body.schedule !== null)
        await checkRecipients(caller, body.schedule.recipients, 'schedule.recipients');
      const { schedule, ...fields } = body;
      const id = await repo.insert(caller.clientId, caller.user.id, fields);
      await applySchedule(caller, id, schedule);
      return one(caller, id);
    },

    async update(caller: ClientCaller, id: string, body: ReportUpdate): Promise<Report> {
      await managed(caller, id);
      checkPreset(body.range_preset);
      if (body.query !== undefined) await scopes.requested(caller, body.query.project_ids);
      const { schedule, ...fields } = body;
      if (schedule !== undefined) await applySchedule(caller, id, schedule);
      await repo.update(id, fields);
      return one(caller, id);
    },

    async remove(caller: ClientCaller, id: string): Promise<void> {
      await managed(caller, id);
      await schedules.remove(scheduleName(id));
      await repo.remove(id);
    },

    async createShareCode(caller: ClientCaller, id: string): Promise<{ share_code: string }> {
      await managed(caller, id);
      const code = randomBytes(18).toString('base64url');
      await repo.update(id, { share_code: code });
      return { share_code: code };
    },

    async revokeShareCode(caller: ClientCaller, id: string): Promise<void> {
      await managed(caller, id);
      await repo.update(id, { share_code: null });
    },

    /** Queues one send; the job resolves the recipients and mails the report (report-send.job.ts). */
    async send(caller: ClientCaller, id: string, recipients: ReportRecipients | undefined) {
      const report = await managed(caller, id);
      if (recipients !== undefined) await checkRecipients(caller, recipients, 'recipients');
      const chosen = recipients ?? report.schedule?.recipients ?? { user_ids: [caller.user.id], emails: [] };
      const slot = new Date().toISOString();
      const payload: ReportSendPayload = { report_id: id, trigger: 'manual', slot, recipients: chosen };
      const jobId = await queue.enqueue({
        kind: REPORT_SEND_JOB,
        payload,
        dedupeKey: `report:${id}:manual@${slot}`,
      });
      if (jobId === null) throw new HttpError(409, 'This report is already being sent.');
      return { job_id: jobId, slot };
    },

    async costTargetLookback(
      caller: ClientCaller,
      id: string,
      params: { start_date: string; period: 'MONTHLY'; lookback_period: number },
    ): Promise<CostTargetLookback> {
      const report = await visible(caller, id);
      const query = report.query as Report['query'];
      const first = startOfMonth(params.start_date);
      const from = addMonths(first, -params.lookback_period);
      const answer = await warehouse.runCostQuery({
        ...query,
        start_date: from,
        end_date: endOfMonth(addMonths(first, -1)),
        granularity: 'month',
        dimension: null,
        dimension_key: undefined,
        ...(await scopes.saved(caller, query.project_ids)),
        useRollups: true,
      });
      const costs = answer.series[0]?.costs ?? [];
      const periods = answer.periods.map((start, i) => ({
        month: start.slice(0, 7),
        start_date: start,
        end_date: endOfMonth(start),
        cost: costs[i] ?? 0,
      }));
      return {
        report_id: id,
        period: 'MONTHLY',
        lookback_period: params.lookback_period,
        start_date: params.start_date,
        cost_type: query.cost_type,
        currency: answer.currency ?? 'USD',
        periods,
        total: answer.total,
        average: answer.total / params.lookback_period,
      };
    },

    globalReports: () => GLOBAL_REPORTS,
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
