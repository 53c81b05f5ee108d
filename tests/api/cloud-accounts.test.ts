import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_PATHS } from '@finlens/contracts/admin';
import {
  AWAITING_CREDENTIALS,
  type CloudAccount,
  cloudAccountSchema,
  cloudAccountsSchema,
  connectionCheckSchema,
  importRunSchema,
  importRunsSchema,
} from '@finlens/contracts/cloud-accounts';
import { describe, expect, it } from 'vitest';
import { AWS_TEST_SETTINGS } from './billing-client';
import { upload, uploadRaw } from './billing-upload';
import { inviteAccepted, signUpVerified, useServerWithMail } from './identity-fixtures';

const UPLOAD_MAX_BYTES = 40_000;
const context = useServerWithMail({ UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES) });

const FIXTURE_CSV = join(
  import.meta.dirname,
  '../../packages/fixtures/data/aws-cur-format-variants/koku_test_cur.csv',
);

const awsSettings = AWS_TEST_SETTINGS;

describe('cloud accounts', () => {
  it('admin adds, edits, tests and removes an AWS account; members read; bucket messages are the spec’s', async () => {
    const admin = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'accounts-admin' });
    const member = await inviteAccepted(context.server.baseUrl, context.smtp, admin, {
      label: 'accounts-member',
    });
    expect(cloudAccountsSchema.parse((await admin.session.get('/c/cloud_accounts/')).body)).toEqual([]);

    const badBucket = await admin.session.post('/c/cloud_accounts/', {
      name: 'Payer',
      settings: { ...awsSettings, bucket: 'Acme_Exports' },
    });
    expect(badBucket).toMatchObject({
      status: 400,
      body: {
        errors: {
          bucket: [
            'Must not contain uppercase characters or underscores, must start/end with a lowercase letter or number only and can be a series of one or more labels.',
          ],
        },
      },
    });
    const ipBucket = await admin.session.post('/c/cloud_accounts/', {
      name: 'Payer',
      settings: { ...awsSettings, bucket: '10.1.2.3' },
    });
    expect(ipBucket.body).toMatchObject({
      errors: { bucket: ['Must not be formatted as an IP address (for example, 192.168.5.4).'] },
    });
    const otherRole = await admin.session.post('/c/cloud_accounts/', {
      name: 'Payer',
      settings: { ...awsSettings, role_arn: 'arn:aws:iam::999999999999:role/x' },
    });
    expect(otherRole).toMatchObject({ status: 400, body: { errors: { role_arn: expect.any(Array) } } });

    // A tenant cannot choose the external ID (it could name another tenant's and borrow that role).
    const chosenId = await admin.session.post('/c/cloud_accounts/', {
      name: 'Payer',
      settings: { ...awsSettings, external_id: 'finlens-0123456789abcdef0123456789abcdef' },
    });
    expect(chosenId).toMatchObject({ status: 400, body: { errors: { external_id: expect.any(Array) } } });

    const created = await admin.session.post('/c/cloud_accounts/', { name: 'Payer', settings: awsSettings });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const account = cloudAccountSchema.parse(created.body);
    expect(account).toMatchObject({
      name: 'Payer',
      status: 'awaiting_configuration',
      account_id: '123456789012',
      source: { kind: 'aws_s3', bucket: 'acme-cur-exports', prefix: 'exports/', has_credentials: false },
      last_import: null,
    });
    const externalId = account.source?.external_id ?? '';
    expect(externalId).toMatch(/^finlens-[0-9a-f]{32}$/);

    const duplicate = await admin.session.post('/c/cloud_accounts/', {
      name: 'Payer',
      settings: awsSettings,
    });
    expect(duplicate).toMatchObject({ status: 400, body: { errors: { name: expect.any(Array) } } });

    const changedId = await admin.session.patch(`/c/cloud_accounts/${account.id}/`, {
      name: 'Payer',
      settings: { ...awsSettings, external_id: 'finlens-ffffffffffffffffffffffffffffffff' },
    });
    expect(changedId).toMatchObject({ status: 400, body: { errors: { external_id: expect.any(Array) } } });
    const sameId = await admin.session.patch(`/c/cloud_accounts/${account.id}/`, {
      name: 'Payer',
      settings: { ...awsSettings, external_id: externalId },
    });
    expect(sameId.status, JSON.stringify(sameId.body)).toBe(200);

    // Editing keeps the external ID; keys are sealed and only reported as present.
    const edited = await admin.session.patch(`/c/cloud_accounts/${account.id}/`, {
      name: 'Payer account',
      settings: { ...awsSettings, keys: { access_key_id: 'AKIAEXAMPLE', secret_access_key: 'secret' } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(cloudAccountSchema.parse(edited.body)).toMatchObject({
      name: 'Payer account',
      source: { external_id: externalId, has_credentials: true },
    });
    expect(JSON.stringify(edited.body)).not.toContain('secret');

    const memberView = cloudAccountsSchema.parse((await member.session.get('/c/cloud_accounts/')).body);
    expect(memberView.map((entry) => entry.name)).toEqual(['Payer account']);
    expect((await member.session.delete(`/c/cloud_accounts/${account.id}/`)).status).toBe(403);

    const checks = [
      await admin.session.post(`/c/cloud_accounts/${account.id}/check/`),
      await admin.session.post('/c/cloud_accounts/check/', awsSettings),
    ];
    for (const check of checks) {
      expect(check.status, JSON.stringify(check.body)).toBe(200);
      const result = connectionCheckSchema.parse(check.body);
      expect(result.ok).toBe(false);
      expect(result.problems.length).toBeGreaterThan(0);
    }

    const queued = await admin.session.post(`/c/cloud_accounts/${account.id}/import_now/`);
    expect(queued).toMatchObject({ status: 202, body: { job_id: expect.any(String) } });

    // Without keys or a role the account never borrows the server's own cloud identity: it awaits configuration,
    // its checks say what is missing, and it cannot be polled.
    const bare = await admin.session.post('/c/cloud_accounts/', {
      name: 'No credentials',
      settings: { ...awsSettings, account_id: '210987654321', role_arn: null },
    });
    expect(bare.status, JSON.stringify(bare.body)).toBe(201);
    const bareAccount = cloudAccountSchema.parse(bare.body);
    expect(bareAccount.status).toBe('awaiting_configuration');
    for (const check of [
      await admin.session.post(`/c/cloud_accounts/${bareAccount.id}/check/`),
      await admin.session.post('/c/cloud_accounts/check/', { ...awsSettings, role_arn: null, keys: null }),
    ]) {
      expect(connectionCheckSchema.parse(check.body).problems).toEqual([AWAITING_CREDENTIALS]);
    }
    expect(await admin.session.post(`/c/cloud_accounts/${bareAccount.id}/import_now/`)).toMatchObject({
      status: 400,
      body: { detail: AWAITING_CREDENTIALS },
    });
    expect((await admin.session.delete(`/c/cloud_accounts/${bareAccount.id}/`)).status).toBe(204);

    const template = await member.session.get(`/c/cloud_accounts/${account.id}/cloudformation/`);
    expect(template.status).toBe(200);
    expect(template.headers.get('content-disposition')).toContain('finlens-cur2-cloudformation.yaml');
    expect(String(template.body)).toContain(externalId);
    expect(String(template.body)).toContain('S3Bucket: acme-cur-exports');
    const terraform = await member.session.get(`/c/cloud_accounts/${account.id}/terraform/`);
    expect(String(terraform.body)).toContain(externalId);
    expect(String(terraform.body)).toContain('resource "aws_bcmdataexports_export"');

    expect((await admin.session.delete(`/c/cloud_accounts/${account.id}/`)).status).toBe(204);
    expect(cloudAccountsSchema.parse((await admin.session.get('/c/cloud_accounts/')).body)).toEqual([]);
    expect((await admin.session.get(`/c/cloud_accounts/${account.id}/`)).status).toBe(404);
  });

  it('Azure accounts need the client’s Azure flag (an Azure billing currency)', async () => {
    const admin = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'azure-admin' });
    const azure = {
      name: 'Subscription',
      settings: {
        cloud_type: 'azure',
        container: 'cost-exports',
        credentials: { kind: 'connection-string', connection_string: 'UseDevelopmentStorage=true' },
      },
    };
    const refused = await admin.session.post('/c/cloud_accounts/', azure);
    expect(refused).toMatchObject({ status: 400, body: { errors: { cloud_type: expect.any(Array) } } });
    const flagged = await admin.session.patch(`/c/admin/clients/${admin.profile.client_id}/`, {
      azure_billing_currency: 'EUR',
    });
    expect(flagged.status).toBe(200);
    const created = await admin.session.post('/c/cloud_accounts/', azure);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(cloudAccountSchema.parse(created.body)).toMatchObject({
      cloud_type: 'azure',
      account_id: null,
      source: { kind: 'azure_blob', bucket: 'cost-exports', has_credentials: true, external_id: null },
    });
    const id = (created.body as CloudAccount).id;
    expect((await admin.session.get(`/c/cloud_accounts/${id}/cloudformation/`)).status).toBe(400);
  });
});

