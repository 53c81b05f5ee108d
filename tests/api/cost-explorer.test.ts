import {
  COST_EXPLORER_PATHS,
  dimensionCatalogueSchema,
  dimensionDailyCostResultSchema,
  dimensionKeysSchema,
  dimensionValuesSchema,
} from '@finlens/contracts/cost-explorer';
import { costQueryToParams, DIMENSION_GROUPS, hourlyRangeMessage } from '@finlens/contracts/cost-query';
import { firstLink } from '@finlens/server/platform/mail/test-smtp';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientWithBilling } from './billing-client';
import { upload } from './billing-upload';
import { expect400 } from './expect-400';
import type { HttpSession } from './http-session';
import { acceptResetLink, inviteAccepted, signInOk, useServerWithMail } from './identity-fixtures';

const INTERNAL_DOMAIN = 'internal.example';
const context = useServerWithMail({ INTERNAL_EMAIL_DOMAINS: INTERNAL_DOMAIN });
const P = COST_EXPLORER_PATHS;
// The server's clock is the real one: the data is dated relative to today.
const now = new Date();
/** The UTC day `offset` days from today (YYYY-MM-DD). */
const day = (offset: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset))
    .toISOString()
    .slice(0, 10);
const TODAY = day(0);
const YESTERDAY = day(-1);

/** `days` days up to yesterday, each with the given [operation, cost, Team tag] rows. */
function usageCsv(days: number, daily: [string, number, string][]): Buffer {
  const lines = [
    'lineItem/LineItemType,lineItem/UsageStartDate,lineItem/Operation,lineItem/UnblendedCost,lineItem/CurrencyCode,resourceTags/user:Team',
  ];
  for (let i = 0; i < days; i++) {
    const usage = day(-1 - i);
    for (const [operation, cost, team] of daily)
      lines.push(`Usage,${usage}T00:00:00Z,${operation},${cost},USD,${team}`);
  }
  return Buffer.from(lines.join('\n'));
}

const query = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

let a: Awaited<ReturnType<typeof clientWithBilling>>;
let b: Awaited<ReturnType<typeof clientWithBilling>>;
let member: { session: HttpSession };
let internal: { session: HttpSession };

beforeAll(async () => {
  a = await clientWithBilling(
    context,
    'explorer-a',
    usageCsv(45, [
      ['RunInstances', 3, 'web'],
      ['CreateBucket', 1, ''],
    ]),
  );
  b = await clientWithBilling(context, 'explorer-b', usageCsv(3, [['RunInstances', 500, 'ops']]));
  member = await inviteAccepted(context.server.baseUrl, context.smtp, a.admin, { label: 'explorer-member' });
  // An internal user: a member of client A whose address is in INTERNAL_EMAIL_DOMAINS.
  const email = `lead-${Date.now().toString(36)}@${INTERNAL_DOMAIN}`;
  const invited = await a.admin.session.post('/c/team/members/', { email, role: 'member' });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  await acceptResetLink(context.server.baseUrl, firstLink(await context.smtp.next(email)), 'Blue$Harbor42');
  internal = await signInOk(context.server.baseUrl, email);
}, 120_000);

const last10 = { start_date: day(-10), end_date: YESTERDAY };

