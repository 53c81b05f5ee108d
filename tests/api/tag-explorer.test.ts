import {
  TAG_EXPLORER_PATHS,
  tagExplorerResultSchema,
  tagPolicyListSchema,
  tagPolicySchema,
  tagValuesResultSchema,
  tagViolationsResultSchema,
  untaggedResultSchema,
} from '@finlens/contracts/tag-explorer';
import { queryCsv } from '@finlens/server/features/tag-explorer/line-items-sql.test-helper';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientWithBilling } from './billing-client';
import { expect400 } from './expect-400';
import type { HttpSession } from './http-session';
import { inviteAccepted, useServerWithMail } from './identity-fixtures';

const context = useServerWithMail();
const P = TAG_EXPLORER_PATHS;
const now = new Date();
const day = (offset: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset))
    .toISOString()
    .slice(0, 10);
const YESTERDAY = day(-1);

const HEADER =
  'lineItem/LineItemType,lineItem/UsageStartDate,lineItem/UsageAccountId,product/servicename,lineItem/ResourceId,lineItem/UnblendedCost,lineItem/CurrencyCode,resourceTags/user:Team,resourceTags/user:Env,resourceTags/aws:cloudformation:stack-name';
/** [account, service, resource, cost, Team, Env, first day offset, last day offset, CloudFormation stack] */
type Item = [string, string, string, number, string, string, number, number, string?];
const A_ITEMS: Item[] = [
  ['111111111111', 'AmazonEC2', 'i-web1', 3, 'web', 'prod', -40, -1],
  ['111111111111', 'AmazonEC2', 'i-web2', 2, 'web', 'dev', -40, -1],
  ['222222222222', 'AmazonS3', 'bucket-logs', 1, '', 'prod', -40, -1, 'logging-stack'],
  ['222222222222', 'AWSSupportBusiness', '', 0.5, '', '', -40, -1],
  ['111111111111', 'AmazonEC2', 'i-batch', 4, 'data', 'staging', -3, -1],
];

