import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { billingDataset } from '@finlens/fixtures/datasets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../db/test-app-database';
import { type DuckDbCostStore, openDuckDbCostStore } from '../warehouse/duckdb/duckdb-cost-store';
import { createImportService } from './import.service';
import { createImportsRepo, IMPORT_HEARTBEAT_TIMEOUT_MS } from './imports.repo';
import { localSource } from './sources/local-source';

let db: MigratedTestDatabase;
let warehouse: DuckDbCostStore;
let service: ReturnType<typeof createImportService>;
let repo: ReturnType<typeof createImportsRepo>;
const legacyCsv = billingDataset('aws-cur-legacy-csv-anonymized');
const legacyCsvFile = join(legacyCsv.dir, legacyCsv.files[0] as string);

beforeAll(async () => {
  db = await openMigratedTestDatabase('import');
  warehouse = await openDuckDbCostStore({ path: join(db.dir, 'warehouse.duckdb') });
  await warehouse.init();
  repo = createImportsRepo(db.db, { onPeriodsReplaced: async () => {} });
  service = createImportService({ repo, warehouse });
});
afterAll(async () => {
  await warehouse.close();
  await db.close();
});

const run = async (path: string, projectName: string) =>
  service.importFrom({
    source: localSource(path),
    ...(await repo.ensureProject({ clientName: 'Acme', projectName })),
    format: 'auto',
  });