describe('GET and POST /c/cost_page/dimension_daily_cost/', () => {
  it("answers the client's costs by dimension, with the SPA's cost_page parameters", async () => {
    const params = costQueryToParams({ ...last10, dimension: 'line_item_operation' });
    const got = await member.session.get(
      `${P.dimensionDailyCost}${query({ ...params, imply_client: 'true', use_query_optimization: 'true' })}`,
    );
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    const result = dimensionDailyCostResultSchema.parse(got.body);
    expect(result.series.map((s) => [s.key, s.total])).toEqual([
      ['RunInstances', 30],
      ['CreateBucket', 10],
    ]);
    expect(result).toMatchObject({ total: 40, as_of: YESTERDAY, granularity_used: 'day', forecast_total: 0 });
    expect(result.periods).toHaveLength(10);

    // POST: the same flat keys, and the structured form with a filter.
    const flat = await member.session.post(P.dimensionDailyCost, params);
    expect(dimensionDailyCostResultSchema.parse(flat.body).total).toBe(40);
    const structured = await member.session.post(P.dimensionDailyCost, {
      query: {
        ...last10,
        filters: [{ dimension: 'line_item_operation', mode: 'exclude', values: ['CreateBucket'] }],
      },
      use_query_optimization: false,
    });
    expect(dimensionDailyCostResultSchema.parse(structured.body)).toMatchObject({
      total: 30,
      source: 'line_items',
    });
  });

  it('tags each answer (ETag): If-None-Match is a 304 until an import changes the data', async () => {
    const path = `${P.dimensionDailyCost}${query(costQueryToParams({ ...last10, dimension: 'line_item_operation' }))}`;
    const first = await b.admin.session.get(path);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    // Asked again: the cached answer's JSON, the same as the first and still the answer's schema.
    const again = await b.admin.session.get(path);
    expect(again.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(again.body).toEqual(first.body);
    expect(dimensionDailyCostResultSchema.parse(again.body).total).toBe(
      dimensionDailyCostResultSchema.parse(first.body).total,
    );
    const unchanged = await b.admin.session.get(path, { headers: { 'if-none-match': etag } });
    expect([unchanged.status, unchanged.body, unchanged.headers.get('etag')]).toEqual([304, undefined, etag]);
    // Another client asking the same question never gets B's tag.
    const other = await a.admin.session.get(path, { headers: { 'if-none-match': etag } });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).not.toBe(etag);
    // An import into B's project: the same question has a new answer and tag.
    const imported = await upload(
      b.admin.session,
      { project_id: b.projectId },
      { name: 'more.csv', data: usageCsv(3, [['RunInstances', 700, 'ops']]) },
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const after = await b.admin.session.get(path, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(dimensionDailyCostResultSchema.parse(after.body).total).toBe(2100);
    const restore = await upload(
      b.admin.session,
      { project_id: b.projectId },
      { name: 'cur.csv', data: usageCsv(3, [['RunInstances', 500, 'ops']]) },
    );
    expect(restore.status).toBe(201);
  });

  it('forecasts the days after the newest data and flags them', async () => {
    const got = await a.admin.session.get(
      `${P.dimensionDailyCost}${query({ start_date: day(-4), end_date: day(5) })}`,
    );
    const result = dimensionDailyCostResultSchema.parse(got.body);
    expect(result.forecast).toEqual([false, false, false, false, true, true, true, true, true, true]);
    expect(result.total).toBe(16);
    // A steady 4 a day for 40 days forecasts 4 a day.
    expect(result.forecast_total).toBeCloseTo(24, 6);
    expect(result.series[0]?.costs.map((c) => Math.round(c * 1e6) / 1e6)).toEqual(Array(10).fill(4));
  });

  it('granularity rules: hour beyond three months only for internal users, beyond six for nobody; unaligned month falls back to day', async () => {
    const long = query({ start_date: day(-120), end_date: YESTERDAY, granularity: 'hour' });
    await expect400(member.session.get(`${P.dimensionDailyCost}${long}`), 'granularity');
    const inside = await internal.session.get(`${P.dimensionDailyCost}${long}`);
    expect(inside.status, JSON.stringify(inside.body)).toBe(200);
    expect(dimensionDailyCostResultSchema.parse(inside.body)).toMatchObject({
      granularity_used: 'hour',
      total: 180,
    });
    // Beyond 6 months hour is refused for internal users too: a 400 naming granularity, saying what to do.
    const tooLong = query({ start_date: day(-200), end_date: YESTERDAY, granularity: 'hour' });
    const refused = await internal.session.get(`${P.dimensionDailyCost}${tooLong}`);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect((refused.body as { errors: Record<string, string[]> }).errors).toEqual({
      granularity: [hourlyRangeMessage(6, ['day', 'week', 'month', 'quarter'])],
    });
    const month = (start_date: string) =>
      member.session.get(
        `${P.dimensionDailyCost}${query({ start_date, end_date: '2026-01-31', granularity: 'month' })}`,
      );
    expect(dimensionDailyCostResultSchema.parse((await month('2026-01-01')).body).granularity_used).toBe(
      'month',
    );
    expect(dimensionDailyCostResultSchema.parse((await month('2026-01-05')).body).granularity_used).toBe(
      'day',
    );
  });

  it("tenancy: client B never sees client A's costs; A's project is a 404 for B", async () => {
    const theirs = await b.admin.session.get(`${P.dimensionDailyCost}${query(last10)}`);
    expect(dimensionDailyCostResultSchema.parse(theirs.body).total).toBe(1500);
    const foreign = await b.admin.session.get(
      `${P.dimensionDailyCost}${query({ ...last10, project_ids: a.projectId })}`,
    );
    expect(foreign.status).toBe(404);
    const values = await b.admin.session.get(`${P.dimensionValues}?dimension=line_item_operation`);
    expect(dimensionValuesSchema.parse(values.body).values.map((v) => v.value)).toEqual(['RunInstances']);
    const keys = await b.admin.session.get(
      `${P.dimensionKeys}?dimension=tag_keys&project_ids=${a.projectId}`,
    );
    expect(keys.status).toBe(404);
  });

  it('bad parameters are a 400 naming the parameter', async () => {
    const s = member.session;
    const get = (params: Record<string, string>) => s.get(`${P.dimensionDailyCost}${query(params)}`);
    await expect400(get({ end_date: YESTERDAY }), 'start_date');
    await expect400(get({ ...last10, start_date: '2026-02-30' }), 'start_date');
    await expect400(get({ ...last10, start_date: '2026-13-45' }), 'start_date');
    await expect400(get({ ...last10, end_date: '9999-12-31' }), 'end_date');
    await expect400(get({ start_date: '2000-01-01', end_date: YESTERDAY }), 'end_date');
    await expect400(get({ start_date: YESTERDAY, end_date: day(-2) }), 'end_date');
    await expect400(get({ ...last10, granularity: 'year' }), 'granularity');
    await expect400(get({ ...last10, dimension: 'colour' }), 'dimension');
    await expect400(get({ ...last10, dimension: 'tag_keys' }), 'dimension_key');
    await expect400(get({ ...last10, cost_type: 'gross' }), 'cost_type');
    await expect400(get({ ...last10, top_n: '0' }), 'top_n');
    await expect400(get({ ...last10, like_colour: '["x"]' }), 'like_colour');
    await expect400(get({ ...last10, tag_keys: 'web' }), 'tag_keys');
    await expect400(get({ ...last10, use_query_optimization: 'maybe' }), 'use_query_optimization');
    await expect400(
      s.post(P.dimensionDailyCost, { query: { ...last10, start_date: 'soon' } }),
      'query.start_date',
    );
    await expect400(s.post(P.dimensionDailyCost, { ...last10, granularity: 'year' }), 'granularity');
    await expect400(
      s.post(P.dimensionDailyCost, { ...last10, use_query_optimization: 'maybe' }),
      'use_query_optimization',
    );
  });
});

describe('values_granularity calls, pickers and the catalogue', () => {
  it('tag_values_granularity groups by the values of the key; the other two answer too', async () => {
    const tags = await member.session.get(
      `${P.tagValuesGranularity}${query({ ...last10, key: 'user_team' })}`,
    );
    const result = dimensionDailyCostResultSchema.parse(tags.body);
    expect(Object.fromEntries(result.series.map((s) => [String(s.key), s.total]))).toEqual({
      web: 30,
      null: 10,
    });
    await expect400(member.session.get(`${P.tagValuesGranularity}${query(last10)}`), 'key');
    for (const path of [P.labelValuesGranularity, P.costAllocationTagValuesGranularity]) {
      const got = await member.session.get(`${path}${query({ ...last10, key: 'team' })}`);
      expect(got.status, JSON.stringify(got.body)).toBe(200);
      // Labels count only Kubernetes split rows (none here); cost categories are absent, so one null group.
      expect(dimensionDailyCostResultSchema.parse(got.body).series.every((s) => s.key === null)).toBe(true);
    }
  });

  it('dimension_values and dimension_keys feed the filter panel', async () => {
    const values = await member.session.get(
      `${P.dimensionValues}${query({ dimension: 'line_item_operation', search: 'run', ...last10 })}`,
    );
    expect(dimensionValuesSchema.parse(values.body).values).toEqual([{ value: 'RunInstances', cost: 30 }]);
    const tagValues = await member.session.get(
      `${P.dimensionValues}?dimension=tag_keys&key=user_team&limit=1`,
    );
    expect(dimensionValuesSchema.parse(tagValues.body).values).toHaveLength(1);
    const keys = await member.session.get(`${P.dimensionKeys}?dimension=tag_keys&imply_client=true`);
    expect(dimensionKeysSchema.parse(keys.body).keys).toEqual(['user_team']);
    await expect400(member.session.get(`${P.dimensionValues}?dimension=colour`), 'dimension');
    await expect400(member.session.get(`${P.dimensionValues}?dimension=tag_keys`), 'key');
    await expect400(member.session.get(`${P.dimensionValues}?dimension=product_region&limit=0`), 'limit');
    await expect400(
      member.session.get(`${P.dimensionValues}?dimension=product_region&start_date=2026-01-01`),
      'end_date',
    );
    await expect400(member.session.get(`${P.dimensionKeys}?dimension=line_item_operation`), 'dimension');
  });

  it('the catalogue and the granularities allowed to this caller', async () => {
    const range = query({ start_date: day(-200), end_date: TODAY });
    const outside = dimensionCatalogueSchema.parse(
      (await member.session.get(`${P.dimensions}${range}`)).body,
    );
    expect(outside).toMatchObject({
      internal_user: false,
      allowed_granularities: ['week', 'month', 'quarter'],
    });
    expect(outside.groups.map((g) => g.name)).toEqual([...DIMENSION_GROUPS]);
    const inside = dimensionCatalogueSchema.parse(
      (await internal.session.get(`${P.dimensions}${range}`)).body,
    );
    // Internal users keep day beyond 6 months; hour they too lose beyond 6 (HOURLY_MAX_MONTHS).
    expect(inside).toMatchObject({
      internal_user: true,
      allowed_granularities: ['day', 'week', 'month', 'quarter'],
    });
    await expect400(member.session.get(`${P.dimensions}?start_date=2026-01-01`), 'end_date');
  });

  it('every call is in the OpenAPI document, dimension_daily_cost with its CostQuery parameters', async () => {
    const docs = await fetch(`${context.server.baseUrl}/api/docs`);
    const document = (await docs.json()) as {
      paths: Record<string, { get?: { parameters?: { name: string; description?: string }[] } }>;
    };
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(Object.values(P)));
    const parameters = document.paths[P.dimensionDailyCost]?.get?.parameters ?? [];
    expect(parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['start_date', 'end_date', 'granularity', 'dimension', 'cost_type', 'top_n']),
    );
    expect(parameters.find((p) => p.name === 'end_date')?.description).toMatch(/at most \d+ days/);
  });
});
