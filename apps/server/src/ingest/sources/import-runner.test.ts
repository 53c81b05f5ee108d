import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { billingDataset } from '@finlens/fixtures/datasets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import { createSecretBox } from '../../platform/crypto/secret-box';
import { createJobQueue } from '../../platform/jobs/job-queue';
import { createJobSchedules } from '../../platform/jobs/job-schedules';
import { createJobWorker } from '../../platform/jobs/job-worker';
import { testGuardedHttp } from '../../platform/outbound/test-outbound';
import { type DuckDbCostStore, openDuckDbCostStore } from '../../warehouse/duckdb/duckdb-cost-store';
import { createImportService } from '../import.service';
import { createImportsRepo } from '../imports.repo';
import { openSourceStore } from './billing-source-settings';
import { createBillingSourcesRepo } from './billing-sources.repo';
import { createBillingSourcesService } from './billing-sources.service';
import { importServiceRunner } from './import-runner';
import { pollSourceJobHandler } from './poll-source-job';
import { startTestS3, type TestS3 } from './test-s3rver';
import { createTestProject, s3rverSource } from './test-sources';

const bucket = 'finlens-e2e';
const dataset = billingDataset('aws-cur-legacy-csv-anonymized');
const range = 'cur/finlens-report/20231101-20231201';
const silent = { info: () => {}, warn: () => {}, error: () => {} };

let s3: TestS3;
let database: MigratedTestDatabase;
let warehouse: DuckDbCostStore;

beforeAll(async () => {
  s3 = await startTestS3(bucket);
  database = await openMigratedTestDatabase('poll-e2e');
  warehouse = await openDuckDbCostStore({ path: join(database.dir, 'warehouse.duckdb') });
  await warehouse.init();
});
afterAll(async () => {
  await Promise.allSettled([warehouse?.close(), s3?.stop()]);
  await database?.close();
});

/** A legacy CUR delivery (create-new-report layout) of the shared anonymised dataset. */
async function deliver(assemblyId: string): Promise<void> {
  const key = `${range}/${assemblyId}/finlens-report-1.csv.gz`;
  await s3.put(key, await readFile(join(dataset.dir, dataset.files[0] as string)));
  await s3.put(`${range}/finlens-report-Manifest.json`, JSON.stringify({ assemblyId, reportKeys: [key] }));
}

describe('polling S3 into the warehouse', () => {
  it('imports a legacy CUR delivery once, and a restatement replaces the period instead of adding to it', async () => {
    const db = database.db;
    const secretBox = createSecretBox('e'.repeat(40));
    const queue = createJobQueue({ db });
    const repo = createBillingSourcesRepo({ db });
    const service = createBillingSourcesService({
      repo,
      schedules: createJobSchedules({ db }),
      queue,
      secretBox,
      http: testGuardedHttp(),
    });
    const importService = createImportService({
      repo: createImportsRepo(db, { onPeriodsReplaced: async () => {} }),
      warehouse,
    });
    const worker = createJobWorker({
      queue,
      handlers: [
        pollSourceJobHandler({
          repo,
          secretBox,
          importRunner: importServiceRunner({ db, importService }),
          openStore: (row, box, access) => openSourceStore(row, box, testGuardedHttp(), access),
          serverIdentityAccounts: new Set(),
          tempRoot: database.dir,
        }),
      ],
      logger: silent,
    });
    const projectId = await createTestProject(db, { clientName: 'E2E', projectName: 'Payer' });
    const source = await service.create(
      s3rverSource({ projectId, endpoint: s3.endpoint, bucket, prefix: 'cur' }),
    );
    const poll = async () => {
      await service.pollNow(source.id);
      return worker.runNext();
    };
    const expectReferenceTotals = async () => {
      const periods = await warehouse.periodTotals({ projectId: projectId });
      expect(periods).toHaveLength(1);
      expect(periods[0]?.rows).toBe(1281);
      expect(periods[0]?.totals.unblended).toBeCloseTo(1.6823086974, 6);
    };
    const runs = () =>
      db.selectFrom('import_runs').select('id').where('project_id', '=', projectId).execute();

    await deliver('assembly-1');
    await poll();
    expect(await repo.get(source.id)).toMatchObject({ last_error: null });
    await expectReferenceTotals();
    expect(await runs()).toHaveLength(1);

    await poll();
    expect(await runs()).toHaveLength(1);

    await deliver('assembly-2');
    await poll();
    await expectReferenceTotals();
    expect(await runs()).toHaveLength(2);

    // Another client with the same names: imports go by project id, so the polled project still gets the data.
    const twin = await db
      .insertInto('clients')
      .values({ name: 'E2E' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('projects').values({ client_id: twin.id, name: 'Payer' }).execute();
    await deliver('assembly-3');
    await poll();
    expect(await repo.get(source.id)).toMatchObject({ last_error: null });
    await expectReferenceTotals();
    expect(await runs()).toHaveLength(3);
  });
});
