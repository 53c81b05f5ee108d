import { gzipSync } from 'node:zlib';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedHttp } from '../../platform/outbound/guarded-http';
import { testGuardedHttp } from '../../platform/outbound/test-outbound';
import { newOrRestated } from './billing-delivery';
import { findDeliveries } from './find-deliveries';
import type { RemoteStore } from './remote-store';
import { s3Store } from './s3-store';
import { S3RVER_KEYS, startTestS3, type TestS3 } from './test-s3rver';

const bucket = 'finlens-cur';
const cur2 = 'exports/finlens-cur2';
const legacy = 'legacy/finlens-report';

const csv = (rows: string[]) =>
  gzipSync(`bill_billing_period_start_date,line_item_unblended_cost\n${rows.join('\n')}\n`);
const cur2Manifest = (executionId: string, keys: string[]) =>
  JSON.stringify({
    executionId,
    exportName: 'finlens-cur2',
    billingPeriod: { start: '2026-10-01T00:00:00.000Z', end: '2026-11-01T00:00:00.000Z' },
    columns: [{ name: 'line_item_unblended_cost', type: 'double' }],
    dataFiles: keys.map((key) => `s3://${bucket}/${key}`),
  });

/** CUR 2.0 (overwrite mode, with a stale empty chunk and a per-run manifest copy) and legacy CUR (create-new mode). */
async function uploadLayout(s3: TestS3): Promise<void> {
  const october = `${cur2}/data/BILLING_PERIOD=2026-10`;
  await s3.put(
    `${october}/finlens-cur2-00001.csv.gz`,
    csv(['2026-10-01T00:00:00Z,1.5', '2026-10-01T00:00:00Z,2.25']),
  );
  await s3.put(`${october}/finlens-cur2-00002.csv.gz`, new Uint8Array());
  await s3.put(
    `${cur2}/data/BILLING_PERIOD=2026-11/finlens-cur2-00001.csv.gz`,
    csv(['2026-11-01T00:00:00Z,4']),
  );
  await s3.put(
    `${cur2}/metadata/BILLING_PERIOD=2026-10/finlens-cur2-Manifest.json`,
    cur2Manifest('exec-1', [`${october}/finlens-cur2-00001.csv.gz`]),
  );
  await s3.put(
    `${cur2}/metadata/BILLING_PERIOD=2026-10/20261020T000000Z-exec-1/finlens-cur2-Manifest.json`,
    cur2Manifest('exec-1', [`${october}/finlens-cur2-00001.csv.gz`]),
  );
  await s3.put(
    `${cur2}/metadata/BILLING_PERIOD=2026-11/finlens-cur2-Manifest.json`,
    cur2Manifest('exec-2', [`${cur2}/data/BILLING_PERIOD=2026-11/finlens-cur2-00001.csv.gz`]),
  );
  const range = `${legacy}/20261001-20261101`;
  const legacyManifest = JSON.stringify({
    assemblyId: 'assembly-a',
    account: '012345678901',
    columns: [{ category: 'lineItem', name: 'UnblendedCost' }],
    reportName: 'finlens-report',
    billingPeriod: { start: '20261001T000000.000Z', end: '20261101T000000.000Z' },
    bucket,
    reportKeys: [
      `${range}/assembly-a/finlens-report-1.csv.gz`,
      `${range}/assembly-a/finlens-report-2.csv.gz`,
    ],
  });
  await s3.put(`${range}/assembly-a/finlens-report-1.csv.gz`, csv(['2026-10-01T00:00:00Z,10']));
  await s3.put(`${range}/assembly-a/finlens-report-2.csv.gz`, csv(['2026-10-02T00:00:00Z,20']));
  await s3.put(`${range}/assembly-a/finlens-report-Manifest.json`, legacyManifest);
  await s3.put(`${range}/finlens-report-Manifest.json`, legacyManifest);
}

