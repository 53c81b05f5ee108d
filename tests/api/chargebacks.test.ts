import {
  CHARGEBACK_PATHS as C,
  chargebackPath,
  type Statement,
  statementSchema,
  statementsSchema,
} from '@finlens/contracts/chargebacks';
import {
  SHOWBACK_PATHS as P,
  showbackDetailSchema,
  showbackPath,
  showbackSchema,
} from '@finlens/contracts/showbacks';
import { addDays, addMonths, endOfMonth, startOfMonth, utcDay } from '@finlens/cost-model/utc-calendar';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientWithBilling } from './billing-client';
import { upload } from './billing-upload';
import { useServerOnClickHouse } from './clickhouse-server';
import { expect400 } from './expect-400';
import type { HttpSession } from './http-session';
import { inviteAccepted, useServerWithMail } from './identity-fixtures';

const context = useServerWithMail();
// A second server on a ClickHouse warehouse, for the same figures there (the api project only).
const onClickHouse = useServerOnClickHouse();
// The server's clock is the real one: usage is the first three days of last month, a closed month.
const START = addMonths(startOfMonth(utcDay(new Date())), -1);
const MONTH = START.slice(0, 7);
const OPEN_MONTH = utcDay(new Date()).slice(0, 7);

/** [resource id, service, team tag, daily cost]: 45 a day, NAT shared in proportion to direct cost. */
type Row = [string, string, string, number];
const DAILY: Row[] = [
  ['i-web1', 'AmazonEC2', 'web', 10],
  ['i-web2', 'AmazonEC2', 'web', 5],
  ['db-1', 'AmazonRDS', 'db', 20],
  ['nat-1', 'AmazonVPC', '', 6],
  ['s3-x', 'AmazonS3', '', 4],
];

/** The rows on the first three days of the month, and once on the first day of the month before. */
function usageCsv(rows: Row[]): Buffer {
  const header =
    'lineItem/LineItemType,lineItem/UsageStartDate,lineItem/ResourceId,product/servicename,product/region,resourceTags/user:team,lineItem/UnblendedCost,lineItem/CurrencyCode';
  const days = [addMonths(START, -1), START, addDays(START, 1), addDays(START, 2)];
  const lines = days.flatMap((day) =>
    rows.map(([id, service, team, cost]) =>
      ['Usage', `${day}T00:00:00Z`, id, service, 'us-east-1', team, cost, 'USD'].join(','),
    ),
  );
  return Buffer.from([header, ...lines].join('\n'));
}

const cents = (n: number) => Math.round(n * 100);
const input = (showbackId: string, extra: Record<string, unknown> = {}) => ({
  showback_id: showbackId,
  month: MONTH,
  cost_type: 'unblended',
  ...extra,
});
const parse = (got: { status: number; body: unknown }, status = 200): Statement => {
  expect(got.status, JSON.stringify(got.body)).toBe(status);
  return statementSchema.parse(got.body);
};
const one = async (session: HttpSession, id: string) =>
  parse(await session.get(`${chargebackPath(C.statement, id)}?imply_client=true`));
const lineTotals = (s: Statement) => Object.fromEntries(s.lines.map((l) => [l.value, cents(l.total)]));
/** Each value's service lines in cents, and whether they add up to its direct cost to the cent. */
const serviceCents = (s: Statement) =>
  Object.fromEntries(s.lines.map((l) => [l.value, l.services.map((x) => [x.service, cents(x.cost)])]));
const servicesAddUp = (s: Statement) =>
  s.lines.every((l) => cents(l.services.reduce((sum, x) => sum + x.cost, 0)) === cents(l.direct));

let a: Awaited<ReturnType<typeof clientWithBilling>>;
let b: Awaited<ReturnType<typeof clientWithBilling>>;
let showbackId: string;

/** The 'Teams' showback with the NAT cost shared in proportion to direct cost; its id. */
async function teamsShowback(session: HttpSession): Promise<string> {
  const created = await session.post(P.list, { name: 'Teams', tag_keys: ['user_team'] });
  const id = showbackSchema.parse(created.body).id;
  const rule = await session.post(showbackPath(P.allocationRules, { id }), {
    name: 'NAT gateways',
    kind: 'share',
    split_method: 'proportional',
    filters: [{ dimension: 'product_servicename', mode: 'include', values: ['AmazonVPC'] }],
  });
  expect(rule.status, JSON.stringify(rule.body)).toBe(201);
  return id;
}

