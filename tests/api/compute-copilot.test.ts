import {
  asgDashboardSchema,
  databricksDashboardSchema,
  COMPUTE_COPILOT_PATHS as P,
  visibilityGroupSchema,
  visibilitySchema,
} from '@finlens/contracts/compute-copilot';
import { describe, expect, it } from 'vitest';
import { clientWithBilling } from './billing-client';
import { expect400 } from './expect-400';
import { useServerWithMail } from './identity-fixtures';

const context = useServerWithMail();
const HOUR = 3_600_000;
const ACCOUNT = '111111111111';
const ON_DEMAND = 0.096;
const SPOT = 0.0375;
const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
const day = (n: number) => new Date(month.getTime() + n * 24 * HOUR).toISOString();
const RANGE = `start_date=${day(0).slice(0, 10)}&end_date=${day(1).slice(0, 10)}`;

// A hand-made legacy CUR: two days of an on-demand m5.large in a Databricks job cluster and a spot m5.large in
// an all-purpose cluster (the tags Databricks puts on its instances), and the DBUs as AWS Marketplace lines.
const HEADER = [
  'bill/BillingPeriodStartDate',
  'bill/BillingEntity',
  'lineItem/LineItemType',
  'lineItem/UsageStartDate',
  'lineItem/UsageAccountId',
  'lineItem/ProductCode',
  'lineItem/UsageType',
  'lineItem/ResourceId',
  'lineItem/UsageAmount',
  'lineItem/UnblendedCost',
  'lineItem/CurrencyCode',
  'pricing/publicOnDemandCost',
  'product/ProductName',
  'product/region',
  'resourceTags/user:Vendor',
  'resourceTags/user:ClusterName',
  'resourceTags/user:ClusterId',
  'resourceTags/user:JobId',
  'resourceTags/user:Creator',
];
type Cells = Partial<Record<(typeof HEADER)[number], string | number>>;
const line = (cells: Cells) => HEADER.map((h) => cells[h] ?? '').join(',');
const common = (n: number): Cells => ({
  'bill/BillingPeriodStartDate': month.toISOString(),
  'bill/BillingEntity': 'AWS',
  'lineItem/LineItemType': 'Usage',
  'lineItem/UsageStartDate': day(n),
  'lineItem/UsageAccountId': ACCOUNT,
  'lineItem/ProductCode': 'AmazonEC2',
  'lineItem/CurrencyCode': 'USD',
  'product/region': 'us-east-1',
});
const job = {
  'resourceTags/user:Vendor': 'Databricks',
  'resourceTags/user:ClusterName': 'job-7-run',
  'resourceTags/user:ClusterId': 'c-1',
  'resourceTags/user:JobId': '7',
  'resourceTags/user:Creator': 'ann@example.com',
};
const shared = {
  'resourceTags/user:Vendor': 'Databricks',
  'resourceTags/user:ClusterName': 'shared',
  'resourceTags/user:ClusterId': 'c-2',
  'resourceTags/user:Creator': 'ben@example.com',
};
const rows: Cells[] = [0, 1].flatMap((n) => [
  {
    ...common(n),
    ...job,
    'lineItem/UsageType': 'BoxUsage:m5.large',
    'lineItem/ResourceId': 'i-0aaa',
    'lineItem/UsageAmount': 24,
    'lineItem/UnblendedCost': 24 * ON_DEMAND,
    'pricing/publicOnDemandCost': 24 * ON_DEMAND,
  },
  {
    ...common(n),
    ...shared,
    'lineItem/UsageType': 'SpotUsage:m5.large',
    'lineItem/ResourceId': 'i-0bbb',
    'lineItem/UsageAmount': 24,
    'lineItem/UnblendedCost': 24 * SPOT,
    'pricing/publicOnDemandCost': 24 * ON_DEMAND,
  },
  {
    ...common(n),
    'bill/BillingEntity': 'AWS Marketplace',
    'lineItem/ProductCode': 'dbxprod',
    'lineItem/UsageType': 'MP:JobsComputeDBU',
    'lineItem/UsageAmount': 10,
    'lineItem/UnblendedCost': 1.5,
    'pricing/publicOnDemandCost': 1.5,
    'product/ProductName': 'Databricks Data Intelligence Platform',
  },
  {
    ...common(n),
    'bill/BillingEntity': 'AWS Marketplace',
    'lineItem/ProductCode': 'dbxprod',
    'lineItem/UsageType': 'MP:AllPurposeComputeDBU',
    'lineItem/UsageAmount': 5,
    'lineItem/UnblendedCost': 2.75,
    'pricing/publicOnDemandCost': 2.75,
    'product/ProductName': 'Databricks Data Intelligence Platform',
  },
]);
const CSV = Buffer.from(`${[HEADER.join(','), ...rows.map(line)].join('\n')}\n`);

