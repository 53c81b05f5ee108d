import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueAfterImportJobs } from '../../app/after-import-jobs';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import { createImportService } from '../../ingest/import.service';
import { createImportsRepo } from '../../ingest/imports.repo';
import { localSource } from '../../ingest/sources/local-source';
import { createJobQueue, insertJob } from '../../platform/jobs/job-queue';
import { createJobWorker } from '../../platform/jobs/job-worker';
import type { CostQueryPort } from '../../warehouse/cost-query/cost-query-port';
import { type DuckDbCostStore, openDuckDbCostStore } from '../../warehouse/duckdb/duckdb-cost-store';
import { anomalyJobHandlers } from '../anomalies/anomalies.jobs';
import { acmeRows, anomalyCsv } from '../anomalies/anomaly-fixture.test-helper';
import { createCostTargetsRepo } from './cost-targets.repo';
import { EVALUATE_JOB } from './evaluation-queue';
import { costTargetJobHandlers } from './target-alert-jobs';
import { createTargetAlertsRepo } from './target-alerts.repo';
import { insertTargetWithAlert } from './target-fixture.test-helper';

let database: MigratedTestDatabase;
let warehouse: DuckDbCostStore;

beforeAll(async () => {
  database = await openMigratedTestDatabase('after-import');
  warehouse = await openDuckDbCostStore({ path: join(database.dir, 'warehouse.duckdb') });
  await warehouse.init();
});
afterAll(async () => {
  await warehouse?.close();
  await database?.close();
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
    const imports = createImportsRepo(database.db, { onPeriodsReplaced: enqueueAfterImportJobs });
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

    const path = join(database.dir, 'acme.csv');
    await writeFile(path, anomalyCsv(acmeRows()));
    await createImportService({ repo: imports, warehouse }).importFrom({
      source: localSource(path),
      ...project,
      format: 'auto',
    });
    // Every after-import job, in the import's transaction: these two are this test's; the ledger's verification,
    // the recommendations' evaluation and the commitment alerts' scan have their own tests.
    // Queued in one transaction, so in no particular order.
    expect((await queued()).sort()).toEqual([
      'anomalies.scan {"mode":"imports"}',
      // The import's time: the scan reads ahead only for the client whose data it brought.
      expect.stringMatching(/^commitments\.alerts-scan \{"imported_at":"\d{4}-\d\d-\d\dT/),
      'cost-targets.evaluate {}',
      expect.stringMatching(/^recommendations\.evaluate \{"trigger":"import",/),
      'savings-ledger.verify {"clientId":null}',
    ]);

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

/** A warehouse whose first cost query waits until the test releases it: an evaluation paused mid-way. */
function pausingWarehouse(inner: CostQueryPort) {
  let entered = () => {};
  const paused = new Promise<void>((resolve) => {
    entered = resolve;
  });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let first = true;
  const port: CostQueryPort = {
    async runCostQuery(query) {
      if (first) {
        first = false;
        entered();
        await released;
      }
      return inner.runCostQuery(query);
    },
    dimensionValues: (query) => inner.dimensionValues(query),
    dimensionKeys: (query) => inner.dimensionKeys(query),
    dailyCost: (query) => inner.dailyCost(query),
  };
  return { port, paused, release };
}

describe('an edit while an evaluation runs', () => {
  it('leaves the edited targets due, so the next evaluation fires the alerts the edit crossed', async () => {
    const project = await createImportsRepo(database.db, {
      onPeriodsReplaced: enqueueAfterImportJobs,
    }).ensureProject({
      clientName: 'Acme',
      projectName: 'payer',
    });
    const targets = createCostTargetsRepo({ db: database.db });
    // Two targets out of reach (the evaluation takes them one after the other, in id order).
    const edited = [
      await insertTargetWithAlert(database.db, project.clientId, 'First'),
      await insertTargetWithAlert(database.db, project.clientId, 'Second'),
    ];
    for (const { targetId } of edited) await targets.updateTarget(targetId, { amount: 1e9 });
    await clearJobs();
    const gate = pausingWarehouse(warehouse);
    const worker = createJobWorker({
      queue: createJobQueue({ db: database.db }),
      handlers: costTargetJobHandlers({ db: database.db, warehouse: gate.port }),
      logger: console,
    });
    await insertJob(database.db, { kind: EVALUATE_JOB, payload: {} }, new Date());

    const running = worker.runNext();
    await gate.paused;
    // Both budgets cut to 100 (the alerts' 80% is then crossed) while the first target's figures are read.
    for (const { targetId } of edited) await targets.updateTarget(targetId, { amount: 100 });
    gate.release();
    await running;

    const alertIds = edited.map((e) => e.alertId);
    const firedFor = async () =>
      (
        await database.db
          .selectFrom('cost_target_fired_alerts')
          .select('alert_id')
          .where('alert_id', 'in', alertIds)
          .execute()
      ).map((f) => f.alert_id);
    // That run read the old budgets; it must not count as having seen the new ones.
    expect(await firedFor()).toEqual([]);
    const due = await createTargetAlertsRepo({ db: database.db }).dueTargets(new Date());
    expect(due.map((t) => t.id)).toEqual(expect.arrayContaining(edited.map((e) => e.targetId)));

    while ((await worker.runNext()) !== null) {}
    expect((await firedFor()).sort()).toEqual([...alertIds].sort());
  }, 60_000);
});
