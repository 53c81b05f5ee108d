import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { paramsToCostQuery } from '@finlens/contracts/cost-query';
import { dispatchPayloadSchema } from '@finlens/contracts/notifications';
import { addDays } from '@finlens/cost-model/utc-calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueAfterImportJobs } from '../../app/after-import-jobs';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import { createImportService } from '../../ingest/import.service';
import { createImportsRepo } from '../../ingest/imports.repo';
import { localSource } from '../../ingest/sources/local-source';
import type { JobHandler } from '../../platform/jobs/job-handler';
import { createJobQueue } from '../../platform/jobs/job-queue';
import { createCostScopes } from '../../warehouse/cost-scope';
import { type DuckDbCostStore, openDuckDbCostStore } from '../../warehouse/duckdb/duckdb-cost-store';
import { anomalyJobHandlers } from './anomalies.jobs';
import { createAnomaliesRepo } from './anomalies.repo';
import { createAnomaliesService } from './anomalies.service';
import { createAnomalyDetector } from './anomaly-detector';
import { acmeRows, anomalyCsv as csv, LAST, SPIKE } from './anomaly-fixture.test-helper';

let db: MigratedTestDatabase;
let warehouse: DuckDbCostStore;
const clients: Record<'acme' | 'other' | 'big', string> = { acme: '', other: '', big: '' };

beforeAll(async () => {
  db = await openMigratedTestDatabase('anomalies');
  warehouse = await openDuckDbCostStore({ path: join(db.dir, 'warehouse.duckdb') });
  await warehouse.init();
  const imports = createImportsRepo(db.db, { onPeriodsReplaced: enqueueAfterImportJobs });
  const importer = createImportService({ repo: imports, warehouse });
  const other = acmeRows()
    .filter((row) => row.resource !== 'i-batch')
    .map((row) => ({ ...row, account: '222222222222', cost: row.cost * 3 }));
  // About 12,000 a day, and a small usage type stepping from 20 to 80 a day on SPIKE (a new resource).
  const big = acmeRows()
    .filter((row) => row.resource !== 'i-batch')
    .map((row) => ({ ...row, account: '333333333333', cost: row.cost * 100 }));
  for (const row of acmeRows().filter((r) => r.usageType === 'USE1-TimedStorage-ByteHrs')) {
    const cost = row.day >= SPIKE ? 80 : 20;
    big.push({
      ...row,
      account: '333333333333',
      usageType: 'USE1-EBS:SnapshotUsage',
      resource: 'snap',
      cost,
    });
  }
  for (const [key, rows] of [
    ['acme', acmeRows().filter((row) => row.resource !== 'i-batch')],
    ['other', other],
    ['big', big],
  ] as const) {
    const path = join(db.dir, `${key}.csv`);
    await writeFile(path, csv(rows));
    const target = await imports.ensureProject({ clientName: key, projectName: `${key}-payer` });
    const summary = await importer.importFrom({ source: localSource(path), ...target, format: 'auto' });
    clients[key] = summary.clientId;
  }
  // The spike arrives in a second project of Acme, as a late import would.
  const path = join(db.dir, 'acme-batch.csv');
  await writeFile(path, csv(acmeRows().filter((row) => row.resource === 'i-batch')));
  const target = await imports.ensureProject({ clientName: 'acme', projectName: 'acme-batch' });
  await importer.importFrom({ source: localSource(path), ...target, format: 'auto' });
  await db.db.insertInto('users').values({ email: 'ada@example.com', password_hash: null }).execute();
  const ada = await db.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'ada@example.com')
    .executeTakeFirstOrThrow();
  await db.db
    .insertInto('memberships')
    .values({ client_id: clients.acme, user_id: ada.id, role: 'admin' })
    .execute();
}, 120_000);

afterAll(async () => {
  await warehouse?.close();
  await db?.close();
});