const near = (got: number | null | undefined, want: number, what: string) =>
  expect(Math.abs((got ?? Number.NaN) - want), `${what}: ${got} vs ${want}`).toBeLessThan(1e-9);

describe('compute copilot', () => {
  it('answers the visibility, ASG and Databricks dashboards from the bill, by hand', async () => {
    const { admin, projectId } = await clientWithBilling(context, 'copilot', CSV);
    const scoped = `project_ids=${projectId}&${RANGE}`;

    const v = visibilitySchema.parse((await admin.session.get(`${P.visibility}?${scoped}`)).body);
    const option = (key: string) => v.by_purchase_option.find((r) => r.key === key);
    near(option('on_demand')?.effective, 48 * ON_DEMAND, 'on-demand effective');
    near(option('spot')?.effective, 48 * SPOT, 'spot effective');
    near(option('spot')?.on_demand, 48 * ON_DEMAND, 'spot on-demand equivalent');
    near(v.totals.savings, 48 * (ON_DEMAND - SPOT), 'savings achieved');
    near(v.totals.coverage, 0, 'coverage');
    near(v.totals.spot_share, 0.5, 'spot share');

    const group = visibilityGroupSchema.parse(
      (await admin.session.get(`${P.visibilityGroup.replace(':type/:id', 'purchase-option/spot')}?${scoped}`))
        .body,
    );
    expect(group.resources.map((r) => r.resource_id)).toEqual(['i-0bbb']);
    near(group.totals.savings, 48 * (ON_DEMAND - SPOT), 'spot savings');

    const asg = asgDashboardSchema.parse((await admin.session.get(`${P.asg}?${scoped}`)).body);
    expect(asg.groups).toEqual([]);

    const dbx = databricksDashboardSchema.parse((await admin.session.get(`${P.databricks}?${scoped}`)).body);
    near(dbx.totals.infrastructure, 48 * (ON_DEMAND + SPOT), 'infrastructure');
    near(dbx.totals.dbu, 2 * (1.5 + 2.75), 'DBUs');
    near(dbx.jobs.find((j) => j.key === '7')?.total, 48 * ON_DEMAND + 3, 'job 7');
    near(dbx.clusters.find((c) => c.cluster_id === 'c-2')?.dbu, 5.5, 'all-purpose DBUs');
    expect(dbx.users.map((u) => u.key).sort()).toEqual(['ann@example.com', 'ben@example.com']);

    const resource = await admin.session.get(`${P.resource.replace(':id', 'i-0aaa')}?${scoped}`);
    expect(resource.status).toBe(200);
    expect((await admin.session.get(`${P.resource.replace(':id', 'i-nope')}?${scoped}`)).status).toBe(404);

    // Another client reads none of it.
    const other = await clientWithBilling(context, 'copilot-other', CSV);
    for (const path of [P.visibility, P.asg, P.databricks])
      expect((await other.admin.session.get(`${path}?${scoped}`)).status).toBe(404);
    expect((await other.admin.session.get(`${P.resource.replace(':id', 'i-0aaa')}?${scoped}`)).status).toBe(
      404,
    );
  });

  it('bad parameters are a 400 naming the field', async () => {
    const { admin } = await clientWithBilling(context, 'copilot-bad', CSV);
    await expect400(
      admin.session.get(`${P.visibility}?start_date=2026-13-01&end_date=2026-12-31`),
      'start_date',
    );
    await expect400(admin.session.get(`${P.asg}?start_date=2026-03-02&end_date=2026-03-01`), 'end_date');
    await expect400(admin.session.get(P.visibilityGroup.replace(':type/:id', 'colour/red')), 'type');
    await expect400(
      admin.session.get(`${P.asgActivities}?account_id=1&region=us-east-1&name=web`),
      'project_id',
    );
    await expect400(admin.session.get(P.visibilityGroup.replace(':type/:id', 'purchase-option/lease')), 'id');
  });
});
