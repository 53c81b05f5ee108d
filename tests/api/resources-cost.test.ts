import { cloudAccountsSchema } from '@finlens/contracts/cloud-accounts';
import { INVENTORY_PATHS } from '@finlens/contracts/inventory';
import {
  RESOURCES_COST_PATHS as P,
  RESOURCES_COST_CSV_COLUMNS,
  resourceCostDetailSchema,
  resourcesCostListSchema,
} from '@finlens/contracts/resources-cost';
import { beforeAll, describe, expect, it } from 'vitest';
import { AWS_TEST_SETTINGS, clientWithBilling } from './billing-client';
import { expect400 } from './expect-400';
import { signUpVerified, useServerWithMail } from './identity-fixtures';
import { shopResources } from './shop-scenario';
import { until } from './until';

const context = useServerWithMail();
const ACCOUNT = AWS_TEST_SETTINGS.account_id;
const now = new Date();
const day = (offset: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset))
    .toISOString()
    .slice(0, 10);

const INSTANCE = 'i-0123456789abcdef0';
const INSTANCE_ARN = `arn:aws:ec2:us-east-1:${ACCOUNT}:instance/${INSTANCE}`;
const RDS_ARN = `arn:aws:rds:us-east-1:${ACCOUNT}:db:orders`;

const HEADER =
  'lineItem/LineItemType,lineItem/UsageStartDate,lineItem/UsageAccountId,lineItem/ProductCode,product/servicename,product/region,lineItem/ResourceId,lineItem/UnblendedCost,lineItem/CurrencyCode,resourceTags/user:team';
/** [product code, service name, resource id as billed, cost per day, team tag]; billed daily for days −40…−1. */
const ITEMS: [string, string, string, number, string][] = [
  ['AmazonEC2', 'Amazon Elastic Compute Cloud', INSTANCE_ARN, 2, 'shop'],
  ['AmazonEC2', 'Amazon Elastic Compute Cloud', INSTANCE, 1, 'shop'],
  ['AmazonS3', 'Amazon Simple Storage Service', 'shop-assets', 0.5, ''],
  ['AmazonRDS', 'Amazon Relational Database Service', RDS_ARN, 4, 'data'],
];