describe('anomaly detection on the warehouse', () => {
  const setup = () => {
    const repo = createAnomaliesRepo({ db: db.db });
    const queue = createJobQueue({ db: db.db });
    return {
      // The real clock: runs are compared with import_runs.finished_at, which the importer stamps now.
      detector: createAnomalyDetector({ repo, scopes: createCostScopes({ db: db.db }), warehouse, queue }),
      service: createAnomaliesService({ repo, queue }),
    };
  };

  it('finds the spike per account, service and usage type, with its drivers and Explorer view', async () => {
    const { detector, service } = setup();
    const result = await detector.detect(clients.acme);
    expect(result).toMatchObject({ asOf: LAST, created: 3 });
    const anomalies = await service.list(clients.acme, { limit: 100 });
    expect(anomalies.map((a) => [a.dimension, a.key, a.start_date, a.end_date]).sort()).toEqual([
      ['account', '111111111111', SPIKE, addDays(SPIKE, 1)],
      ['service', 'Amazon EC2', SPIKE, addDays(SPIKE, 1)],
      ['usage_type', 'USE1-BoxUsage:m5.4xlarge', SPIKE, addDays(SPIKE, 1)],
    ]);
    const ec2 = anomalies.find((a) => a.dimension === 'service');
    expect(ec2).toMatchObject({ status: 'open', expected_cost: 200, actual_cost: 800, increase: 600 });
    expect(ec2?.increase_percent).toBe(300);
    expect(ec2?.drivers[0]).toEqual({ resource_id: 'i-batch', cost: 600 });
    expect(ec2?.drivers.map((driver) => driver.resource_id)).toEqual(['i-batch', 'i-web', 'i-api']);
    // The Explorer link parses back into the CostQuery of the scope by resource.
    const parsed = paramsToCostQuery(ec2?.explorer ?? {});
    expect(parsed).toMatchObject({
      ok: true,
      query: {
        start_date: addDays(SPIKE, -14),
        end_date: LAST,
        dimension: 'line_item_resource_id',
        filters: [{ dimension: 'product_servicename', mode: 'include', values: ['Amazon EC2'] }],
      },
    });
    expect(ec2?.explorer_url).toMatch(/^\/v3\/cloud-resource-cost-api\/\?.*start_date=2026-11-04/);
    // A new usage type had nothing expected.
    expect(anomalies.find((a) => a.dimension === 'usage_type')?.increase_percent).toBeNull();
  });

  it('notifies once per new anomaly through notifications.dispatch', async () => {
    const jobs = await db.db
      .selectFrom('jobs')
      .select(['payload'])
      .where('kind', '=', 'notifications.dispatch')
      .execute();
    const payloads = jobs.map((job) => dispatchPayloadSchema.parse(job.payload));
    expect(payloads).toHaveLength(3);
    const ec2 = payloads.find((payload) => payload.facts.Service === 'Amazon EC2');
    expect(ec2).toMatchObject({
      clientId: clients.acme,
      source: 'anomaly',
      severity: 'critical',
      subject: 'Cost anomaly: Service Amazon EC2 up $600.00 (+300%)',
      facts: { Start: SPIKE, Increase: '$600.00', Expected: '$200.00' },
    });
    expect(ec2?.link).toMatch(/^\/v3\/cloud-resource-cost-api\/\?/);
    expect(ec2?.recipients.userIds).toHaveLength(1);
  });

  it('a second run updates instead of duplicating, and keeps the triage status', async () => {
    const { detector, service } = setup();
    const [first] = await service.list(clients.acme, { limit: 1, dimension: 'service' });
    const user = await db.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await service.update(clients.acme, user.id, first?.id ?? '', {
      status: 'dismissed',
      reason: 'Planned batch',
    });
    const again = await detector.detect(clients.acme);
    expect(again).toMatchObject({ found: 3, created: 0 });
    expect(await service.get(clients.acme, first?.id ?? '')).toMatchObject({
      status: 'dismissed',
      reason: 'Planned batch',
      status_changed_by: user.id,
    });
    expect(
      await db.db.selectFrom('jobs').select('id').where('kind', '=', 'notifications.dispatch').execute(),
    ).toHaveLength(3);
  });

  it("another client's steady spend has no anomaly, and it never sees Acme's", async () => {
    const { detector, service } = setup();
    expect(await detector.detect(clients.other)).toMatchObject({ found: 0, created: 0 });
    expect(await service.list(clients.other, { limit: 100 })).toEqual([]);
    const [acme] = await service.list(clients.acme, { limit: 1 });
    await expect(service.get(clients.other, acme?.id ?? '')).rejects.toMatchObject({ statusCode: 404 });
  });

  it("a small series' step under 1% of the organisation's daily spend is no anomaly", async () => {
    const { detector } = setup();
    // Four times its usual 20 a day, but 60 more is half a percent of the client's 12,000 a day.
    expect(await detector.detect(clients.big)).toMatchObject({ asOf: LAST, found: 0 });
  });

  it('the after-imports scan queues detection only for clients with an import newer than their last run', async () => {
    const scan = anomalyJobHandlers({ db: db.db, warehouse }).find(
      (handler) => handler.kind === 'anomalies.scan',
    ) as JobHandler<{ mode: 'imports' | 'daily' }> | undefined;
    const detectJobs = async () =>
      (await db.db.selectFrom('jobs').select('payload').where('kind', '=', 'anomalies.detect').execute()).map(
        (job) => (job.payload as { clientId: string }).clientId,
      );
    const run = (mode: 'imports' | 'daily', id: string) =>
      scan?.run({ mode }, { job: { id } as never, signal: new AbortController().signal });
    // Every client was detected after its imports (earlier tests).
    await run('imports', 'scan-1');
    expect(await detectJobs()).toEqual([]);
    const project = await db.db
      .selectFrom('projects')
      .select('id')
      .where('client_id', '=', clients.other)
      .executeTakeFirstOrThrow();
    await db.db
      .insertInto('import_runs')
      .values({
        client_id: clients.other,
        project_id: project.id,
        source: 'test',
        status: 'succeeded',
        finished_at: new Date(Date.now() + 1000),
      })
      .execute();
    await run('imports', 'scan-2');
    expect(await detectJobs()).toEqual([clients.other]);
    await run('daily', 'scan-3');
    expect((await detectJobs()).sort()).toEqual(
      [clients.other, clients.acme, clients.other, clients.big].sort(),
    );
  });
});
