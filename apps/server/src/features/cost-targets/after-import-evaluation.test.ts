import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { openTestAppDatabase } from '../../db/test-app-database';
import { createImportService } from '../../ingest/import.service';
import { createImportsRepo } from '../../ingest/imports.repo';
import { localSource } from '../../ingest/sources/local-source';
import { createJobQueue } from '../../platform/jobs/job-queue';
import { createJobWorker } from '../../platform/jobs/job-worker';
import { type DuckDbCostStore, openDuckDbCostStore } from '../../warehouse/duckdb/duckdb-cost-store';
import { acmeRows, anomalyCsv } from '../anomalies/anomaly-fixture.test-helper';
import { anomalyJobHandlers } from '../anomalies/register-anomalies';
import { createCostTargetsRepo } from './cost-targets.repo';
import { costTargetJobHandlers } from './target-alert-jobs';
import { insertTargetWithAlert } from './target-fixture.test-helper';

let dir: string;
let database: AppDatabase;
let warehouse: DuckDbCostStore;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finlens-after-import-'));
  database = await openTestAppDatabase(dir);
  await migrate(database.db);
  warehouse = await openDuckDbCostStore({ path: join(dir, 'warehouse.duckdb') });
  await warehouse.init();
});
afterAll(async () => {
  await Promise.allSettled([database?.close(), warehouse?.close()]);
  await rm(dir, { recursive: true, force: true });
});

const queued = async () =>
  (
    await database.db
      .selectFrom('jobs')
      .select(['kind', 'payload'])
      .where('status', '=', 'queued')
      .orderBy('created_at')
      .execute()
  ).map((job) => `${job.kind} ${JSON.stringify(job.payload)}`);

const clearJobs = () => database.db.deleteFrom('jobs').execute();

describe('alerts and anomaly detection after every import', () => {
  it('a finished import enqueues the evaluation and the anomaly scan, which fire the alert the import crossed', async () => {
    const imports = createImportsRepo(database.db);
    const project = await imports.ensureProject({ clientName: 'Acme', projectName: 'payer' });
    await insertTargetWithAlert(database.db, project.clientId, 'Acme monthly');
    const handlers = [
      ...costTargetJobHandlers({ db: database.db, warehouse }),
      ...anomalyJobHandlers({ db: database.db, warehouse }),
    ];
    const worker = createJobWorker({ queue: createJobQueue({ db: database.db }), handlers, logger: console });
    // Evaluated before any data: nothing crossed.
    while ((await worker.runNext()) !== null) {}
    expect(await database.db.selectFrom('cost_target_fired_alerts').selectAll().execute()).toEqual([]);
    await clearJobs();

    const path = join(dir, 'acme.csv');
    await writeFile(path, anomalyCsv(acmeRows()));
    await createImportService({ repo: imports, warehouse }).importFrom({
      source: localSource(path),
      ...project,
      format: 'auto',
    });
    expect(await queued()).toEqual(['cost-targets.evaluate {}', 'anomalies.scan {"mode":"imports"}']);

    while ((await worker.runNext()) !== null) {}
    const fired = await database.db
      .selectFrom('cost_target_fired_alerts')
      .select(['period_start', 'threshold'])
      .execute();
    expect(fired).toEqual([{ period_start: '2026-11-01', threshold: 80 }]);
    const jobs = await database.db
      .selectFrom('jobs')
      .select(['kind', 'status'])
      .orderBy('created_at')
      .execute();
    // The scan queued detection for Acme, which ran; the alert's notification waits for its handler.
    expect(jobs).toEqual(
      expect.arrayContaining([
        { kind: 'cost-targets.evaluate', status: 'succeeded' },
        { kind: 'anomalies.scan', status: 'succeeded' },
        { kind: 'anomalies.detect', status: 'succeeded' },
        { kind: 'notifications.dispatch', status: 'queued' },
      ]),
    );
    const runs = await database.db
      .selectFrom('anomaly_detection_runs')
      .select('client_id')
      .where('client_id', '=', project.clientId)
      .execute();
    expect(runs).toHaveLength(1);
  }, 120_000);

  it('a changed target, plan or alert enqueues one evaluation (none while one already waits)', async () => {
    await clearJobs();
    const row = await database.db.selectFrom('cost_targets').selectAll().executeTakeFirstOrThrow();
    const targets = createCostTargetsRepo({ db: database.db });
    await targets.updateTarget(row.id, { amount: 120 });
    expect(await queued()).toEqual(['cost-targets.evaluate {}']);
    await targets.savePlannings({ targetId: row.id, userId: null, source: 'manual' }, [
      { month: '2026-11-01', amount: 90 },
    ]);
    await targets.updateAlerts({ targetId: row.id }, { frequency: 'daily' });
    expect(await queued()).toEqual(['cost-targets.evaluate {}']);
    const after = await database.db
      .selectFrom('cost_targets')
      .select('evaluated_at')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after.evaluated_at).toBeNull();
  });
});