function cur(): Buffer {
  const lines = [HEADER];
  for (let offset = -40; offset <= -1; offset++) {
    for (const [code, service, id, cost, team] of ITEMS) {
      lines.push(
        `Usage,${day(offset)}T00:00:00Z,${ACCOUNT},${code},${service},us-east-1,${id},${cost},USD,${team}`,
      );
    }
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** The inventory: the instance and the bucket are billed, the volume is not; the RDS database is not collected. */
const SCENARIO = {
  version: 1,
  start: new Date(Date.now() - 86_400_000).toISOString(),
  regions: [{ name: 'us-east-1' }],
  accounts: [{ accountId: ACCOUNT, name: 'Shop' }],
  resources: shopResources('us-east-1'),
};

let a: Awaited<ReturnType<typeof clientWithBilling>>;

beforeAll(async () => {
  a = await clientWithBilling(context, 'resources-cost', cur());
  const loaded = await a.admin.session.request('PUT', INVENTORY_PATHS.scenario(a.projectId), {
    body: SCENARIO,
  });
  expect(loaded.status, JSON.stringify(loaded.body)).toBe(200);
  expect((await a.admin.session.post(INVENTORY_PATHS.collectNow(a.projectId))).status).toBe(202);
  const accounts = await until(
    async () => cloudAccountsSchema.parse((await a.admin.session.get('/c/cloud_accounts/')).body),
    (list) => list[0]?.inventory?.last_pass?.status === 'succeeded',
  );
  expect(accounts[0]?.inventory?.last_pass?.status).toBe('succeeded');
}, 120_000);

const list = async (query: string) => {
  const answer = await a.admin.session.get(`${P.list}?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return resourcesCostListSchema.parse(answer.body);
};

describe('Resources Cost', () => {
  it('joins the inventory and the bill across id spellings, with the windows and the trend', async () => {
    const all = await list('');
    expect(all.window).toEqual({
      start_date: day(-30),
      end_date: day(-1),
      previous_start_date: day(-60),
      previous_end_date: day(-31),
    });
    const rows = all.results.map((r) => [r.resource_id, r.in_inventory, r.in_bill, r.cost, r.previous_cost]);
    // Sorted by cost, most first; the ARN and the short id of the instance are one resource.
    expect(rows).toEqual([
      ['arn:aws:rds:us-east-1:123456789012:db:orders', false, true, 120, 40],
      [INSTANCE, true, true, 90, 30],
      ['shop-assets', true, true, 15, 5],
      ['vol-0123456789abcdef0', true, false, 0, 0],
    ]);
    expect(all.total_cost).toBe(225);
    const instance = all.results[1];
    expect(instance).toMatchObject({
      name: 'web-1',
      kind: 'ec2-instance',
      type: 'm5.large',
      state: 'running',
      service: 'Amazon Elastic Compute Cloud',
      owner: 'shop',
      trend: 2,
      bill_resource_ids: [INSTANCE_ARN, INSTANCE],
    });
    // The bill names no account: the scenario's name, on collected and billed-only rows alike.
    expect(all.results.map((r) => r.account_name)).toEqual(['Shop', 'Shop', 'Shop', 'Shop']);
    expect(all.filter_options).toEqual({
      accounts: [{ account_id: ACCOUNT, account_name: 'Shop' }],
      services: [
        'Amazon Elastic Compute Cloud',
        'Amazon Relational Database Service',
        'Amazon Simple Storage Service',
      ],
      types: expect.arrayContaining(['m5.large']),
      tag_keys: ['Name', 'team', 'user_team'],
    });
    expect(all.results[0]).toMatchObject({
      kind: null,
      owner: 'data',
      service: 'Amazon Relational Database Service',
    });
  });

  it('searches, filters by Explorer dimensions, sorts and pages', async () => {
    const ids = async (query: string) => (await list(query)).results.map((r) => r.resource_id);
    expect(await ids('search=WEB-1')).toEqual([INSTANCE]);
    expect(await ids(`search=${encodeURIComponent(INSTANCE_ARN)}`)).toEqual([INSTANCE]);
    expect(await ids('in_inventory=false')).toEqual([RDS_ARN]);
    expect(await ids('kind=s3-bucket')).toEqual(['shop-assets']);
    expect(await ids('search=shop&sort=resource_id&order=asc')).toHaveLength(4);
    const account = encodeURIComponent(JSON.stringify([ACCOUNT]));
    expect(await ids(`line_item_usage_account_id=${account}`)).toHaveLength(4);
    const m5 = encodeURIComponent(JSON.stringify(['m5.large']));
    expect(await ids(`product_instance_type=${m5}`)).toEqual([INSTANCE]);
    const tagged = encodeURIComponent(JSON.stringify([{ key: 'team', value: '' }]));
    expect(await ids(`exclude_tag_keys=${tagged}&sort=resource_id&order=asc`)).toEqual([INSTANCE]);
    const services = encodeURIComponent(JSON.stringify(['Amazon Elastic Compute Cloud']));
    expect(await ids(`product_servicename=${services}&sort=resource_id&order=asc`)).toEqual([
      INSTANCE,
      'vol-0123456789abcdef0',
    ]);
    const team = encodeURIComponent(JSON.stringify([{ key: 'user_team', value: 'data' }]));
    expect(await ids(`tag_keys=${team}`)).toEqual([RDS_ARN]);
    // Rows without a name (the volume) come last.
    expect(await ids(`exclude_tag_keys=${team}&sort=name&order=asc`)).toEqual([
      'shop-assets',
      INSTANCE,
      'vol-0123456789abcdef0',
    ]);
    const page = await list('page=2&page_size=3');
    expect(page).toMatchObject({ count: 4, page: 2, page_size: 3 });
    expect(page.results.map((r) => r.resource_id)).toEqual(['vol-0123456789abcdef0']);
  });

  it('answers 400 naming the field', async () => {
    const s = a.admin.session;
    await expect400(s.get(`${P.list}?sort=bogus`), 'sort');
    await expect400(s.get(`${P.list}?page_size=0`), 'page_size');
    await expect400(s.get(`${P.list}?product_region=not-json`), 'product_region');
    await expect400(
      s.get(`${P.list}?line_item_usage_type=${encodeURIComponent('["x"]')}`),
      'line_item_usage_type',
    );
    await expect400(s.get(`${P.list}?exclude_nonsense=${encodeURIComponent('["x"]')}`), 'exclude_nonsense');
    await expect400(
      s.get(`${P.list}?product_servicename=${encodeURIComponent('"EC2"')}`),
      'product_servicename',
    );
    await expect400(s.get(`${P.list}?tag_keys=${encodeURIComponent('[{"value":"x"}]')}`), 'tag_keys');
    await expect400(s.get(`${P.list}?kind=server`), 'kind');
    await expect400(s.get(`${P.export}?in_inventory=maybe`), 'in_inventory');
    await expect400(s.get(`${P.resource}?project_id=${a.projectId}`), 'key');
  });

  it('exports the same selection as CSV', async () => {
    const answer = await a.admin.session.get(`${P.export}?in_inventory=true&sort=resource_id&order=asc`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    const lines = String(answer.body).trim().split('\n');
    expect(lines[0]).toBe(RESOURCES_COST_CSV_COLUMNS.join(','));
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([
      INSTANCE,
      'shop-assets',
      'vol-0123456789abcdef0',
    ]);
    expect(lines[1]).toContain(',90,30,2,');
  });

  it('shows one resource with its attributes and cost per day; another client gets 404', async () => {
    const [instance] = (await list('kind=ec2-instance')).results;
    const path = `${P.resource}?project_id=${a.projectId}&key=${encodeURIComponent(instance?.key ?? '')}`;
    const answer = await a.admin.session.get(path);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const detail = resourceCostDetailSchema.parse(answer.body);
    expect(detail.resource.resource_id).toBe(INSTANCE);
    expect(detail.attributes).toMatchObject({ instanceType: 'm5.large' });
    expect(detail.daily).toHaveLength(60);
    expect(detail.daily.at(-1)).toEqual({ date: day(-1), cost: 3 });
    expect(detail.daily[0]).toEqual({ date: day(-60), cost: 0 });
    expect(detail.daily.reduce((sum, d) => sum + d.cost, 0)).toBe(120);

    const missing = `${P.resource}?project_id=${a.projectId}&key=${encodeURIComponent(`${ACCOUNT}|i-nope`)}`;
    expect((await a.admin.session.get(missing)).status).toBe(404);
    const other = await signUpVerified(context.server.baseUrl, context.smtp, {
      label: 'resources-cost-other',
    });
    expect((await other.session.get(path)).status).toBe(404);
    expect((await other.session.get(`${P.list}?project_ids=${a.projectId}`)).status).toBe(404);
    expect((await other.session.get(`${P.export}?project_ids=${a.projectId}`)).status).toBe(404);
    expect(resourcesCostListSchema.parse((await other.session.get(P.list)).body).count).toBe(0);
  });
});
