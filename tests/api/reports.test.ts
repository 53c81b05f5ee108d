import { dimensionDailyCostResultSchema } from '@finlens/contracts/cost-explorer';
import { costQueryToParams } from '@finlens/contracts/cost-query';
import {
  costTargetLookbackSchema,
  globalReportListSchema,
  REPORT_PATHS,
  type Report,
  reportListSchema,
  reportSchema,
  shareCodeSchema,
} from '@finlens/contracts/reports';
import { formatMoney } from '@finlens/cost-model/format';
import { csvRows, pdfText, pngSize } from '@finlens/server/features/reports/report-attachments.test-helper';
import type { ReceivedMail } from '@finlens/server/platform/mail/test-smtp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { clientWithBilling } from './billing-client';
import { expect400 } from './expect-400';
import type { HttpSession } from './http-session';
import { inviteAccepted, useServerWithMail } from './identity-fixtures';

const context = useServerWithMail();
const LIST = '/c/cost_page/reports/';
const now = new Date();
/** The first day of the UTC month `offset` months from this one (YYYY-MM-DD). */
const monthStart = (offset: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
const day = (offset: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset))
    .toISOString()
    .slice(0, 10);

/** Usage on the 10th of each of the three months before this one (100, 200, 300) and daily the last 14 days. */
function usageCsv(): Buffer {
  const lines = [
    'lineItem/LineItemType,lineItem/UsageStartDate,product/ProductName,lineItem/UnblendedCost,lineItem/CurrencyCode',
  ];
  [-3, -2, -1].forEach((offset, i) => {
    lines.push(
      `Usage,${monthStart(offset).slice(0, 8)}10T00:00:00Z,Amazon Elastic Compute Cloud,${100 * (i + 1)},USD`,
    );
  });
  for (let i = 1; i <= 14; i++) {
    lines.push(`Usage,${day(-i)}T00:00:00Z,Amazon Simple Storage Service,${i <= 7 ? 2 : 1},USD`);
  }
  return Buffer.from(lines.join('\n'));
}

const reportBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Storage by service',
  query: { start_date: day(-14), end_date: day(-1), dimension: 'product_product_name' },
  ...overrides,
});

let a: Awaited<ReturnType<typeof clientWithBilling>>;
let b: Awaited<ReturnType<typeof clientWithBilling>>;
let member: { session: HttpSession; profile: { id: string } };

beforeAll(async () => {
  a = await clientWithBilling(context, 'reports-a', usageCsv());
  b = await clientWithBilling(context, 'reports-b', usageCsv());
  member = await inviteAccepted(context.server.baseUrl, context.smtp, a.admin, { label: 'reports-member' });
}, 120_000);

