import { join } from 'node:path';
import type { InjectedAnomaly } from '@finlens/fixtures/demo/anomalies';
import { generateDemoCur2 } from '@finlens/fixtures/demo/generate-demo-cur2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueAfterImportJobs } from '../../app/after-import-jobs';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import { createImportService } from '../../ingest/import.service';
import { createImportsRepo } from '../../ingest/imports.repo';
import { localSource } from '../../ingest/sources/local-source';
import { createJobQueue } from '../../platform/jobs/job-queue';
import { createCostScopes } from '../../warehouse/cost-scope';
import { type DuckDbCostStore, openDuckDbCostStore } from '../../warehouse/duckdb/duckdb-cost-store';
import { createAnomaliesRepo } from './anomalies.repo';
import type { AnomalyRow } from './anomalies.tables';
import { createAnomalyDetector } from './anomaly-detector';

/** Four months of the demo organisation with its injected anomalies (the README's figures come from here). */
const DEMO = { seed: 42, months: 4, endMonth: '2026-10', rows: 80_000 } as const;

let database: MigratedTestDatabase;
let warehouse: DuckDbCostStore;
let injected: InjectedAnomaly[];
let clientId: string;

beforeAll(async () => {
  database = await openMigratedTestDatabase('demo-anomalies');
  warehouse = await openDuckDbCostStore({ path: join(database.dir, 'warehouse.duckdb') });
  await warehouse.init();
  const outDir = join(database.dir, 'demo');
  const { expected } = await generateDemoCur2({ ...DEMO, outDir, anomalies: true });
  injected = expected.injectedAnomalies ?? [];
  const imports = createImportsRepo(database.db, { onPeriodsReplaced: enqueueAfterImportJobs });
  const project = await imports.ensureProject({ clientName: 'Demo', projectName: 'demo' });
  clientId = project.clientId;
  await createImportService({ repo: imports, warehouse }).importFrom({
    source: localSource(outDir),
    ...project,
    format: 'cur2',
  });
}, 300_000);
afterAll(async () => {
  await warehouse?.close();
  await database?.close();
});

/** A detection of the Databricks workspace the demo's Compute Copilot fleets add (its service or DBU usage). */
const startedDatabricks = (found: AnomalyRow) =>
  (found.dimension === 'service' && found.scope_key.startsWith('Databricks')) ||
  (found.dimension === 'usage_type' && /DBU$/.test(found.scope_key));

/** A detection is of an injected anomaly when it names its account, service or a usage type and overlaps its days. */
function explains(found: AnomalyRow, anomaly: InjectedAnomaly): boolean {
  const keys = {
    account: [anomaly.accountId],
    service: [anomaly.productName],
    usage_type: anomaly.usageTypes,
  }[found.dimension];
  return keys.includes(found.scope_key) && found.start_date <= anomaly.end && found.end_date >= anomaly.start;
}

describe('anomaly detection on the demo organisation', () => {
  it('the generator injects known anomalies and lists them in EXPECTED.json', () => {
    expect(injected.map((a) => [a.start, a.accountName, a.serviceCode])).toEqual([
      ['2026-10-10', 'demo-prod-web', 'AmazonEC2'],
      ['2026-10-17', 'demo-prod-data', 'AmazonRDS'],
      ['2026-09-12', 'demo-dev', 'AmazonEC2'],
      ['2026-09-22', 'demo-prod-web', 'AmazonCloudFront'],
      ['2026-08-15', 'demo-staging', 'AmazonEC2'],
    ]);
    for (const anomaly of injected) {
      expect(anomaly.addedCost).toBeGreaterThan(10);
      expect(anomaly.resources.length).toBeGreaterThan(0);
    }
  });

  it('a first detection judges the whole history: every injected anomaly is found with its copies as drivers', async () => {
    const repo = createAnomaliesRepo({ db: database.db });
    const detector = createAnomalyDetector({
      repo,
      scopes: createCostScopes({ db: database.db }),
      warehouse,
      queue: createJobQueue({ db: database.db }),
      clock: () => new Date('2026-11-05T00:00:00Z'),
    });
    // The client's first detection judges its history (days without enough history are skipped by the model).
    await detector.detect(clientId);
    const detected = await repo.list(clientId, { limit: 1000 });
    // Only the anomalies of the last seven days are notified; older ones are recorded quietly.
    const notices = await database.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'notifications.dispatch')
      .execute();
    expect(notices).toHaveLength(detected.filter((found) => found.end_date >= '2026-10-25').length);
    const missed = injected.filter((anomaly) => !detected.some((found) => explains(found, anomaly)));
    expect(missed).toEqual([]);
    for (const anomaly of injected) {
      const drivers = detected
        .filter((found) => explains(found, anomaly))
        .flatMap((found) => found.drivers.map((driver) => driver.resource_id));
      expect(drivers.some((id) => id !== null && anomaly.resources.includes(id))).toBe(true);
    }
    // A small demo's Databricks workspace starts 45 days before its end and its all-purpose clusters run on
    // weekdays: a new workload with weeks of history at most, whose Monday jumps are real changes of the bill,
    // not noise. They are reported apart from the false alarms.
    const newWorkload = detected.filter(startedDatabricks);
    const falseAlarms = detected.filter(
      (found) => !injected.some((anomaly) => explains(found, anomaly)) && !startedDatabricks(found),
    );
    console.info(
      `demo anomalies: ${injected.length - missed.length} of ${injected.length} injected found; ` +
        `${detected.length} detections, ${newWorkload.length} of the new Databricks workspace, ` +
        `${falseAlarms.length} false alarms: ` +
        falseAlarms.map((f) => `${f.dimension} ${f.scope_key} ${f.start_date}`).join('; '),
    );
    expect(falseAlarms.length).toBeLessThanOrEqual(4);
  }, 300_000);
});
