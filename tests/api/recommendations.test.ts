import { cloudAccountsSchema } from '@finlens/contracts/cloud-accounts';
import { INVENTORY_PATHS } from '@finlens/contracts/inventory';
import {
  RECOMMENDATIONS_PATHS as P,
  recommendationDetailSchema,
  recommendationsListSchema,
  whyAnswerSchema,
} from '@finlens/contracts/recommendations';
import { beforeAll, describe, expect, it } from 'vitest';
import { AWS_TEST_SETTINGS, clientWithBilling } from './billing-client';
import { expect400 } from './expect-400';
import { useServerWithMail } from './identity-fixtures';
import { until } from './until';

const context = useServerWithMail();
const ACCOUNT = AWS_TEST_SETTINGS.account_id;
const IDLE = 'i-0aaaaaaaaaaaaaaa1';
const BUSY = 'i-0bbbbbbbbbbbbbbb2';
const now = new Date();
const day = (offset: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset))
    .toISOString()
    .slice(0, 10);

/** 40 days of both instances at $2.40 a day each (on demand $3). */
function cur(): Buffer {
  const header =
    'lineItem/LineItemType,lineItem/UsageStartDate,lineItem/UsageAccountId,lineItem/ProductCode,product/servicename,product/region,lineItem/ResourceId,lineItem/UnblendedCost,pricing/publicOnDemandCost,lineItem/CurrencyCode';
  const lines = [header];
  for (let offset = -40; offset <= -1; offset++)
    for (const id of [IDLE, BUSY])
      lines.push(
        `Usage,${day(offset)}T00:00:00Z,${ACCOUNT},AmazonEC2,Amazon Elastic Compute Cloud,us-east-1,${id},2.4,3,USD`,
      );
  return Buffer.from(`${lines.join('\n')}\n`);
}

const instance = (id: string, profile: string) => ({
  kind: 'ec2-instance',
  id,
  accountId: ACCOUNT,
  region: 'us-east-1',
  instanceType: 'm5.large',
  tags: { Name: id === IDLE ? 'idle-1' : 'busy-1', team: 'shop' },
  metrics: { profile },
});

let a: Awaited<ReturnType<typeof clientWithBilling>>;

beforeAll(async () => {
  a = await clientWithBilling(context, 'recommendations', cur());
  const scenario = {
    version: 1,
    start: new Date(Date.now() - 15 * 86_400_000).toISOString(),
    regions: [{ name: 'us-east-1' }],
    accounts: [{ accountId: ACCOUNT }],
    resources: [instance(IDLE, 'idle'), instance(BUSY, 'steady')],
  };
  const loaded = await a.admin.session.request('PUT', INVENTORY_PATHS.scenario(a.projectId), {
    body: scenario,
  });
  expect(loaded.status, JSON.stringify(loaded.body)).toBe(200);
  expect((await a.admin.session.post(INVENTORY_PATHS.collectNow(a.projectId))).status).toBe(202);
  await until(
    async () => cloudAccountsSchema.parse((await a.admin.session.get('/c/cloud_accounts/')).body),
    (list) => list[0]?.inventory?.last_pass?.status === 'succeeded',
  );
}, 180_000);

const list = async (query = '') => {
  const answer = await a.admin.session.get(`${P.list}?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return recommendationsListSchema.parse(answer.body);
};

describe('recommendations', () => {
  it('finds the idle instance after a collection, priced from the bill, and says why the busy one has none', async () => {
    expect((await a.admin.session.post(P.evaluate, {})).status).toBe(202);
    const found = await until(list, (l) => l.count > 0, 120_000);
    expect(found.results.map((r) => [r.type, r.resource_id, r.resource_name])).toEqual([
      ['ec2-idle', IDLE, 'idle-1'],
    ]);
    const idle = found.results[0];
    // $2.40 a day effective, $3 on demand, over the 30 billed days of the window, per 30.4375-day month.
    expect(idle?.saving.estimated_monthly_saving).toBeCloseTo(2.4 * 30.4375, 6);
    expect(idle?.saving.on_demand_monthly_saving).toBeCloseTo(3 * 30.4375, 6);
    expect(idle?.evidence.metrics[0]).toMatchObject({
      metric: 'cpu-utilization',
      statistic: 'max',
      threshold: 5,
    });
    const detail = recommendationDetailSchema.parse(
      (await a.admin.session.get(P.detail(idle?.id ?? ''))).body,
    );
    expect(detail.history.map((e) => e.event)).toEqual(['opened']);
    const why = whyAnswerSchema.parse(
      (await a.admin.session.get(`${P.why}?project_id=${a.projectId}&resource_id=${BUSY}`)).body,
    );
    expect(why.checks.find((c) => c.rule_key === 'ec2-idle')).toMatchObject({ outcome: 'passed' });
    const csv = await a.admin.session.get(P.export);
    expect(String(csv.body).split('\n').length).toBe(3);
  }, 180_000);

  it('answers 400 naming the field on bad input, never 500', async () => {
    await expect400(a.admin.session.get(`${P.list}?tag=team`), 'tag');
    await expect400(a.admin.session.get(`${P.list}?sort=cheapest`), 'sort');
    await expect400(a.admin.session.get(`${P.list}?page_size=0`), 'page_size');
    await expect400(a.admin.session.get(`${P.why}?project_id=${a.projectId}`), 'resource_id');
    await expect400(
      a.admin.session.request('PATCH', P.rule('ec2-idle'), { body: { thresholds: { nope: 1 } } }),
      'thresholds.nope',
    );
    await expect400(
      a.admin.session.request('PATCH', P.rule('ec2-idle'), { body: { thresholds: { cpu_max_percent: -1 } } }),
      'thresholds.cpu_max_percent',
    );
    expect((await a.admin.session.get(P.rule('no-such-rule'))).status).toBe(400);
  });
});
