import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { manifestJson } from '@finlens/fixtures/demo/manifest';
import { describe, expect, it } from 'vitest';
import { importPath, tempWarehouse } from './import-file.test-helper';

const warehouse = tempWarehouse('finlens-manifest-format-');

const PERIOD = {
  id: '2025-04',
  start: new Date('2025-04-01T00:00:00Z'),
  end: new Date('2025-05-01T00:00:00Z'),
  days: 30,
};
const DATA = 'cur2/finlens/data/BILLING_PERIOD=2025-04/finlens-00001.csv';
const MANIFEST = 'cur2/finlens/metadata/BILLING_PERIOD=2025-04/finlens-Manifest.json';

/** One usage row: the values a test needs, empty cells (or `{}` for map columns) elsewhere. */
const VALUES: Record<string, string> = {
  bill_billing_period_start_date: '2025-04-01T00:00:00Z',
  line_item_usage_account_id: '111111111111',
  line_item_line_item_type: 'Usage',
  line_item_usage_start_date: '2025-04-02T00:00:00Z',
  line_item_unblended_cost: '3.5',
  line_item_currency_code: 'USD',
  lineItem_UnblendedCost: '3.5',
};
const cell = (column: string) =>
  VALUES[column] ?? (/^(product|resource_tags|cost_category|discount|tags)$/.test(column) ? '{}' : '');

async function put(root: string, key: string, content: string) {
  await mkdir(dirname(join(root, key)), { recursive: true });
  await writeFile(join(root, key), content);
}

/** A Data Export folder: the demo generator's manifest (columns optionally replaced) and one CSV of `columns`. */
async function dataExport(name: string, columns: string[], manifestColumns?: string[]) {
  const root = await mkdtemp(join(warehouse.dir, `${name}-`));
  const manifest = manifestJson({
    outDir: root,
    bucket: 'bucket',
    prefix: 'exports',
    format: 'csv.gz',
    period: PERIOD,
    files: [join(root, DATA)],
    seed: 1,
  });
  const listed =
    manifestColumns === undefined
      ? manifest
      : { ...manifest, columns: manifestColumns.map((c) => ({ name: c, type: 'string' })) };
  await put(root, MANIFEST, JSON.stringify(listed));
  await put(root, DATA, `${columns.join(',')}\n${columns.map(cell).join(',')}\n`);
  return { root, manifest };
}

describe('export manifests decide the format and list the columns every data file must have', () => {
  it('a CUR 2.0 manifest (the demo generator’s, every CUR 2.0 column): the file has them all, an extra column is fine', async () => {
    const probe = manifestJson({
      outDir: '.',
      bucket: 'b',
      prefix: 'p',
      format: 'csv.gz',
      period: PERIOD,
      files: [],
      seed: 1,
    });
    const all = probe.columns.map((c) => c.name);
    const { root } = await dataExport('full', [...all, 'an_extra_column']);
    const { staged } = await importPath(warehouse.store, root, 'manifest-full');
    expect(staged).toMatchObject({ format: 'cur2', variant: 'cur2', rows: 1, periods: ['2025-04'] });
  });

  it('snake_case columns without CUR 2.0 map columns are CUR 2.0 under a Data Exports manifest (the header alone says legacy Athena)', async () => {
    const columns = Object.keys(VALUES).filter((c) => !c.includes('lineItem'));
    const { root } = await dataExport('narrow', columns, columns);
    const { staged } = await importPath(warehouse.store, root, 'manifest-narrow');
    expect(staged).toMatchObject({ format: 'cur2', variant: 'cur2', rows: 1 });
    // Without the manifest the same file is sniffed from its header.
    const { staged: sniffed } = await importPath(warehouse.store, join(root, DATA), 'manifest-sniffed');
    expect(sniffed).toMatchObject({ format: 'cur', variant: 'legacy-athena', rows: 1 });
  });

  it('a data file missing a column its manifest lists is refused, naming the file, the column and the manifest', async () => {
    const columns = Object.keys(VALUES).filter((c) => !c.includes('lineItem'));
    const { root } = await dataExport('mismatch', columns, [...columns, 'line_item_usage_type']);
    await expect(importPath(warehouse.store, root, 'manifest-mismatch')).rejects.toThrow(
      `${DATA}, column line_item_usage_type: listed in the manifest ${MANIFEST} but missing from the file`,
    );
  });

  it('a legacy CUR manifest (reportKeys, columns by category and name) decides legacy CUR and checks its columns', async () => {
    const root = await mkdtemp(join(warehouse.dir, 'legacy-'));
    const data = 'report/20250401-20250501/abc/report-1.csv';
    const header = [
      'bill/BillingPeriodStartDate',
      'lineItem/UsageAccountId',
      'lineItem/LineItemType',
      'lineItem/UsageStartDate',
      'lineItem/UnblendedCost',
      'lineItem/CurrencyCode',
    ];
    const row = ['2025-04-01T00:00:00Z', '111111111111', 'Usage', '2025-04-02T00:00:00Z', '2.25', 'USD'];
    await put(root, data, `${header.join(',')}\n${row.join(',')}\n`);
    const manifest = (extra: string[]) =>
      JSON.stringify({
        assemblyId: 'abc',
        reportKeys: [`exports/${data}`],
        columns: [...header, ...extra].map((h) => ({ category: h.split('/')[0], name: h.split('/')[1] })),
      });
    const key = 'report/20250401-20250501/report-Manifest.json';
    await put(root, key, manifest([]));
    const { staged } = await importPath(warehouse.store, root, 'legacy-manifest');
    expect(staged).toMatchObject({ format: 'cur', variant: 'legacy-csv', rows: 1 });
    await put(root, key, manifest(['resourceTags/user:Team']));
    await expect(importPath(warehouse.store, root, 'legacy-mismatch')).rejects.toThrow(
      `${data}, column resourceTags/user:Team: listed in the manifest ${key} but missing from the file`,
    );
  });
});
