import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportFilesRequest } from './duckdb/import-files';
import { importPath, tempWarehouse } from './import-file.test-helper';

/**
 * An import larger than WHOLE_IMPORT_BYTES is read a part (a few files) at a time and goes into line_items part by
 * part, so that a bill of any size needs no temporary space. These cases make every file a part (`partBytes: 1`)
 * and check that the import still behaves as one: a period spread over several parts holds all their rows, a
 * problem in a later part keeps nothing, and an import whose single INSERT runs out of memory is read again in parts.
 */
describe('an import loaded one file at a time', () => {
  const warehouse = tempWarehouse('finlens-import-parts-');

  const HEADER =
    'BillingPeriodStart,ChargePeriodStart,ChargeCategory,BilledCost,EffectiveCost,BillingCurrency,SubAccountId';

  /** FOCUS rows `[period start, charge start, billed cost, currency]` (effective cost = billed cost). */
  function focusCsv(rows: [string, string, string, string][]): string {
    const lines = rows.map(([period, day, cost, currency]) =>
      [period, `${day}T00:00:00Z`, 'Usage', cost, cost, currency, '111111111111'].join(','),
    );
    return `${HEADER}\n${lines.join('\n')}\n`;
  }

  let folders = 0;

  /** A delivery folder: files imported in name order. */
  async function delivery(files: Record<string, string>): Promise<string> {
    folders += 1;
    const folder = join(warehouse.dir, `delivery-${folders}`);
    await mkdir(folder);
    for (const [name, content] of Object.entries(files)) await writeFile(join(folder, name), content);
    return folder;
  }

  const JANUARY_A = focusCsv([
    ['2024-01-01', '2024-01-01', '1.25', 'USD'],
    ['2024-01-01', '2024-01-02', '2.50', 'USD'],
  ]);
  const JANUARY_B = focusCsv([['2024-01-01', '2024-01-03', '4.00', 'USD']]);
  const FEBRUARY = focusCsv([['2024-02-01', '2024-02-01', '8.00', 'USD']]);

  const summary = async (projectId: string) =>
    (await warehouse.store.periodTotals({ projectId })).map((p) => ({
      period: p.billingPeriod,
      rows: p.rows,
      billed: p.totals.unblended,
    }));

  it('gives the same periods as one read of all files; a period spread over parts keeps every part', async () => {
    const folder = await delivery({ 'a.csv': JANUARY_A, 'b.csv': JANUARY_B, 'c.csv': FEBRUARY });
    const whole = await importPath(warehouse.store, folder, 'whole');
    const parted = await importPath(warehouse.store, folder, 'parted', { partBytes: 1 });
    expect(parted.staged).toEqual(whole.staged);
    expect(parted.staged.rows).toBe(4);
    expect(await summary('parted')).toEqual([
      { period: '2024-01-01', rows: 3, billed: 7.75 },
      { period: '2024-02-01', rows: 1, billed: 8 },
    ]);
    expect(await summary('parted')).toEqual(await summary('whole'));
    // Imported again in parts: each period is replaced, not added to.
    await importPath(warehouse.store, folder, 'parted', { partBytes: 1 });
    expect(await summary('parted')).toEqual(await summary('whole'));
  });

  it('a bad cell in the last part keeps nothing of the import and the earlier periods whole', async () => {
    await importPath(warehouse.store, await delivery({ 'a.csv': JANUARY_A, 'c.csv': FEBRUARY }), 'kept');
    const before = await summary('kept');
    const bad = await delivery({
      'a.csv': JANUARY_B,
      'b.csv': FEBRUARY,
      'c.csv': focusCsv([['2024-02-01', '2024-02-02', '1.2.3', 'USD']]),
    });
    await expect(importPath(warehouse.store, bad, 'kept', { partBytes: 1 })).rejects.toThrow(
      /^c\.csv, row 1, column BilledCost: cannot read "1\.2\.3"/,
    );
    expect(await summary('kept')).toEqual(before);
  });

  it('one currency per period across parts: a second currency in a later part is refused, nothing kept', async () => {
    await importPath(warehouse.store, await delivery({ 'a.csv': JANUARY_A }), 'currency');
    const before = await summary('currency');
    const mixed = await delivery({
      'a.csv': JANUARY_A,
      'b.csv': focusCsv([['2024-01-01', '2024-01-05', '3.00', 'EUR']]),
    });
    await expect(importPath(warehouse.store, mixed, 'currency', { partBytes: 1 })).rejects.toThrow(
      /^a\.csv, column currency: mixed currencies in billing period 2024-01: EUR, USD/,
    );
    expect(await summary('currency')).toEqual(before);
  });

  it('an import whose single INSERT runs out of memory is read again in parts, whole and once', async () => {
    const folder = await delivery({ 'a.csv': JANUARY_A, 'b.csv': JANUARY_B, 'c.csv': FEBRUARY });
    const whole = await importPath(warehouse.store, folder, 'roomy');
    const store = warehouse.store;
    const loads: number[] = [];
    const steps: string[] = [];
    // DuckDB's own message when an INSERT exceeds its memory limit, raised where the inserted rows are checked.
    const outOfMemory = new Error(
      'Out of Memory Error: failed to allocate data of size 16.0 MiB (949.4 MiB/953.6 MiB used)',
    );
    const tight: ImportFilesRequest['warehouse'] = {
      connection: store.connection,
      loadPeriods: (load) => {
        loads.push(load.parts.length);
        if (load.parts.length > 1) return store.loadPeriods(load);
        return store.loadPeriods({ ...load, check: () => Promise.reject(outOfMemory) });
      },
    };
    const retried = await importPath(store, folder, 'tight', {
      warehouse: tight,
      wholeBytes: Number.POSITIVE_INFINITY,
      partBytes: 1,
      onStep: (step) => steps.push(step),
    });
    expect(loads).toEqual([1, 3]);
    expect(steps).toContain('loading rows in parts');
    expect(retried.staged).toEqual(whole.staged);
    // The failed INSERT left nothing behind: the project holds each row once.
    expect(await summary('tight')).toEqual(await summary('roomy'));
  });

  it('other failures of a whole import are not retried in parts', async () => {
    const folder = await delivery({ 'a.csv': JANUARY_A, 'c.csv': FEBRUARY });
    const store = warehouse.store;
    const loads: number[] = [];
    const failing: ImportFilesRequest['warehouse'] = {
      connection: store.connection,
      loadPeriods: (load) => {
        loads.push(load.parts.length);
        return store.loadPeriods({
          ...load,
          check: () => Promise.reject(new Error('IO Error: disk is gone')),
        });
      },
    };
    await expect(
      importPath(store, folder, 'failing', {
        warehouse: failing,
        wholeBytes: Number.POSITIVE_INFINITY,
        partBytes: 1,
      }),
    ).rejects.toThrow(/disk is gone/);
    // Read strictly in parallel, then leniently on one thread: never in parts.
    expect(loads).toEqual([1, 1]);
    expect(await summary('failing')).toEqual([]);
  });

  it('replaces only the periods the import holds', async () => {
    await importPath(warehouse.store, await delivery({ 'a.csv': JANUARY_A, 'c.csv': FEBRUARY }), 'only');
    await importPath(
      warehouse.store,
      await delivery({ 'c.csv': focusCsv([['2024-02-01', '2024-02-09', '16.00', 'USD']]) }),
      'only',
      { partBytes: 1 },
    );
    expect(await summary('only')).toEqual([
      { period: '2024-01-01', rows: 2, billed: 3.75 },
      { period: '2024-02-01', rows: 1, billed: 16 },
    ]);
  });
});
