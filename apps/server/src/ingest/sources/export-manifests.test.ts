import { describe, expect, it } from 'vitest';
import { locateManifest, readManifest } from './export-manifests';

describe('locateManifest', () => {
  it.each([
    // CUR 2.0, top-level manifest of a period (billing-formats §1.5)
    [
      'p/exp/metadata/BILLING_PERIOD=2024-01/exp-Manifest.json',
      { layout: 'cur2', periodKey: 'cur2:p/exp:2024-01' },
    ],
    // legacy CUR date-range folder, with and without a prefix (§2.2)
    ['p/rep/20240101-20240201/rep-Manifest.json', { layout: 'cur', periodKey: 'cur:p/rep:2024-01' }],
    ['rep/20241201-20250101/rep-Manifest.json', { layout: 'cur', periodKey: 'cur:rep:2024-12' }],
    // legacy Athena/Parquet partitions: month is not zero-padded
    ['p/rep/rep/year=2024/month=3/rep-Manifest.json', { layout: 'cur', periodKey: 'cur:p/rep/rep:2024-03' }],
    // Azure run folder under the export's date range (§5.1)
    [
      'x/azexp/20240101-20240131/run-9/_manifest.json',
      { layout: 'azure', periodKey: 'azure:x/azexp:2024-01' },
    ],
    [
      'x/azexp/20240101-20240131/run-9/manifest.json',
      { layout: 'azure', periodKey: 'azure:x/azexp:2024-01' },
    ],
  ])('recognises %s', (key, expected) => {
    expect(locateManifest(key)).toMatchObject(expected);
  });

  it.each([
    'p/exp/metadata/BILLING_PERIOD=2024-01/20240105T000000Z-abc/exp-Manifest.json',
    'p/rep/20240101-20240201/assembly-1/rep-Manifest.json',
    'p/rep/20240101-20240201/rep-RedshiftManifest.json',
    'p/exp/data/BILLING_PERIOD=2024-01/exp-00001.csv.gz',
  ])('skips per-run copies and data files: %s', (key) => {
    expect(locateManifest(key)).toBeNull();
  });

  it('leaves the period of an Azure manifest outside a date-range folder to its run info', () => {
    expect(locateManifest('x/azexp/run-9/_manifest.json')).toEqual({
      layout: 'azure',
      periodKey: 'azure:x/azexp:',
      billingPeriod: '',
    });
    const read = readManifest(
      'azure',
      JSON.stringify({ blobs: [], runInfo: { startDate: '2024-02-01T00:00:00' } }),
    );
    expect(read.billingPeriod).toBe('2024-02');
  });
});

describe('readManifest', () => {
  it('turns CUR 2.0 dataFiles URIs into keys and keeps the execution id', () => {
    const text = JSON.stringify({
      executionId: 'e1',
      dataFiles: ['s3://b/p/data/BILLING_PERIOD=2024-01/x-00001.snappy.parquet'],
    });
    expect(readManifest('cur2', text).content).toEqual({
      runId: 'e1',
      fileNames: ['p/data/BILLING_PERIOD=2024-01/x-00001.snappy.parquet'],
      submittedAt: null,
      columns: null,
    });
  });

  it('reads legacy reportKeys and assemblyId, ignoring the other fields', () => {
    const text = JSON.stringify({
      assemblyId: 'a1',
      reportKeys: ['p/r/1.csv.gz'],
      compression: 'GZIP',
      columns: [],
    });
    expect(readManifest('cur', text).content).toMatchObject({
      runId: 'a1',
      fileNames: ['p/r/1.csv.gz'],
      columns: null,
    });
  });

  it('reads the column lists: CUR 2.0 names, legacy category/name headers', () => {
    const cur2 = { dataFiles: [], columns: [{ name: 'line_item_unblended_cost', type: 'double' }] };
    expect(readManifest('cur2', JSON.stringify(cur2)).content.columns).toEqual(['line_item_unblended_cost']);
    const legacy = {
      reportKeys: [],
      columns: [{ category: 'resourceTags', name: 'user:Team', type: 'String' }],
    };
    expect(readManifest('cur', JSON.stringify(legacy)).content.columns).toEqual(['resourceTags/user:Team']);
  });

  it('rejects a manifest without its file list, naming the field', () => {
    expect(() => readManifest('cur2', JSON.stringify({ reportKeys: ['k'] }))).toThrow(/dataFiles/);
  });
});
