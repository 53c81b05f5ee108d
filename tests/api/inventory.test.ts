import { ADMIN_PATHS, organizationAccountsSchema } from '@finlens/contracts/admin';
import { cloudAccountSchema, cloudAccountsSchema } from '@finlens/contracts/cloud-accounts';
import { inventoryResourcesSchema, INVENTORY_PATHS as P } from '@finlens/contracts/inventory';
import { POLICY_PATHS, policyDataSchema } from '@finlens/contracts/policy';
import { RESOURCE_METRICS_PATHS, resourceMetricsSchema } from '@finlens/contracts/resource-metrics';
import { describe, expect, it } from 'vitest';
import { AWS_TEST_SETTINGS, clientWithBilling } from './billing-client';
import { expect400 } from './expect-400';
import { signUpVerified, useServerWithMail } from './identity-fixtures';
import { shopResources } from './shop-scenario';
import { until } from './until';

const context = useServerWithMail();
const ACCOUNT = AWS_TEST_SETTINGS.account_id;

/** Two regions; EC2 in eu-west-1 answers AccessDenied, so that region's collection is partial. */
const SCENARIO = {
  version: 1,
  start: new Date(Date.now() - 86_400_000).toISOString(),
  regions: [{ name: 'us-east-1' }, { name: 'eu-west-1' }],
  accounts: [{ accountId: ACCOUNT, name: 'Shop production' }],
  faults: [{ accountId: ACCOUNT, region: 'eu-west-1', service: 'ec2', code: 'AccessDenied' }],
  resources: shopResources('eu-west-1'),
};