async function created(session: HttpSession, overrides: Record<string, unknown> = {}): Promise<Report> {
  const response = await session.post(LIST, reportBody(overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return reportSchema.parse(response.body);
}

describe('reports: create, read, update, delete', () => {
  it('saves a CostQuery with chart and grid settings and gives it back exactly', async () => {
    const report = await created(member.session, {
      chart_type: 'line',
      grid: { sort_by: 'label', sort_direction: 'asc', hidden_columns: ['total'] },
      range_preset: '14D',
    });
    expect(report).toMatchObject({
      name: 'Storage by service',
      chart_type: 'line',
      visibility: 'private',
      is_hidden: false,
      range_preset: '14D',
      share_code: null,
      schedule: null,
      can_manage: true,
      owner: { id: member.profile.id },
    });
    expect(report.query).toMatchObject({ dimension: 'product_product_name', granularity: 'day', top_n: 10 });
    // Saved without a page size, the grid follows the window width (null).
    expect(report.grid).toEqual({
      sort_by: 'label',
      sort_direction: 'asc',
      hidden_columns: ['total'],
      page_size: null,
    });
    const regrid = { sort_by: '2026-10-01', sort_direction: 'desc', hidden_columns: [], page_size: 50 };
    const sorted = await member.session.patch(`${LIST}${report.id}/`, { grid: regrid });
    expect(reportSchema.parse(sorted.body).grid).toEqual(regrid);

    const renamed = await member.session.patch(`${LIST}${report.id}/`, { name: 'Renamed' });
    expect(reportSchema.parse(renamed.body).name).toBe('Renamed');
    const got = await member.session.get(`${LIST}${report.id}/`);
    expect(reportSchema.parse(got.body)).toMatchObject({ name: 'Renamed', chart_type: 'line' });

    expect((await member.session.delete(`${LIST}${report.id}/`)).status).toBe(204);
    expect((await member.session.get(`${LIST}${report.id}/`)).status).toBe(404);
  });

  it('answers 400 naming the field', async () => {
    await expect400(member.session.post(LIST, reportBody({ name: '' })), 'name');
    await expect400(
      member.session.post(LIST, reportBody({ query: { start_date: day(-1), end_date: day(-3) } })),
      'query.end_date',
    );
    await expect400(member.session.post(LIST, reportBody({ range_preset: '2W' })), 'range_preset');
    await expect400(member.session.post(LIST, reportBody({ chart_type: 'radar' })), 'chart_type');
    const grid = { sort_by: 'total', sort_direction: 'desc', hidden_columns: [] };
    await expect400(
      member.session.post(LIST, reportBody({ grid: { ...grid, page_size: 25 } })),
      'grid.page_size',
    );
    await expect400(
      member.session.post(LIST, reportBody({ grid: { ...grid, sort_by: 'cost' } })),
      'grid.sort_by',
    );
    const schedule = {
      frequency: 'weekly',
      days_of_week: [],
      time: '08:00',
      time_zone: 'Europe/Berlin',
      recipients: { emails: ['cfo@example.com'] },
    };
    await expect400(member.session.post(LIST, reportBody({ schedule })), 'schedule.days_of_week');
    await expect400(
      member.session.post(
        LIST,
        reportBody({ schedule: { ...schedule, days_of_week: [1], time_zone: 'Mars/Base' } }),
      ),
      'schedule.time_zone',
    );
    await expect400(
      member.session.post(LIST, reportBody({ schedule: { ...schedule, days_of_week: [1], time: '25:00' } })),
      'schedule.time',
    );
    // A user of another client is not a recipient.
    await expect400(
      member.session.post(
        LIST,
        reportBody({
          schedule: { ...schedule, days_of_week: [1], recipients: { user_ids: [b.admin.profile.id] } },
        }),
      ),
      'schedule.recipients.user_ids',
    );
    await expect400(member.session.get(`${LIST}not-a-uuid/`), 'id');
  });

  it('private reports stay with their owner; shared ones are read by the client and changed by owner or admin', async () => {
    const secret = await created(member.session, { name: 'Mine only' });
    expect((await a.admin.session.get(`${LIST}${secret.id}/`)).status).toBe(404);
    expect((await a.admin.session.patch(`${LIST}${secret.id}/`, { name: 'x' })).status).toBe(404);

    const shared = await created(a.admin.session, { name: 'For everyone', visibility: 'client' });
    const seen = reportSchema.parse((await member.session.get(`${LIST}${shared.id}/`)).body);
    expect(seen).toMatchObject({ can_manage: false, share_code: null });
    expect((await member.session.patch(`${LIST}${shared.id}/`, { name: 'x' })).status).toBe(403);
    expect((await member.session.delete(`${LIST}${shared.id}/`)).status).toBe(403);

    // A member's shared report can be managed by an admin.
    const membersShared = await created(member.session, { name: 'Team view', visibility: 'client' });
    expect((await a.admin.session.patch(`${LIST}${membersShared.id}/`, { is_hidden: true })).status).toBe(
      200,
    );

    const names = (session: HttpSession, hidden: boolean) =>
      session
        .get(`${LIST}?is_hidden=${hidden}&imply_client=true`)
        .then((r) => reportListSchema.parse(r.body).map((report) => report.name));
    expect(await names(member.session, false)).toEqual(expect.arrayContaining(['For everyone', 'Mine only']));
    expect(await names(member.session, false)).not.toContain('Team view');
    expect(await names(member.session, true)).toContain('Team view');
    expect(await names(a.admin.session, false)).not.toContain('Mine only');
    // Another client sees none of them.
    expect(await names(b.admin.session, false)).toEqual([]);
    expect((await b.admin.session.get(`${LIST}${shared.id}/`)).status).toBe(404);
    expect((await b.admin.session.delete(`${LIST}${shared.id}/`)).status).toBe(404);
  });

  it('a share code opens one report read-only for the same client only, until revoked', async () => {
    const report = await created(member.session, { name: 'Shared by link' });
    const made = await member.session.post(`${LIST}${report.id}/share_code/`, {});
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { share_code } = shareCodeSchema.parse(made.body);

    const opened = await a.admin.session.get(`${LIST}?share_code=${share_code}`);
    expect(opened.status).toBe(200);
    const [view] = reportListSchema.parse(opened.body);
    expect(view).toMatchObject({
      id: report.id,
      name: 'Shared by link',
      can_manage: false,
      share_code: null,
    });
    expect((await b.admin.session.get(`${LIST}?share_code=${share_code}`)).status).toBe(404);
    // Read-only: the link does not open the report for changes.
    expect((await a.admin.session.patch(`${LIST}${report.id}/`, { name: 'x' })).status).toBe(404);

    expect((await member.session.delete(`${LIST}${report.id}/share_code/`)).status).toBe(204);
    expect((await a.admin.session.get(`${LIST}?share_code=${share_code}`)).status).toBe(404);
  });

  it('global reports are templates every client opens and copies', async () => {
    for (const session of [member.session, b.admin.session]) {
      const templates = globalReportListSchema.parse((await session.get(`${LIST}global_reports/`)).body);
      expect(templates.length).toBeGreaterThanOrEqual(3);
      expect(templates.every((t) => t.range_preset !== null)).toBe(true);
    }
    const [template] = globalReportListSchema.parse(
      (await b.admin.session.get(`${LIST}global_reports/`)).body,
    );
    if (template === undefined) throw new Error('no global report');
    const copy = await created(b.admin.session, {
      name: template.name,
      query: template.query,
      range_preset: template.range_preset,
      chart_type: template.chart_type,
    });
    expect(copy).toMatchObject({ name: template.name, owner: { id: b.admin.profile.id } });
  });
});

describe('GET /c/cost_page/reports/{id}/get_cost_target_lookback/', () => {
  it('gives the monthly totals of the lookback period for the report scope', async () => {
    const report = await created(member.session, { name: 'Compute only' });
    const url = `${LIST}${report.id}/get_cost_target_lookback/?start_date=${monthStart(0)}&period=MONTHLY&lookback_period=3`;
    const got = await member.session.get(url);
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    const lookback = costTargetLookbackSchema.parse(got.body);
    expect(lookback.periods.map((p) => p.month)).toEqual([-3, -2, -1].map((m) => monthStart(m).slice(0, 7)));
    // The 10th of each month, plus the storage days of the last 14 days that fall in those months.
    const storage = (offset: number) =>
      Array.from({ length: 14 }, (_, i) => i + 1)
        .filter((i) => day(-i).slice(0, 7) === monthStart(offset).slice(0, 7))
        .reduce((sum, i) => sum + (i <= 7 ? 2 : 1), 0);
    expect(lookback.periods.map((p) => p.cost)).toEqual([
      100 + storage(-3),
      200 + storage(-2),
      300 + storage(-1),
    ]);
    expect(lookback.average).toBeCloseTo(lookback.total / 3, 9);

    await expect400(member.session.get(url.replace('MONTHLY', 'WEEKLY')), 'period');
    await expect400(
      member.session.get(url.replace('lookback_period=3', 'lookback_period=0')),
      'lookback_period',
    );
    await expect400(member.session.get(`${LIST}${report.id}/get_cost_target_lookback/`), 'start_date');
    expect((await b.admin.session.get(url)).status).toBe(404);
  });
});

const attachment = (mail: ReceivedMail, type: string) => {
  const file = mail.attachments.find((a) => a.contentType === type);
  if (file === undefined) throw new Error(`no ${type} attachment`);
  return file.content;
};

describe('POST /c/cost_page/reports/{id}/send/ and schedules', () => {
  it('send now mails the summary, the chart as PNG and the grid as CSV and PDF', async () => {
    const external = `cfo-${Date.now().toString(36)}@partner.example`;
    const report = await created(member.session, { name: 'Weekly storage' });
    const sent = await member.session.post(`${LIST}${report.id}/send/`, {
      recipients: { user_ids: [member.profile.id], emails: [external] },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const mail = await context.smtp.next(external, 30_000);
    expect(mail.to).toEqual(expect.arrayContaining([external]));
    expect(mail.subject).toBe(`Finlens report: Weekly storage (${day(-14)} to ${day(-1)})`);

    // The summary's numbers are the Explorer's (runCostQuery) for the same query and the 14 days before.
    const costOf = async (start_date: string, end_date: string) => {
      const params = costQueryToParams({ start_date, end_date, dimension: 'product_product_name' });
      const got = await member.session.get(
        `/c/cost_page/dimension_daily_cost/?${new URLSearchParams(params)}`,
      );
      return dimensionDailyCostResultSchema.parse(got.body);
    };
    const current = await costOf(day(-14), day(-1));
    const previous = await costOf(day(-28), day(-15));
    expect(mail.text).toContain(`Total: ${formatMoney(current.total)}`);
    expect(mail.text).toContain(`): ${formatMoney(previous.total)}`);
    expect(mail.text).toContain(`Change: ${formatMoney(current.total - previous.total)}`);
    expect(mail.text).toContain('Top movers by product_product_name:');
    // The chart is inline in the HTML (the parser turns its cid: reference into a data: URL).
    expect(mail.html.includes('alt="Chart of Weekly storage"')).toBe(true);

    expect(pngSize(attachment(mail, 'image/png'))).toEqual({ width: 1600, height: 800 });
    const rows = csvRows(attachment(mail, 'text/csv'));
    expect(rows[0]).toEqual(['Group', ...current.periods, 'Total']);
    expect(rows.slice(1).map((row) => [row[0], Number(row.at(-1))])).toEqual(
      current.series.map((series) => [series.label, series.total]),
    );
    const text = await pdfText(attachment(mail, 'application/pdf'));
    expect(text).toContain('Weekly storage');
    expect(text).toContain(`Total: ${formatMoney(current.total)}`);

    await vi.waitFor(async () => {
      const log = reportSchema.parse((await member.session.get(`${LIST}${report.id}/`)).body).last_send;
      expect(log).toMatchObject({ trigger: 'manual', status: 'sent', attempts: 1, error: null });
    });
  });

  it('a schedule is a row that the job worker sends at its slot, once', async () => {
    const external = `ops-${Date.now().toString(36)}@partner.example`;
    const report = await created(member.session, {
      name: 'Scheduled storage',
      schedule: {
        frequency: 'weekly',
        days_of_week: [1, 4],
        time: '07:30',
        time_zone: 'Europe/Berlin',
        recipients: { emails: [external] },
      },
    });
    expect(report.schedule).toMatchObject({
      frequency: 'weekly',
      days_of_week: [1, 4],
      time_zone: 'Europe/Berlin',
    });
    expect(report.next_send_at).not.toBeNull();
    const db = context.server.appDb;
    const row = await db
      .selectFrom('job_schedules')
      .selectAll()
      .where('name', '=', `report:${report.id}`)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ cron: '30 7 * * 1,4', time_zone: 'Europe/Berlin', kind: 'reports.send' });

    // Bring the slot forward: the server's worker enqueues and sends it.
    const slot = new Date(Date.now() - 60_000);
    await db.updateTable('job_schedules').set({ next_run_at: slot }).where('name', '=', row.name).execute();
    const mail = await context.smtp.next(external, 30_000);
    expect(mail.subject).toContain('Scheduled storage');
    const sends = await vi.waitFor(async () => {
      const rows = await db
        .selectFrom('report_sends')
        .selectAll()
        .where('report_id', '=', report.id)
        .execute();
      expect(rows.map((r) => r.status)).toEqual(['sent']);
      return rows;
    });
    expect(sends[0]).toMatchObject({ trigger: 'schedule', attempts: 1 });
    expect(sends[0]?.slot.toISOString()).toBe(slot.toISOString());

    // Removing the schedule removes its job schedule row.
    await member.session.patch(`${LIST}${report.id}/`, { schedule: null });
    const left = await db.selectFrom('job_schedules').select('name').where('name', '=', row.name).execute();
    expect(left).toEqual([]);
  });
});

it('every reports path is in the OpenAPI document', async () => {
  const docs = await fetch(`${context.server.baseUrl}/api/docs`);
  const paths = Object.keys(((await docs.json()) as { paths: object }).paths);
  // The document writes path parameters as {id}.
  expect(paths).toEqual(
    expect.arrayContaining(Object.values(REPORT_PATHS).map((p) => p.replace(':id', '{id}'))),
  );
});
