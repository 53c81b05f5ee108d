import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAzurite, type TestAzurite } from './test-azurite';
import { S3RVER_KEYS, startTestS3, type TestS3 } from './test-s3rver';
import { parseSourceUri, uriSource } from './uri-source';

const bucket = 'finlens-uri';
let s3: TestS3;
let azure: TestAzurite;
let s3Env: NodeJS.ProcessEnv;

beforeAll(async () => {
  [s3, azure] = await Promise.all([startTestS3(bucket), startTestAzurite()]);
  s3Env = {
    AWS_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
    AWS_ENDPOINT_URL_S3: s3.endpoint,
  };
  const range = 'cur/report/20261001-20261101';
  await s3.put(`${range}/a1/report-1.csv`, 'lineItem/UnblendedCost\n1\n');
  await s3.put(`${range}/a0/report-1.csv`, 'lineItem/UnblendedCost\nstale\n');
  await s3.put(
    `${range}/report-Manifest.json`,
    JSON.stringify({ assemblyId: 'a1', reportKeys: [`${range}/a1/report-1.csv`] }),
  );
  await s3.put('focus/2026-10/part-1.csv', 'BilledCost\n2\n');
  await s3.put('focus/2026-10/readme.txt', 'not billing data');
  await azure.put('exports', 'focus/2026-10/part-1.csv', 'BilledCost\n3\n');
});
afterAll(async () => {
  await Promise.allSettled([s3?.stop(), azure?.stop()]);
});

describe('finlens import from a bucket or container URI', () => {
  it('parses s3:// and azure:// locations and nothing else', () => {
    expect(parseSourceUri('s3://b/p/q')).toEqual({ scheme: 's3', bucket: 'b', prefix: 'p/q' });
    expect(parseSourceUri('azure://c')).toEqual({ scheme: 'azure', bucket: 'c', prefix: '' });
    expect(parseSourceUri('./data/cur')).toBeNull();
  });

  it('reads what the manifests name under an S3 prefix, not a stale run', async () => {
    const source = uriSource({ uri: `s3://${bucket}/cur`, env: s3Env });
    const files = await source.listFiles();
    expect(files.map((file) => file.displayName)).toEqual([
      `s3://${bucket}/cur/report/20261001-20261101/a1/report-1.csv`,
    ]);
    expect(await readFile(files[0]?.localPath ?? '', 'utf8')).toContain('\n1\n');
    await source.dispose();
    expect(existsSync(files[0]?.localPath ?? '')).toBe(false);
  });

  it('takes every billing file of a prefix without manifests (S3 and Azure)', async () => {
    const fromS3 = uriSource({ uri: `s3://${bucket}/focus/`, env: s3Env });
    expect((await fromS3.listFiles()).map((file) => file.displayName)).toEqual([
      `s3://${bucket}/focus/2026-10/part-1.csv`,
    ]);
    await fromS3.dispose();
    const fromAzure = uriSource({
      uri: 'azure://exports/focus',
      env: { AZURE_STORAGE_CONNECTION_STRING: azure.connectionString },
    });
    const files = await fromAzure.listFiles();
    expect(files.map((file) => file.displayName)).toEqual(['azure://exports/focus/2026-10/part-1.csv']);
    expect(await readFile(files[0]?.localPath ?? '', 'utf8')).toBe('BilledCost\n3\n');
    await fromAzure.dispose();
  });

  it('says what is missing: Azure credentials, or billing files under the prefix', async () => {
    expect(() => uriSource({ uri: 'azure://exports/focus', env: {} })).toThrow(
      /AZURE_STORAGE_CONNECTION_STRING/,
    );
    await expect(uriSource({ uri: `s3://${bucket}/nothing-here`, env: s3Env }).listFiles()).rejects.toThrow(
      /no billing files .* under s3:\/\/finlens-uri\/nothing-here/,
    );
  });
});