describe('cloud inventory', () => {
  it('collects a simulated account now and lists its resources; another client gets 404', async () => {
    const admin = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'inventory' });
    const created = await admin.session.post('/c/cloud_accounts/', {
      name: 'Shop',
      settings: AWS_TEST_SETTINGS,
    });
    const projectId = cloudAccountSchema.parse(created.body).id;
    // A role signs in, so it can be collected; none ran yet.
    expect(cloudAccountSchema.parse(created.body).inventory).toEqual({
      state: 'not_collected',
      reason: null,
      counts: {},
      last_pass: null,
    });

    const bad = await admin.session.request('PUT', P.scenario(projectId), {
      body: { ...SCENARIO, regions: [{ name: '' }] },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('regions[0].name');
    const loaded = await admin.session.request('PUT', P.scenario(projectId), { body: SCENARIO });
    expect(loaded.body).toEqual({ accounts: 1, regions: 2, resources: 3, kubernetes_clusters: 0 });

    const queued = await admin.session.post(P.collectNow(projectId));
    expect(queued.status).toBe(202);
    const accounts = await until(
      async () => cloudAccountsSchema.parse((await admin.session.get('/c/cloud_accounts/')).body),
      (list) => list[0]?.inventory?.last_pass?.status === 'partial',
    );
    const inventory = accounts[0]?.inventory;
    expect(inventory).toMatchObject({
      state: 'ready',
      reason: null,
      counts: { 'ec2-instance': 1, 'ebs-volume': 1, 's3-bucket': 1 },
      last_pass: { status: 'partial', regions: 2, regions_done: 2, resources: 3 },
    });
    expect(inventory?.last_pass?.last_collected_at).not.toBeNull();
    expect(inventory?.last_pass?.errors).toMatchObject([
      {
        account_id: ACCOUNT,
        account_name: 'Shop production',
        region: 'eu-west-1',
        service: 'ec2',
        code: 'AccessDenied',
        iam_action: expect.stringMatching(/^ec2:/),
      },
    ]);

    const list = inventoryResourcesSchema.parse(
      (await admin.session.get(`${P.resources}?project_ids=${projectId}&sort=kind`)).body,
    );
    expect(list.count).toBe(3);
    expect(list.results.map((r) => [r.kind, r.resource_id, r.state])).toEqual([
      ['ebs-volume', 'vol-0123456789abcdef0', 'in-use'],
      ['ec2-instance', 'i-0123456789abcdef0', 'running'],
      ['s3-bucket', 'shop-assets', 'available'],
    ]);
    const searched = inventoryResourcesSchema.parse(
      (await admin.session.get(`${P.resources}?search=SHOP&kind=ec2-instance`)).body,
    );
    expect(searched.results.map((r) => r.name)).toEqual(['web-1']);

    // The instance's metrics, once the metrics job that follows the region's listing has stored them.
    const metrics = RESOURCE_METRICS_PATHS.metrics('i-0123456789abcdef0');
    const hourly = await until(
      async () =>
        resourceMetricsSchema.parse((await admin.session.get(`${metrics}?metrics=cpu-utilization`)).body),
      (answer) => (answer.series[0]?.points.length ?? 0) > 0,
    );
    expect(hourly).toMatchObject({ project_id: projectId, kind: 'ec2-instance', granularity: 'hourly' });
    expect(hourly.series.map((s) => [s.metric, s.unit, s.points[0]?.p95])).toEqual([
      ['cpu-utilization', 'percent', null],
    ]);
    const daily = resourceMetricsSchema.parse(
      (await admin.session.get(`${metrics}?granularity=daily&project_id=${projectId}`)).body,
    );
    expect(daily.series.map((s) => s.metric)).toContain('network-in');
    expect(daily.series[0]?.points[0]).toMatchObject({ p95: expect.any(Number), max: expect.any(Number) });
    await expect400(admin.session.get(`${metrics}?metrics=cpu-utilization,disk`), 'metrics');
    await expect400(admin.session.get(`${metrics}?granularity=weekly`), 'granularity');
    await expect400(admin.session.get(`${metrics}?start_date=2026-01-01&end_date=2026-03-01`), 'end_date');
    expect((await admin.session.get(RESOURCE_METRICS_PATHS.metrics('i-unknown'))).status).toBe(404);

    // Without a role or keys the account awaits configuration: it says what is missing, and collect now is 409.
    const keyless = await admin.session.post('/c/cloud_accounts/', {
      name: 'Keyless',
      settings: { ...AWS_TEST_SETTINGS, account_id: '210987654321', role_arn: null },
    });
    const keylessAccount = cloudAccountSchema.parse(keyless.body);
    expect(keylessAccount.inventory).toMatchObject({
      state: 'awaiting_configuration',
      reason: 'no role or access keys',
      last_pass: null,
    });
    expect((await admin.session.post(P.collectNow(keylessAccount.id))).status).toBe(409);

    const other = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'inventory-other' });
    expect((await other.session.post(P.collectNow(projectId))).status).toBe(404);
    expect((await other.session.request('PUT', P.scenario(projectId), { body: SCENARIO })).status).toBe(404);
    expect((await other.session.get(`${P.resources}?project_ids=${projectId}`)).status).toBe(404);
    expect(inventoryResourcesSchema.parse((await other.session.get(P.resources)).body).count).toBe(0);
    expect((await other.session.get(metrics)).status).toBe(404);
    expect((await other.session.get(`${metrics}?project_id=${projectId}`)).status).toBe(404);
  });

  it('shows what the latest IAM policy adds since each project’s accepted version; accepts one or all', async () => {
    const admin = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'policy' });
    const ids: string[] = [];
    for (const [name, account_id] of [
      ['Alpha', '111111111111'],
      ['Beta', '222222222222'],
    ] as const) {
      const created = await admin.session.post('/c/cloud_accounts/', {
        name,
        settings: { ...AWS_TEST_SETTINGS, account_id, role_arn: null },
      });
      ids.push(cloudAccountSchema.parse(created.body).id);
    }
    const read = async (projectId = 'all') =>
      policyDataSchema.parse(
        (await admin.session.get(`${POLICY_PATHS.policyVersion}?project_id=${projectId}`)).body,
      );
    const before = await read();
    expect(before.accepted).toBe(false);
    expect(before.projects.map((p) => [p.project_name, p.accepted_version, p.up_to_date])).toEqual([
      ['Alpha', null, false],
      ['Beta', null, false],
    ]);
    // Nothing accepted yet: everything the templates grant is new, the optional actions marked so.
    expect(before.projects[0]?.changes.added).toContainEqual({
      action: 'rds:DescribeDBInstances',
      policy: 'finlens-inventory-read',
      optional: false,
    });
    expect(before.projects[0]?.changes.added).toContainEqual({
      action: 'ec2:StopInstances',
      policy: 'finlens-actions',
      optional: true,
    });

    const missing = await admin.session.post(POLICY_PATHS.policyVersion, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      errors: { project_id: ['This field is required.'], accepted: ['Must be true or false.'] },
    });
    const wrongType = await admin.session.post(POLICY_PATHS.policyVersion, {
      project_id: ids[0],
      accepted: 'yes',
    });
    expect(wrongType.status).toBe(400);
    expect(JSON.stringify(wrongType.body)).toContain('accepted');
    expect(
      (await admin.session.post(POLICY_PATHS.policyVersion, { project_id: 'nope', accepted: true })).status,
    ).toBe(404);
    expect((await read()).projects.every((p) => p.accepted_version === null)).toBe(true);

    const one = policyDataSchema.parse(
      (await admin.session.post(POLICY_PATHS.policyVersion, { project_id: ids[0], accepted: true })).body,
    );
    expect(one.projects).toMatchObject([
      {
        project_name: 'Alpha',
        accepted_version: one.latest.version,
        up_to_date: true,
        changes: { added: [], removed: [] },
      },
    ]);
    expect((await read(ids[1])).projects[0]?.up_to_date).toBe(false);

    const all = policyDataSchema.parse(
      (await admin.session.post(POLICY_PATHS.policyVersion, { project_id: 'all', accepted: true })).body,
    );
    expect(all.accepted).toBe(true);
    expect(all.projects.map((p) => p.changes.added.length)).toEqual([0, 0]);

    const other = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'policy-other' });
    expect((await other.session.get(`${POLICY_PATHS.policyVersion}?project_id=${ids[0]}`)).status).toBe(404);
  });

  it('lists the bill’s member accounts named by the bill, else by the inventory, else null', async () => {
    const header =
      'bill_payer_account_id,bill_payer_account_name,line_item_usage_account_id,line_item_usage_account_name,line_item_line_item_type,line_item_usage_start_date,line_item_unblended_cost,line_item_currency_code';
    const row = (account: string, name: string) =>
      `${ACCOUNT},Payer,${account},${name},Usage,2026-10-01T00:00:00Z,1.5,USD`;
    const csv = [header, row('111111111111', 'Production'), row('222222222222', ''), row('333333333333', '')];
    const { admin, projectId } = await clientWithBilling(
      context,
      'org-accounts',
      Buffer.from(`${csv.join('\n')}\n`),
    );
    const scenario = {
      ...SCENARIO,
      accounts: [{ accountId: '222222222222', name: 'Staging' }],
      faults: [],
      resources: [],
    };
    expect((await admin.session.request('PUT', P.scenario(projectId), { body: scenario })).status).toBe(200);

    const listed = await admin.session.get(ADMIN_PATHS.organizationAccounts);
    expect(organizationAccountsSchema.parse(listed.body)).toEqual([
      { account_id: '111111111111', account_name: 'Production', payer_project_id: projectId },
      { account_id: '222222222222', account_name: 'Staging', payer_project_id: projectId },
      { account_id: '333333333333', account_name: null, payer_project_id: projectId },
    ]);
    const other = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'org-accounts-other' });
    expect((await other.session.get(ADMIN_PATHS.organizationAccounts)).body).toEqual([]);
  });
});
