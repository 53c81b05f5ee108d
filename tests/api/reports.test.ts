import {
  costTargetLookbackSchema,
  globalReportListSchema,
  type Report,
  reportListSchema,
  reportSchema,
  shareCodeSchema,
} from '@finlens/contracts/reports';
import { beforeAll, describe, expect, it } from 'vitest';
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
    expect(report.grid).toEqual({ sort_by: 'label', sort_direction: 'asc', hidden_columns: ['total'] });

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