beforeAll(async () => {
  a = await clientWithBilling(context, 'chargebacks-a', usageCsv(DAILY));
  b = await clientWithBilling(context, 'chargebacks-b', usageCsv([['i-b', 'AmazonEC2', 'web', 999]]));
  showbackId = await teamsShowback(a.admin.session);
}, 120_000);

describe('chargeback statements', () => {
  it('previews lines equal to the showback cost_distribution of the month, to the cent, with markups apart', async () => {
    const range = new URLSearchParams({
      start_date: START,
      end_date: endOfMonth(START),
      cost_type: 'unblended',
    });
    const detail = showbackDetailSchema.parse(
      (await a.admin.session.get(`${showbackPath(P.one, { id: showbackId })}?${range}`)).body,
    );
    const preview = parse(
      await a.admin.session.post(C.preview, input(showbackId, { markups: { web: 10, db: -5 } })),
    );
    expect(preview.status).toBe('preview');
    expect(preview.lines.map((l) => [l.value, cents(l.subtotal), cents(l.direct), cents(l.shared)])).toEqual(
      detail.cost_distribution.map((d) => [d.value, cents(d.total), cents(d.direct), cents(d.shared)]),
    );
    // web 15 a day + 6 × 15/35 NAT; db 20 a day + the rest of the NAT; S3 untagged: 12 Unallocated.
    const web = preview.lines.find((l) => l.value === 'web');
    expect(cents(web?.subtotal ?? 0)).toBe(5271);
    expect(cents(web?.markup ?? 0)).toBe(527);
    expect(cents(preview.lines.find((l) => l.value === 'db')?.markup ?? 0)).toBe(-351);
    expect(cents(preview.subtotal)).toBe(12300);
    expect(cents(preview.unallocated ?? 0)).toBe(1200);
    expect(cents(preview.scope_total ?? 0)).toBe(13500);
    expect(preview.difference_cents).toBe(0);
    expect(cents(preview.total)).toBe(cents(preview.subtotal + preview.markup));
    // A line per service of the value's direct cost, its shared-cost share apart, the month before's subtotal.
    expect(serviceCents(preview)).toEqual({ db: [['AmazonRDS', 6000]], web: [['AmazonEC2', 4500]] });
    expect(servicesAddUp(preview)).toBe(true);
    expect(
      preview.lines.map((l) => [l.value, cents(l.shared), cents(l.previous_month_subtotal ?? 0)]),
    ).toEqual([
      ['db', 1029, 2343],
      ['web', 771, 1757],
    ]);
    expect(cents(preview.previous_month_subtotal ?? 0)).toBe(4100);

    const folded = parse(
      await a.admin.session.post(C.preview, input(showbackId, { shared_cost_line: false })),
    );
    expect(folded.lines.every((l) => l.shared === 0 && l.direct === l.subtotal)).toBe(true);
    expect(serviceCents(folded).web).toEqual([
      ['AmazonEC2', 4500],
      ['Shared costs', 771],
    ]);
    expect(servicesAddUp(folded)).toBe(true);
  });

  it('answers 400 naming the field for a bad month, an open month, a foreign showback or a bad markup', async () => {
    const admin = a.admin.session;
    await expect400(admin.post(C.statements, input(showbackId, { month: '2026-13' })), 'month');
    await expect400(admin.post(C.statements, input(showbackId, { month: OPEN_MONTH })), 'month');
    await expect400(admin.post(C.preview, input('no-such-showback')), 'showback_id');
    await expect400(admin.post(C.statements, input(showbackId, { markups: { web: -150 } })), 'markups.web');
    await expect400(admin.post(C.statements, input(showbackId, { currency: 'dollars' })), 'currency');
    await expect400(admin.post(C.statements, input(showbackId, { cost_type: 'gross' })), 'cost_type');
  });

  it('issues a draft, keeps its numbers after a re-import, re-issues a new version with the difference, voids', async () => {
    const admin = a.admin.session;
    const draft = parse(await admin.post(C.statements, input(showbackId, { markups: { web: 10 } })), 201);
    expect(draft).toMatchObject({ status: 'draft', version: 1, month: MONTH, showback_name: 'Teams' });
    expect((await admin.post(C.statements, input(showbackId))).status).toBe(409);

    const issued = parse(await admin.post(chargebackPath(C.issue, draft.id ?? '')));
    expect(issued.status).toBe('issued');
    expect(issued.issued_at).not.toBeNull();
    expect(lineTotals(issued)).toEqual(lineTotals(draft));
    expect((await admin.post(chargebackPath(C.issue, draft.id ?? ''))).status).toBe(409);

    // Restated billing: web doubles. The issued statement keeps its numbers; a preview moves.
    const restated = DAILY.map(
      ([id, service, team, cost]): Row => [id, service, team, team === 'web' ? cost * 2 : cost],
    );
    const imported = await upload(
      admin,
      { project_id: a.projectId },
      { name: 'cur.csv', data: usageCsv(restated) },
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const preview = parse(await admin.post(C.preview, input(showbackId, { markups: { web: 10 } })));
    expect(lineTotals(preview)).not.toEqual(lineTotals(issued));
    const frozen = await one(admin, issued.id ?? '');
    expect(lineTotals(frozen)).toEqual(lineTotals(issued));
    expect(serviceCents(frozen)).toEqual(serviceCents(issued));
    expect(serviceCents(preview).web).toEqual([['AmazonEC2', 9000]]);

    const v2 = parse(await admin.post(chargebackPath(C.reissue, issued.id ?? '')), 201);
    expect(v2).toMatchObject({ status: 'issued', version: 2, supersedes_id: issued.id });
    expect(lineTotals(v2)).toEqual(lineTotals(preview));
    const web = v2.lines.find((l) => l.value === 'web');
    expect(cents(web?.previous_total ?? 0)).toBe(lineTotals(issued).web);
    expect(cents(web?.difference ?? 0)).toBe(cents((web?.total ?? 0) - (web?.previous_total ?? 0)));
    expect(
      web?.services.map((x) => [
        x.service,
        cents(x.cost),
        cents(x.previous_cost ?? 0),
        cents(x.difference ?? 0),
      ]),
    ).toEqual([['AmazonEC2', 9000, 4500, 4500]]);
    expect(servicesAddUp(v2)).toBe(true);
    expect((await one(admin, issued.id ?? '')).superseded_by_id).toBe(v2.id);
    expect((await admin.post(chargebackPath(C.reissue, issued.id ?? ''))).status).toBe(409);

    const csv = await admin.get(chargebackPath(C.csv, v2.id ?? ''));
    expect(csv.status).toBe(200);
    const text = String(csv.body);
    expect(text.split('\n')[0]).toBe(
      'value,line,cost,markup_percent,markup,total,previous_month,previous_version,difference,currency',
    );
    expect(text).toContain('web,AmazonEC2,90.00,,,,,45.00,45.00,USD');
    expect(text).toContain(`web,Shared costs,${web?.shared.toFixed(2)},`);
    expect(text).toContain(
      `web,Total,${web?.subtotal.toFixed(2)},10,${web?.markup.toFixed(2)},${web?.total.toFixed(2)},${web?.previous_month_subtotal?.toFixed(2)},`,
    );
    expect(text).toContain(
      `Total,,${v2.subtotal.toFixed(2)},,${v2.markup.toFixed(2)},${v2.total.toFixed(2)},${v2.previous_month_subtotal?.toFixed(2)},,,USD`,
    );

    const pdf = await admin.get(chargebackPath(C.pdf, v2.id ?? ''));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(String(pdf.body).startsWith('%PDF')).toBe(true);

    await expect400(admin.post(chargebackPath(C.void, v2.id ?? ''), {}), 'reason');
    const voided = parse(await admin.post(chargebackPath(C.void, v2.id ?? ''), { reason: 'Wrong markup' }));
    expect(voided).toMatchObject({ status: 'void', void_reason: 'Wrong markup' });
    expect(lineTotals(voided)).toEqual(lineTotals(v2));

    const list = statementsSchema.parse(
      (await admin.get(`${C.statements}?month=${MONTH}&imply_client=true`)).body,
    );
    expect(list.statements.map((s) => [s.version, s.status])).toEqual([
      [2, 'void'],
      [1, 'issued'],
    ]);
    const voidOnly = statementsSchema.parse((await admin.get(`${C.statements}?status=void`)).body);
    expect(voidOnly.statements.map((s) => s.id)).toEqual([v2.id]);
    await expect400(admin.get(`${C.statements}?status=paid`), 'status');
  });

  it("keeps clients apart: another client's statement is a 404 and its showback a 400", async () => {
    const [mine] = statementsSchema.parse((await a.admin.session.get(C.statements)).body).statements;
    expect(mine).toBeDefined();
    expect((await b.admin.session.get(chargebackPath(C.statement, mine?.id ?? ''))).status).toBe(404);
    expect((await b.admin.session.post(chargebackPath(C.void, mine?.id ?? ''), { reason: 'x' })).status).toBe(
      404,
    );
    expect(statementsSchema.parse((await b.admin.session.get(C.statements)).body).statements).toEqual([]);
    await expect400(b.admin.session.post(C.statements, input(showbackId)), 'showback_id');
  });

  it('shows a member limited to chosen values only their lines and totals, and lets no member write', async () => {
    const limited = await inviteAccepted(context.server.baseUrl, context.smtp, a.admin, {
      label: 'cb-limited',
    });
    const set = await a.admin.session.request('PUT', showbackPath(P.valueAccess, { id: showbackId }), {
      body: { user_id: limited.profile.id, allowed_all_showback_values: false, showback_values: ['db'] },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    const [issued] = statementsSchema.parse(
      (await a.admin.session.get(`${C.statements}?status=issued`)).body,
    ).statements;
    const full = await one(a.admin.session, issued?.id ?? '');
    const mine = await one(limited.session, issued?.id ?? '');
    expect(mine.lines.map((l) => l.value)).toEqual(['db']);
    expect(cents(mine.total)).toBe(lineTotals(full).db);
    expect(mine).toMatchObject({ unallocated: null, scope_total: null, difference_cents: null });
    const listed = statementsSchema.parse((await limited.session.get(C.statements)).body).statements;
    expect(listed.find((s) => s.id === issued?.id)).toMatchObject({ values_count: 1 });
    const csv = String((await limited.session.get(chargebackPath(C.csv, issued?.id ?? ''))).body);
    expect(csv).toContain('db,AmazonRDS,');
    expect(csv).not.toContain('web,');
    expect(mine.previous_month_subtotal).toBe(mine.lines[0]?.previous_month_subtotal);
    const preview = parse(await limited.session.post(C.preview, input(showbackId)));
    expect(preview.lines.map((l) => l.value)).toEqual(['db']);

    expect((await limited.session.post(C.statements, input(showbackId))).status).toBe(403);
    expect(
      (await limited.session.post(chargebackPath(C.void, issued?.id ?? ''), { reason: 'x' })).status,
    ).toBe(403);
  });
});

describe.skipIf(onClickHouse === null)('on a ClickHouse warehouse', () => {
  it('previews, issues and exports the same statement as on DuckDB, to the cent', async (ctx) => {
    if (onClickHouse === null || onClickHouse.clickHouse.url === null)
      return ctx.skip('clickhouse-server is not installed');
    const c = await clientWithBilling(onClickHouse.context, 'chargebacks-ch', usageCsv(DAILY));
    const admin = c.admin.session;
    const id = await teamsShowback(admin);
    const preview = parse(await admin.post(C.preview, input(id, { markups: { web: 10, db: -5 } })));
    expect(preview.lines.map((l) => [l.value, cents(l.subtotal), cents(l.markup)])).toEqual([
      ['db', 7029, -351],
      ['web', 5271, 527],
    ]);
    expect([cents(preview.unallocated ?? 0), cents(preview.scope_total ?? 0)]).toEqual([1200, 13500]);
    expect(preview.difference_cents).toBe(0);
    expect(serviceCents(preview)).toEqual({ db: [['AmazonRDS', 6000]], web: [['AmazonEC2', 4500]] });
    expect(preview.lines.map((l) => cents(l.previous_month_subtotal ?? 0))).toEqual([2343, 1757]);
    const draft = parse(await admin.post(C.statements, input(id, { markups: { web: 10 } })), 201);
    const issued = parse(await admin.post(chargebackPath(C.issue, draft.id ?? '')));
    expect(lineTotals(issued)).toEqual({ db: 7029, web: 5798 });
    expect(serviceCents(issued)).toEqual(serviceCents(preview));
    const csv = await admin.get(chargebackPath(C.csv, issued.id ?? ''));
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('web');
  });
});