describe('S3 source against s3rver on loopback', () => {
  let s3: TestS3;
  let store: RemoteStore;
  beforeAll(async () => {
    s3 = await startTestS3(bucket);
    await uploadLayout(s3);
    store = s3Store({
      http: testGuardedHttp(),
      bucket,
      prefix: '',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      access: { kind: 'keys', keys: S3RVER_KEYS },
    });
  });
  afterAll(async () => {
    await s3?.stop();
  });

  it('finds each billing period from its latest manifest, with exactly the files the manifest lists', async () => {
    const { deliveries, problems } = await findDeliveries(store);
    expect(problems).toEqual([]);
    expect(
      deliveries.map((d) => ({
        key: d.periodKey,
        period: d.billingPeriod,
        layout: d.layout,
        run: d.runId,
        files: d.files.map((f) => f.key),
      })),
    ).toEqual([
      {
        key: `cur:${legacy}:2026-10`,
        period: '2026-10',
        layout: 'cur',
        run: 'assembly-a',
        files: [
          `${legacy}/20261001-20261101/assembly-a/finlens-report-1.csv.gz`,
          `${legacy}/20261001-20261101/assembly-a/finlens-report-2.csv.gz`,
        ],
      },
      {
        key: `cur2:${cur2}:2026-10`,
        period: '2026-10',
        layout: 'cur2',
        run: 'exec-1',
        files: [`${cur2}/data/BILLING_PERIOD=2026-10/finlens-cur2-00001.csv.gz`],
      },
      {
        key: `cur2:${cur2}:2026-11`,
        period: '2026-11',
        layout: 'cur2',
        run: 'exec-2',
        files: [`${cur2}/data/BILLING_PERIOD=2026-11/finlens-cur2-00001.csv.gz`],
      },
    ]);
    expect(deliveries[0]?.files[0]?.etag).toMatch(/^[0-9a-f]{32}$/);
  });

  it('reports only the periods that are new or restated (new execution id, or a changed ETag)', async () => {
    const before = await findDeliveries(store);
    const imported = new Map(before.deliveries.map((d) => [d.periodKey, d.fingerprint]));
    expect(newOrRestated(before.deliveries, imported)).toEqual([]);
    expect(newOrRestated(before.deliveries, new Map())).toHaveLength(3);

    // A refresh of October: same chunk name, new content and a new execution id.
    const october = `${cur2}/data/BILLING_PERIOD=2026-10/finlens-cur2-00001.csv.gz`;
    await s3.put(october, csv(['2026-10-01T00:00:00Z,1.5', '2026-10-03T00:00:00Z,9']));
    await s3.put(
      `${cur2}/metadata/BILLING_PERIOD=2026-10/finlens-cur2-Manifest.json`,
      cur2Manifest('exec-3', [october]),
    );
    // Legacy report chunk rewritten in place (same manifest): the ETag alone tells.
    await s3.put(
      `${legacy}/20261001-20261101/assembly-a/finlens-report-2.csv.gz`,
      csv(['2026-10-02T00:00:00Z,21']),
    );

    const after = await findDeliveries(store);
    expect(newOrRestated(after.deliveries, imported).map((d) => [d.periodKey, d.runId])).toEqual([
      [`cur:${legacy}:2026-10`, 'assembly-a'],
      [`cur2:${cur2}:2026-10`, 'exec-3'],
    ]);
  });

  it('reports a manifest that names a missing file without hiding the other periods', async () => {
    await s3.put(
      `${cur2}/metadata/BILLING_PERIOD=2026-12/finlens-cur2-Manifest.json`,
      cur2Manifest('exec-4', [`${cur2}/data/BILLING_PERIOD=2026-12/finlens-cur2-00001.csv.gz`]),
    );
    const { deliveries, problems } = await findDeliveries(store);
    expect(deliveries).toHaveLength(3);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toContain(
      'BILLING_PERIOD=2026-12/finlens-cur2-00001.csv.gz, which is not in the store',
    );
  });

  it.each(['S3RVER', 'http://[::1]:9', 'http://10.0.0.1', 'http://169.254.169.254', 'http://localhost:9'])(
    'refuses an endpoint into the server’s own network (%s) without OUTBOUND_ALLOW',
    async (endpoint) => {
      const guarded = s3Store({
        http: createGuardedHttp([]),
        bucket,
        prefix: '',
        region: 'us-east-1',
        endpoint: endpoint === 'S3RVER' ? s3.endpoint : endpoint,
        access: { kind: 'keys', keys: S3RVER_KEYS },
      });
      await expect(guarded.listObjects()).rejects.toThrow(/cannot list s3:\/\/finlens-cur\/: .*refused: /);
    },
  );

  it('names the bucket and the AWS error when the keys are refused', async () => {
    const refused = s3Store({
      http: testGuardedHttp(),
      bucket,
      prefix: 'exports',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      access: { kind: 'keys', keys: { accessKeyId: 'WRONG', secretAccessKey: 'nope' } },
    });
    await expect(refused.listObjects()).rejects.toThrow(
      /cannot list s3:\/\/finlens-cur\/exports\/: .*InvalidAccessKeyId/,
    );
  });

  describe('with a cross-account role', () => {
    const sts = mockClient(STSClient);
    afterEach(() => sts.reset());
    afterAll(() => sts.restore());

    it('assumes the role with the external ID, signs with the temporary keys and reuses them until they expire', async () => {
      // The documented AssumeRole response; s3rver accepts only its own key id, so the listing proves they were used.
      sts.on(AssumeRoleCommand).resolves({
        Credentials: {
          AccessKeyId: S3RVER_KEYS.accessKeyId,
          SecretAccessKey: S3RVER_KEYS.secretAccessKey,
          SessionToken: 'FwoGZXIvYXdzEXAMPLE',
          Expiration: new Date(Date.now() + 3_600_000),
        },
        AssumedRoleUser: {
          AssumedRoleId: 'AROAEXAMPLE:finlens-billing-ingest',
          Arn: 'arn:aws:sts::123456789012:assumed-role/FinlensRead/finlens-billing-ingest',
        },
      });
      const roleStore = s3Store({
        http: testGuardedHttp(),
        bucket,
        prefix: cur2,
        region: 'eu-west-1',
        endpoint: s3.endpoint,
        access: {
          kind: 'role',
          roleArn: 'arn:aws:iam::123456789012:role/FinlensRead',
          externalId: 'finlens-ext-42',
          baseKeys: S3RVER_KEYS,
        },
      });
      expect((await roleStore.listObjects()).length).toBeGreaterThan(0);
      await roleStore.readText(`${cur2}/metadata/BILLING_PERIOD=2026-11/finlens-cur2-Manifest.json`);
      const calls = sts.commandCalls(AssumeRoleCommand);
      expect(calls).toHaveLength(1);
      expect(calls[0]?.args[0].input).toEqual({
        RoleArn: 'arn:aws:iam::123456789012:role/FinlensRead',
        RoleSessionName: 'finlens-billing-ingest',
        ExternalId: 'finlens-ext-42',
        DurationSeconds: 3600,
      });
    });

    it('surfaces an AccessDenied from STS as a source error', async () => {
      sts
        .on(AssumeRoleCommand)
        .rejects(
          Object.assign(new Error('not authorized to perform sts:AssumeRole'), { name: 'AccessDenied' }),
        );
      const roleStore = s3Store({
        http: testGuardedHttp(),
        bucket,
        prefix: '',
        region: 'eu-west-1',
        endpoint: s3.endpoint,
        access: {
          kind: 'role',
          roleArn: 'arn:aws:iam::123456789012:role/Missing',
          externalId: 'x',
          baseKeys: S3RVER_KEYS,
        },
      });
      await expect(roleStore.listObjects()).rejects.toThrow(/cannot list .*sts:AssumeRole/);
    });
  });
});
