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
// Lambda usage on demand, the tax on it, and a promotional credit on EC2: tax and credits are 'Other' lines, which
// no purchase option changes, so they count on demand at what they cost and save nothing.
const LAMBDA = 2;
const TAX = 0.125;
const CREDIT = -1;
rows.push(
  {
    ...common(0),
    'lineItem/ProductCode': 'AWSLambda',
    'lineItem/UsageType': 'Lambda-GB-Second',
    'lineItem/UsageAmount': 120_000,
    'lineItem/UnblendedCost': LAMBDA,
    'pricing/publicOnDemandCost': LAMBDA,
  },
  {
    ...common(1),
    'lineItem/LineItemType': 'Tax',
    'lineItem/ProductCode': 'AWSLambda',
    'lineItem/UnblendedCost': TAX,
  },
  {
    ...common(1),
    'lineItem/LineItemType': 'Credit',
    'lineItem/UsageType': 'BoxUsage:m5.large',
    'lineItem/UnblendedCost': CREDIT,
  },
);
const CSV = Buffer.from(`${[HEADER.join(','), ...rows.map(line)].join('\n')}\n`);

const near = (got: number | null | undefined, want: number, what: string) =>
  expect(Math.abs((got ?? Number.NaN) - want), `${what}: ${got} vs ${want}`).toBeLessThan(1e-9);

describe('compute copilot', () => {
  it('answers the visibility, ASG and Databricks dashboards from the bill, by hand', async () => {
    const { admin, projectId } = await clientWithBilling(context, 'copilot', CSV);
    const scoped = `project_ids=${projectId}&${RANGE}`;

    const v = visibilitySchema.parse((await admin.session.get(`${P.visibility}?${scoped}`)).body);
    const option = (key: string) => v.by_purchase_option.find((r) => r.key === key);
    near(option('on_demand')?.effective, 48 * ON_DEMAND + LAMBDA, 'on-demand effective');
    near(option('spot')?.effective, 48 * SPOT, 'spot effective');
    near(option('spot')?.on_demand, 48 * ON_DEMAND, 'spot on-demand equivalent');
    // Tax and the credit: their own cost on both sides, no saving (was: −$0.125 of "savings" on the tax).
    near(option('other')?.effective, TAX + CREDIT, 'other effective');
    near(option('other')?.on_demand, TAX + CREDIT, 'other on-demand equivalent');
    near(option('other')?.savings, 0, 'other savings');
    const usageOnDemand = 96 * ON_DEMAND + LAMBDA;
    near(v.totals.effective, 48 * (ON_DEMAND + SPOT) + LAMBDA + TAX + CREDIT, 'compute spend');
    near(v.totals.on_demand, usageOnDemand + TAX + CREDIT, 'on-demand equivalent');
    near(v.totals.savings, 48 * (ON_DEMAND - SPOT), 'savings achieved');
    near(v.totals.savings_rate, (48 * (ON_DEMAND - SPOT)) / usageOnDemand, 'savings rate');
    near(v.totals.coverage, 0, 'coverage');
    near(v.totals.spot_share, (48 * ON_DEMAND) / usageOnDemand, 'spot share');
    const type = (key: string) => v.by_resource_type.find((r) => r.key === key);
    near(type('Lambda')?.savings, 0, 'Lambda savings');
    near(type('Lambda')?.on_demand, LAMBDA + TAX, 'Lambda on-demand equivalent');
    near(type('EC2')?.savings, 48 * (ON_DEMAND - SPOT), 'EC2 savings');
    near(type('EC2')?.effective, 48 * (ON_DEMAND + SPOT) + CREDIT, 'EC2 effective');
    const otherGroup = visibilityGroupSchema.parse(
      (
        await admin.session.get(
          `${P.visibilityGroup.replace(':type/:id', 'purchase-option/other')}?${scoped}`,
        )
      ).body,
    );
    near(otherGroup.totals.savings, 0, 'other group savings');
    near(otherGroup.totals.on_demand, TAX + CREDIT, 'other group on demand');
    // A range past the newest billed day ends there (no $0 days on the chart), and says where.
    const past = visibilitySchema.parse(
      (
        await admin.session.get(
          `${P.visibility}?project_ids=${projectId}&start_date=${day(0).slice(0, 10)}&end_date=${day(4).slice(0, 10)}`,
        )
      ).body,
    );
    expect(past).toMatchObject({ end_date: day(1).slice(0, 10), as_of: day(1).slice(0, 10) });
    expect(past.periods).toEqual([day(0).slice(0, 10), day(1).slice(0, 10)]);
    near(past.totals.effective, v.totals.effective, 'cut range spend');
    // The pages ask the last N billed days: the window keeps its length whatever the bill's delay (a range ending
    // two days after the bill read two days fewer, so the same instances cost less until the bill caught up).
    const lastDays = visibilitySchema.parse(
      (await admin.session.get(`${P.visibility}?project_ids=${projectId}&days=2`)).body,
    );
    expect(lastDays).toMatchObject({ start_date: day(0).slice(0, 10), end_date: day(1).slice(0, 10) });
    near(lastDays.totals.effective, v.totals.effective, 'last 2 billed days');
    const lastDay = visibilitySchema.parse(
      (await admin.session.get(`${P.visibility}?project_ids=${projectId}&days=1`)).body,
    );
    expect(lastDay.periods).toEqual([day(1).slice(0, 10)]);

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
    await expect400(admin.session.get(`${P.asg}?days=30&end_date=2026-03-01`), 'days');
    await expect400(admin.session.get(`${P.databricks}?days=0`), 'days');
    await expect400(admin.session.get(`${P.visibility}?days=401`), 'days');
    await expect400(admin.session.get(`${P.visibility}?days=1.5`), 'days');
    await expect400(admin.session.get(P.visibilityGroup.replace(':type/:id', 'colour/red')), 'type');
    await expect400(
      admin.session.get(`${P.asgActivities}?account_id=1&region=us-east-1&name=web`),
      'project_id',
    );
    await expect400(admin.session.get(P.visibilityGroup.replace(':type/:id', 'purchase-option/lease')), 'id');
  });
});