describe('POST /c/billing/upload/', () => {
  it('imports a CUR file into the chosen account and records the run; refuses wrong types and oversize files', async () => {
    const admin = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'upload-admin' });
    const created = await admin.session.post('/c/cloud_accounts/', {
      name: 'Uploads',
      settings: awsSettings,
    });
    const accountId = cloudAccountSchema.parse(created.body).id;
    const csv = readFileSync(FIXTURE_CSV);

    const imported = await upload(
      admin.session,
      { project_id: accountId },
      { name: 'koku_test_cur.csv', data: csv },
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const run = importRunSchema.parse(imported.body);
    expect(run).toMatchObject({
      status: 'succeeded',
      rows: 19,
      files: 1,
      source: 'upload:koku_test_cur.csv',
    });
    // REFERENCE.json of aws-cur-format-variants: koku_test_cur.csv unblended 0.0827499841.
    const unblended = run.totals.reduce((sum, period) => sum + (period.totals.unblended ?? 0), 0);
    expect(unblended).toBeCloseTo(0.0827499841, 6);

    const history = importRunsSchema.parse(
      (await admin.session.get(`/c/cloud_accounts/${accountId}/imports/`)).body,
    );
    expect(history.map((entry) => entry.id)).toEqual([run.id]);
    const account = cloudAccountSchema.parse(
      (await admin.session.get(`/c/cloud_accounts/${accountId}/`)).body,
    );
    expect(account.status).toBe('configured');
    expect(account.billing.last_ingestion_datetime).not.toBeNull();
    // One status model: the admin calls and the listing behind Organization Overview say the same.
    const project = (await admin.session.get(ADMIN_PATHS.projectAws(accountId))).body as { status: string };
    const listing = (await admin.session.get(ADMIN_PATHS.projectsAwsListing)).body as {
      id: string;
      status: string;
    }[];
    expect([project.status, listing.find((entry) => entry.id === accountId)?.status]).toEqual([
      'configured',
      'configured',
    ]);

    const wrongType = await upload(
      admin.session,
      { project_id: accountId },
      { name: 'costs.xlsx', data: csv },
    );
    expect(wrongType).toMatchObject({
      status: 400,
      body: { errors: { file: [expect.stringContaining('.csv.gz')] } },
    });
    const renamed = await upload(
      admin.session,
      { project_id: accountId },
      { name: 'costs.parquet', data: csv },
    );
    expect(renamed).toMatchObject({
      status: 400,
      body: { errors: { file: ['costs.parquet is not a Parquet file.'] } },
    });
    const big = Buffer.concat([csv, csv, csv]);
    expect(big.length).toBeGreaterThan(UPLOAD_MAX_BYTES);
    const oversize = await upload(admin.session, { project_id: accountId }, { name: 'big.csv', data: big });
    expect(oversize).toMatchObject({
      status: 400,
      body: { errors: { file: [`The file is larger than the upload limit of ${UPLOAD_MAX_BYTES} bytes.`] } },
    });
    const noProject = await upload(admin.session, {}, { name: 'koku_test_cur.csv', data: csv });
    expect(noProject).toMatchObject({
      status: 400,
      body: { errors: { project_id: ['This field is required.'] } },
    });

    // Input the importer refuses: a 400 naming the file, and a failed run in the history.
    const garbage = Buffer.from('a,b\n1,2\n');
    const refused = await upload(
      admin.session,
      { project_id: accountId },
      { name: 'garbage.csv', data: garbage },
    );
    expect(refused.status).toBe(400);
    expect(String(refused.body.detail)).toContain('garbage.csv');
    const after = importRunsSchema.parse(
      (await admin.session.get(`/c/cloud_accounts/${accountId}/imports/`)).body,
    );
    expect(after.map((entry) => entry.status)).toEqual(['failed', 'succeeded']);
    expect(after[0]?.error?.message).toContain('garbage.csv');
  });

  it('a truncated or malformed multipart body is a 400 naming the problem, and nothing is stored', async () => {
    const admin = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'upload-broken' });
    const created = await admin.session.post('/c/cloud_accounts/', { name: 'Broken', settings: awsSettings });
    const accountId = cloudAccountSchema.parse(created.body).id;
    const csv = readFileSync(FIXTURE_CSV);
    const boundary = 'finlensboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="project_id"\r\n\r\n${accountId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    );
    const multipart = `multipart/form-data; boundary=${boundary}`;

    // The connection ends in the middle of the file: no closing boundary.
    const truncated = await uploadRaw(admin.session, multipart, Buffer.concat([head, csv.subarray(0, 500)]));
    expect(truncated, JSON.stringify(truncated.body)).toMatchObject({
      status: 400,
      body: { errors: { file: [expect.stringContaining('incomplete')] } },
    });
    // Cut inside the part headers, before any file started.
    const cutHeaders = await uploadRaw(admin.session, multipart, head.subarray(0, head.length - 20));
    expect(cutHeaders.status, JSON.stringify(cutHeaders.body)).toBe(400);
    expect(Object.keys(cutHeaders.body.errors ?? {})).toEqual(['file']);
    // A multipart content type without its boundary, and a body that is not multipart at all.
    const noBoundary = await uploadRaw(admin.session, 'multipart/form-data', head);
    expect(noBoundary.status, JSON.stringify(noBoundary.body)).toBe(400);
    expect(Object.keys(noBoundary.body.errors ?? {})).toEqual(['file']);
    const notMultipart = await uploadRaw(admin.session, multipart, Buffer.from('just some text'));
    expect(notMultipart.status, JSON.stringify(notMultipart.body)).toBe(400);
    expect(Object.keys(notMultipart.body.errors ?? {})).toEqual(['file']);

    const history = importRunsSchema.parse(
      (await admin.session.get(`/c/cloud_accounts/${accountId}/imports/`)).body,
    );
    expect(history).toEqual([]);
    // The server still serves the next, whole upload.
    const whole = await upload(admin.session, { project_id: accountId }, { name: 'whole.csv', data: csv });
    expect(whole.status, JSON.stringify(whole.body)).toBe(201);
  });
});