describe('import service', () => {
  it('two services on one warehouse (poller and upload) take turns: both imports land whole', async () => {
    const other = createImportService({
      repo: createImportsRepo(db.db, { onPeriodsReplaced: async () => {} }),
      warehouse,
    });
    const [a, b] = await Promise.all([
      run(legacyCsvFile, 'concurrent-a'),
      other.importFrom({
        source: localSource(legacyCsvFile),
        ...(await repo.ensureProject({ clientName: 'Acme', projectName: 'concurrent-b' })),
        format: 'auto',
      }),
    ]);
    for (const summary of [a, b]) {
      const stored = await warehouse.periodTotals({ projectId: summary.projectId });
      expect(stored[0]?.rows).toBe(1281);
      expect(stored[0]?.totals.unblended).toBeCloseTo(1.6823086974, 9);
    }
  });

  it('importing the same files three times gives identical totals, never a double', async () => {
    const results = [];
    for (let i = 0; i < 3; i += 1) results.push(await run(legacyCsvFile, 'thrice'));
    const stored = await warehouse.periodTotals({ projectId: results[0]?.projectId as string });
    expect(stored).toEqual(results[0]?.periods);
    expect(results[1]?.periods).toEqual(results[0]?.periods);
    expect(results[2]?.periods).toEqual(results[0]?.periods);
    expect(stored[0]?.rows).toBe(1281);
    expect(stored[0]?.totals.unblended).toBeCloseTo(1.6823086974, 9);
  });

  it("records each run and the project last ingestion time; an interrupted run is closed as failed, another live process's run is not", async () => {
    const { clientId, projectId } = await repo.ensureProject({ clientName: 'Acme', projectName: 'recorded' });
    const killed = await repo.startRun({ clientId, projectId, source: 'killed', requestedFormat: 'auto' });
    // Its process ended: no heartbeat for longer than the timeout.
    await db.db
      .updateTable('import_runs')
      .set({ heartbeat_at: new Date(Date.now() - IMPORT_HEARTBEAT_TIMEOUT_MS - 1_000) })
      .where('id', '=', killed)
      .execute();
    const live = await repo.startRun({
      clientId,
      projectId,
      source: 'another server',
      requestedFormat: 'auto',
    });
    const summary = await run(legacyCsvFile, 'recorded');
    const all = await repo.runsOfProject(summary.projectId);
    expect(all.find((r) => r.id === killed)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^interrupted/),
    });
    expect(all.find((r) => r.id === live)).toMatchObject({ status: 'running' });
    const runs = all.filter((r) => r.id !== killed && r.id !== live);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'succeeded', files: 1, detected_format: 'legacy-csv' });
    expect(Number(runs[0]?.rows)).toBe(1281);
    expect(runs[0]?.periods).toEqual(['2023-11']);
    const project = await db.db
      .selectFrom('projects')
      .select('billing_last_ingestion_datetime')
      .where('id', '=', summary.projectId)
      .executeTakeFirstOrThrow();
    expect(project.billing_last_ingestion_datetime).toBeInstanceOf(Date);
  });

  it('a restated month replaces the earlier version; other months and projects stay', async () => {
    const variants = billingDataset('aws-cur-format-variants');
    const notFinal = join(variants.dir, 'koku_aws_2023-06-01-not-final.csv');
    const final = join(variants.dir, 'koku_aws_2023-06-01.csv');
    const first = await run(notFinal, 'restated');
    await run(legacyCsvFile, 'restated');
    const byAccount = async () =>
      (await warehouse.totalsBy({ projectId: first.projectId, column: 'line_item_usage_account_id' })).map(
        (g) => g.group,
      );
    expect(await byAccount()).toEqual(['123412340534', '9999999999999']);
    await run(final, 'restated');
    // The final version of 2023-06 is for account 0099999999999; the not-final rows are gone.
    expect(await byAccount()).toEqual(['0099999999999', '123412340534']);
    const periods = await warehouse.periodTotals({ projectId: first.projectId });
    expect(periods.map((p) => [p.billingPeriod, p.rows])).toEqual([
      ['2023-06-01', 3],
      ['2023-11-01', 1281],
    ]);
  });

  it('a failed import keeps the previous data and records the failure with file, row and column', async () => {
    const good = await run(legacyCsvFile, 'failing');
    const before = await warehouse.periodTotals({ projectId: good.projectId });
    const folder = join(db.dir, 'bad-delivery');
    await mkdir(folder, { recursive: true });
    await copyFile(legacyCsvFile, join(folder, 'part-1.csv.gz'));
    await writeFile(
      join(folder, 'part-2.csv'),
      'lineItem/LineItemType,lineItem/UsageStartDate,lineItem/UnblendedCost,lineItem/CurrencyCode\nUsage,2023-11-02T00:00:00Z,1.5,USD\nUsage,2023-11-02T00:00:00Z,abc,USD\n',
    );
    await expect(run(folder, 'failing')).rejects.toThrow(
      'part-2.csv, row 2, column lineItem/UnblendedCost: cannot read "abc"',
    );
    expect(await warehouse.periodTotals({ projectId: good.projectId })).toEqual(before);
    const runs = await repo.runsOfProject(good.projectId);
    expect(runs.map((r) => r.status)).toEqual(['succeeded', 'failed']);
    expect(runs[1]).toMatchObject({
      error_file: 'part-2.csv',
      error_row: 2,
      error_column: 'lineItem/UnblendedCost',
    });
  });

  it('refuses a project id that is not a project of the given client, before anything is recorded', async () => {
    const acme = await repo.ensureProject({ clientName: 'Acme', projectName: 'guarded' });
    const other = await repo.ensureProject({ clientName: 'Other', projectName: 'guarded' });
    await expect(
      service.importFrom({
        source: localSource(legacyCsvFile),
        clientId: acme.clientId,
        projectId: other.projectId,
        format: 'auto',
      }),
    ).rejects.toThrow(`project ${other.projectId} is not a project of client ${acme.clientId}`);
    expect(await repo.runsOfProject(other.projectId)).toEqual([]);
  });

  it('two clients with the same project name are told apart by id', async () => {
    const first = await repo.ensureProject({ clientName: 'Twin', projectName: 'Same' });
    const second = await repo.ensureProjectOfClient({
      clientId: (await repo.ensureProject({ clientName: 'Twin 2', projectName: 'x' })).clientId,
      projectName: 'Same',
    });
    expect(second.projectId).not.toBe(first.projectId);
    const summary = await service.importFrom({
      source: localSource(legacyCsvFile),
      ...second,
      format: 'auto',
    });
    expect(summary.projectId).toBe(second.projectId);
    expect(await warehouse.periodTotals({ projectId: first.projectId })).toEqual([]);
  });
});