function cur(items: Item[]): string {
  const lines = [HEADER];
  for (const [account, service, resource, cost, team, env, first, last, stack = ''] of items) {
    for (let offset = first; offset <= last; offset++) {
      lines.push(
        `Usage,${day(offset)}T00:00:00Z,${account},${service},${resource},${cost},USD,${team},${env},${stack}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
const A_CSV = cur(A_ITEMS);

/** One number from hand-written SQL over client A's CSV (`items`, every column text). */
async function sqlNumber(sql: string): Promise<number> {
  const [row] = await queryCsv(A_CSV, sql);
  return Number(Object.values(row ?? {})[0] ?? 0);
}
const COST = 'CAST("lineItem/UnblendedCost" AS DOUBLE)';
const DAY = 'substr("lineItem/UsageStartDate", 1, 10)';
const tagged = (column: string) => `coalesce("resourceTags/user:${column}", '') <> ''`;

let a: Awaited<ReturnType<typeof clientWithBilling>>;
let b: Awaited<ReturnType<typeof clientWithBilling>>;
let member: { session: HttpSession };

beforeAll(async () => {
  a = await clientWithBilling(context, 'tags-a', Buffer.from(A_CSV));
  b = await clientWithBilling(
    context,
    'tags-b',
    Buffer.from(cur([['333333333333', 'AmazonRDS', 'db-1', 7, 'ops', 'prod', -5, -1]])),
  );
  member = await inviteAccepted(context.server.baseUrl, context.smtp, a.admin, { label: 'tags-member' });
}, 120_000);

const qs = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

describe('tag policies CRUD', () => {
  it('admins create, read, patch and delete; members read only; 400s name the field', async () => {
    const s = a.admin.session;
    const created = await s.post(P.policies, { name: 'Temporary', tag_keys: ['user_owner'] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const policy = tagPolicySchema.parse(created.body);
    expect(policy).toMatchObject({ allowed_values: [], allowed_pattern: null, enabled: true, services: [] });
    const path = P.policy.replace(':id', policy.id);

    const patched = await s.patch(path, { enabled: false, allowed_pattern: 'alice|bob' });
    expect(tagPolicySchema.parse(patched.body)).toMatchObject({
      name: 'Temporary',
      tag_keys: ['user_owner'],
      enabled: false,
      allowed_pattern: 'alice|bob',
    });
    expect(tagPolicySchema.parse((await member.session.get(path)).body).enabled).toBe(false);
    expect((await member.session.post(P.policies, { name: 'x', tag_keys: ['k'] })).status).toBe(403);
    expect((await member.session.delete(path)).status).toBe(403);

    await expect400(s.post(P.policies, { name: 'No keys', tag_keys: [] }), 'tag_keys');
    await expect400(s.post(P.policies, { tag_keys: ['k'] }), 'name');
    await expect400(
      s.post(P.policies, { name: 'Bad', tag_keys: ['k'], allowed_pattern: '([' }),
      'allowed_pattern',
    );
    await expect400(s.patch(path, { enabled: 'yes' }), 'enabled');
    await expect400(s.patch(path, { allowed_values: [''] }), 'allowed_values.0');

    expect((await s.delete(path)).status).toBe(204);
    expect((await s.get(path)).status).toBe(404);
    expect((await s.delete(path)).status).toBe(404);
  });
});

describe('GET /c/cost_page/tag_explorer/', () => {
  beforeAll(async () => {
    const s = a.admin.session;
    // Env must be prod or staging on account 111…: i-web2 (dev) violates.
    const env = await s.post(P.policies, {
      name: 'Env on EC2 account',
      tag_keys: ['user_env'],
      allowed_pattern: 'prod|staging',
      account_ids: ['111111111111'],
    });
    expect(env.status, JSON.stringify(env.body)).toBe(201);
    // Team must be web or data everywhere: bucket-logs (no Team) violates; the support fee has no resource.
    const team = await s.post(P.policies, {
      name: 'Team everywhere',
      tag_keys: ['user_team'],
      allowed_values: ['web', 'data'],
    });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    // A required key nobody carries still gets a row (its violations).
    await s.post(P.policies, { name: 'Owner on S3', tag_keys: ['user_owner'], services: ['AmazonS3'] });
  });

  it('rows equal hand-written SQL over the line items (default range: last 30 days)', async () => {
    const got = await member.session.get(
      `${P.rows}${qs({ imply_client: 'true', use_query_optimization: 'true' })}`,
    );
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    const result = tagExplorerResultSchema.parse(got.body);
    expect(result).toMatchObject({
      start_date: day(-29),
      end_date: day(0),
      as_of: YESTERDAY,
      currency: 'USD',
    });
    const inRange = `${DAY} BETWEEN '${day(-29)}' AND '${day(0)}'`;
    expect(result.total_cost).toBeCloseTo(
      await sqlNumber(`SELECT sum(${COST}) FROM items WHERE ${inRange}`),
      6,
    );

    const coverage = async (column: string, from: number) => {
      const window = `${DAY} BETWEEN '${day(from)}' AND '${YESTERDAY}'`;
      return sqlNumber(
        `SELECT 100 * sum(CASE WHEN ${tagged(column)} THEN ${COST} ELSE 0 END) / sum(${COST}) FROM items WHERE ${window}`,
      );
    };
    for (const [name, column] of [
      ['user_team', 'Team'],
      ['user_env', 'Env'],
    ] as const) {
      const row = result.rows.find((r) => r.name === name);
      expect(row, name).toBeDefined();
      const count = await sqlNumber(
        `SELECT count(DISTINCT "lineItem/ResourceId") FROM items WHERE ${inRange} AND ${tagged(column)} AND coalesce("lineItem/ResourceId", '') <> ''`,
      );
      const total = await sqlNumber(`SELECT sum(${COST}) FROM items WHERE ${inRange} AND ${tagged(column)}`);
      expect(row).toMatchObject({ count, cloudPlatform: 'aws' });
      expect(row?.totalCost).toBeCloseTo(total, 6);
      expect(row?.dailyPercentage).toBeCloseTo(await coverage(column, -1), 6);
      expect(row?.weeklyPercentage).toBeCloseTo(await coverage(column, -7), 6);
      expect(row?.monthlyPercentage).toBeCloseTo(await coverage(column, -30), 6);
    }
    // The hand-checked figures too: Team is on i-web1, i-web2, i-batch.
    expect(result.rows.find((r) => r.name === 'user_team')).toMatchObject({ count: 3, violationCount: 1 });
    expect(result.rows.find((r) => r.name === 'user_env')).toMatchObject({ count: 4, violationCount: 1 });
    expect(result.rows.find((r) => r.name === 'user_owner')).toMatchObject({
      count: 0,
      totalCost: 0,
      violationCount: 1,
      monthlyPercentage: 0,
    });
    expect(result.rows[0]?.name).toBe('user_env');
  });

  it('values drill-down: cost and resources per value, the missing key as null, policy verdicts', async () => {
    const range = { start_date: day(-10), end_date: YESTERDAY };
    const got = await member.session.get(`${P.values}${qs({ ...range, key: 'user_env' })}`);
    const result = tagValuesResultSchema.parse(got.body);
    const inRange = `${DAY} BETWEEN '${range.start_date}' AND '${range.end_date}'`;
    const expected = await queryCsv(
      A_CSV,
      `SELECT nullif("resourceTags/user:Env", '') AS value, sum(${COST}) AS cost,
        count(DISTINCT nullif("lineItem/ResourceId", '')) AS resources
       FROM items WHERE ${inRange} GROUP BY value ORDER BY cost DESC`,
    );
    expect(result.values.map((v) => [v.value, Math.round(v.cost * 1e6) / 1e6, v.resources])).toEqual(
      expected.map((r) => [r.value, Number(r.cost), Number(r.resources)]),
    );
    expect(result.value_count).toBe(4);
    expect(Object.fromEntries(result.values.map((v) => [String(v.value), v.violates]))).toEqual({
      prod: false,
      dev: true,
      staging: false,
      null: true,
    });
    await expect400(member.session.get(`${P.values}${qs(range)}`), 'key');
  });

  it('untagged cost by account and service', async () => {
    const range = { start_date: day(-10), end_date: YESTERDAY };
    const byKey = untaggedResultSchema.parse(
      (await member.session.get(`${P.untagged}${qs({ ...range, key: 'user_team' })}`)).body,
    );
    const expected = await queryCsv(
      A_CSV,
      `SELECT "lineItem/UsageAccountId" AS account, "product/servicename" AS service, sum(${COST}) AS cost
       FROM items WHERE ${DAY} BETWEEN '${range.start_date}' AND '${range.end_date}' AND NOT ${tagged('Team')}
       GROUP BY ALL ORDER BY cost DESC`,
    );
    expect(byKey.rows).toEqual(expected.map((r) => ({ ...r, cost: Number(r.cost) })));
    expect(byKey.untagged_cost).toBeCloseTo(15, 6);
    // The CloudFormation stack behind bucket-logs is a suggested owner of the cost without Team.
    expect(byKey.owner_hints).toEqual([
      {
        source: 'cloudformation_stack',
        tag_key: 'aws_cloudformation_stack_name',
        value: 'logging-stack',
        arn: null,
        cost: 10,
      },
    ]);
    // Without a key: cost carrying no user tag at all (only the support fee; AWS-made tags do not count).
    const none = untaggedResultSchema.parse((await member.session.get(`${P.untagged}${qs(range)}`)).body);
    expect(none.rows).toEqual([{ account: '222222222222', service: 'AWSSupportBusiness', cost: 5 }]);
    expect(none.owner_hints).toEqual([]);
  });

  it('violations are listed resource by resource', async () => {
    const got = await member.session.get(
      `${P.violations}${qs({ start_date: day(-10), end_date: YESTERDAY })}`,
    );
    const result = tagViolationsResultSchema.parse(got.body);
    expect(result.violations.map((v) => [v.tag_key, v.resource_id, v.reason, v.cost])).toEqual([
      ['user_env', 'i-web2', 'disallowed', 20],
      ['user_owner', 'bucket-logs', 'missing', 10],
      ['user_team', 'bucket-logs', 'missing', 10],
    ]);
    expect(result).toMatchObject({ violation_count: 3, violation_cost: 40 });
  });

  it('bad parameters are a 400 naming the parameter', async () => {
    const s = member.session;
    await expect400(s.get(`${P.rows}${qs({ start_date: day(-3) })}`), 'end_date');
    await expect400(
      s.get(`${P.rows}${qs({ start_date: '2026-02-30', end_date: '2026-03-01' })}`),
      'start_date',
    );
    await expect400(s.get(`${P.rows}${qs({ start_date: day(-1), end_date: day(-3) })}`), 'end_date');
    await expect400(s.get(`${P.rows}${qs({ cost_type: 'gross' })}`), 'cost_type');
    await expect400(s.get(`${P.untagged}${qs({ start_date: 'soon', end_date: day(-1) })}`), 'start_date');
  });

  it("tenancy: client B sees only its own tags and policies; A's objects are 404 for B", async () => {
    const theirs = tagExplorerResultSchema.parse((await b.admin.session.get(P.rows)).body);
    expect(theirs.rows.map((r) => [r.name, r.count, r.violationCount])).toEqual([
      ['user_env', 1, 0],
      ['user_team', 1, 0],
    ]);
    expect(tagPolicyListSchema.parse((await b.admin.session.get(P.policies)).body).results).toEqual([]);
    const aPolicy = tagPolicyListSchema.parse((await a.admin.session.get(P.policies)).body).results[0];
    const path = P.policy.replace(':id', aPolicy?.id ?? 'none');
    expect((await b.admin.session.get(path)).status).toBe(404);
    expect((await b.admin.session.patch(path, { enabled: false })).status).toBe(404);
    expect((await b.admin.session.delete(path)).status).toBe(404);
    expect((await b.admin.session.get(`${P.violations}${qs({ policy_id: aPolicy?.id ?? '' })}`)).status).toBe(
      404,
    );
    expect((await b.admin.session.get(`${P.rows}${qs({ project_ids: a.projectId })}`)).status).toBe(404);
  });

  it('every path is in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${context.server.baseUrl}/api/docs`)).json()) as { paths: object };
    for (const path of [P.rows, P.values, P.untagged, P.policies, P.violations, '/c/tag_policies/{id}/']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
