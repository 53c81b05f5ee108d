import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { billingDataset } from '@finlens/fixtures/datasets';
import { describe, expect, it } from 'vitest';
import { importPath, tempWarehouse } from './import-file.test-helper';

const warehouse = tempWarehouse('finlens-bad-input-');

const FOCUS_HEADER =
  'BillingPeriodStart,ChargePeriodStart,ChargeCategory,BilledCost,EffectiveCost,BillingCurrency';

async function write(name: string, content: string | Buffer): Promise<string> {
  const path = join(warehouse.dir, name);
  await writeFile(path, content);
  return path;
}

/** Imports into a fresh project, expects the error, and checks that nothing of the import was kept. */
async function expectRefused(path: string, message: RegExp) {
  const projectId = `p-${Math.random().toString(36).slice(2)}`;
  await expect(importPath(warehouse.store, path, projectId)).rejects.toThrow(message);
  expect(await warehouse.store.periodTotals({ projectId })).toEqual([]);
  const staged = await warehouse.store.connection.runAndReadAll(
    "SELECT count(*) AS n FROM duckdb_tables() WHERE temporary AND table_name LIKE 'staging_%'",
  );
  expect(Number(staged.getRowObjectsJson()[0]?.n)).toBe(0);
}

describe('bad input is refused with the file, row and column, and nothing is kept', () => {
  it('unknown layout', async () => {
    const path = await write('mystery.csv', 'foo,bar\n1,2\n');
    await expectRefused(path, /^mystery\.csv: unknown layout/);
  });

  it('missing required columns', async () => {
    await expectRefused(
      await write('focus-no-period.csv', 'BilledCost,EffectiveCost\n1,1\n'),
      /^focus-no-period\.csv: missing required column ChargePeriodStart/,
    );
    await expectRefused(
      await write('cur-no-dates.csv', 'lineItem/LineItemType,lineItem/UnblendedCost\nUsage,1\n'),
      /^cur-no-dates\.csv: missing required column line_item_usage_start_date/,
    );
  });

  it('corrupt gzip', async () => {
    const ds = billingDataset('aws-cur-legacy-csv-anonymized');
    const bytes = await readFile(join(ds.dir, ds.files[0] as string));
    const path = await write('truncated.csv.gz', bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expectRefused(path, /^truncated\.csv\.gz: corrupt gzip data/);
  });

  it('corrupt Parquet', async () => {
    const ds = billingDataset('aws-cur-legacy-parquet-workshop-oct2018');
    const bytes = await readFile(join(ds.dir, ds.files[0] as string));
    const path = await write('truncated.snappy.parquet', bytes.subarray(0, 200_000));
    await expectRefused(path, /^truncated\.snappy\.parquet: corrupt Parquet file/);
  });

  it('unparsable numbers and dates name the row and column', async () => {
    await expectRefused(
      await write(
        'bad-number.csv',
        `${FOCUS_HEADER}\n2024-01-01,2024-01-01T00:00:00Z,Usage,1,1,USD\n2024-01-01,2024-01-02T00:00:00Z,Usage,1.2.3,1,USD\n`,
      ),
      /^bad-number\.csv, row 2, column BilledCost: cannot read "1\.2\.3"/,
    );
    await expectRefused(
      await write('bad-date.csv', `${FOCUS_HEADER}\n2024-01-01,yesterday,Usage,1,1,USD\n`),
      /^bad-date\.csv, row 1, column ChargePeriodStart: cannot read "yesterday"/,
    );
  });

  it('mixed currencies in one billing period', async () => {
    const path = await write(
      'two-currencies.csv',
      `${FOCUS_HEADER}\n2024-01-01,2024-01-01T00:00:00Z,Usage,1,1,USD\n2024-01-01,2024-01-02T00:00:00Z,Usage,1,1,EUR\n`,
    );
    await expectRefused(
      path,
      /^two-currencies\.csv, column currency: mixed currencies in billing period 2024-01: EUR, USD/,
    );
  });

  it('an empty file, and a file with a header but no rows', async () => {
    await expectRefused(await write('empty.csv', ''), /^empty\.csv: empty file/);
    await expectRefused(
      await write('header-only.csv', `${FOCUS_HEADER}\n`),
      /^header-only\.csv: no line items/,
    );
  });

  it('a bad file in a folder fails the whole delivery', async () => {
    const folder = await mkdtemp(join(warehouse.dir, 'delivery-'));
    await writeFile(
      join(folder, 'a.csv'),
      `${FOCUS_HEADER}\n2024-01-01,2024-01-01T00:00:00Z,Usage,1,1,USD\n`,
    );
    await copyFile(join(warehouse.dir, 'empty.csv'), join(folder, 'b.csv'));
    await expectRefused(folder, /^b\.csv: empty file/);
  });
});
