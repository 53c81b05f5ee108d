import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientAndProject } from '../../db/tenant.test-helper';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import type { CloudPort } from '../../integrations/cloud/cloud-port';
import {
  ACCOUNT_ID,
  CONTRACT_IDS,
  CONTRACT_NOW,
  CONTRACT_SCENARIO,
} from '../../integrations/cloud/contract-world.test-helper';
import { cpuPercent } from '../../integrations/cloud/simulated/metric-profiles';
import { manualClock } from '../../integrations/cloud/simulated/sim-clock';
import { createSecretBox } from '../../platform/crypto/secret-box';
import { createJobQueue } from '../../platform/jobs/job-queue';
import { createJobWorker } from '../../platform/jobs/job-worker';
import { type DuckDbCostStore, openDuckDbCostStore } from '../../warehouse/duckdb/duckdb-cost-store';
import { inventoryCollectionFor, inventoryJobHandlers } from './inventory.jobs';
import { createInventoryRepo } from './inventory.repo';
import { createUtilisation } from './resource-metrics.service';

const HOUR = 3_600_000;
const IDLE = 'i-0idle0000000000001';
const noAws = new Proxy({} as CloudPort, {
  get: () => () => Promise.reject(new Error('AWS must not be called for a simulated project')),
});
const scenario = {
  ...CONTRACT_SCENARIO,
  resources: [
    ...CONTRACT_SCENARIO.resources,
    {
      kind: 'ec2-instance',
      id: IDLE,
      accountId: ACCOUNT_ID,
      region: 'us-east-1',
      instanceType: 'm5.2xlarge',
      availabilityZone: 'us-east-1a',
      createdAt: '2025-01-01T00:00:00Z',
      metrics: { profile: 'idle', level: 2 },
    },
  ],
};

/** The idle instance's CPU in an hour, as its profile defines it (seed 7 of the scenario). */
const idleCpu = (hour: number) =>
  cpuPercent({ profile: 'idle', level: 2, seed: 7, key: IDLE, hour, ageHours: 0 });

function r7(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = q * (sorted.length - 1);
  const low = sorted[Math.floor(index)] as number;
  return low + ((sorted[Math.ceil(index)] as number) - low) * (index - Math.floor(index));
}

describe('metrics collection', () => {
  let database: MigratedTestDatabase;
  let warehouse: DuckDbCostStore;
  beforeAll(async () => {
    database = await openMigratedTestDatabase('metrics-jobs');
    warehouse = await openDuckDbCostStore({ path: join(database.dir, 'warehouse.duckdb') });
    await warehouse.init();
  });
  afterAll(async () => {
    await warehouse?.close();
    await database?.close();
  });

  it('stores the listed resources’ metrics, records CloudWatch failures, and re-collects without duplicates', async () => {
    const db = database.db;
    const clock = manualClock(CONTRACT_NOW);
    const collection = inventoryCollectionFor({
      db,
      secretBox: createSecretBox('x'.repeat(32)),
      aws: noAws,
      metrics: warehouse.metrics,
      simClock: clock,
    });
    const worker = createJobWorker({
      queue: createJobQueue({ db }),
      handlers: inventoryJobHandlers(collection),
      logger: { info() {}, warn() {}, error() {} },
    });
    const drain = async () => {
      while ((await worker.runNext()) !== null);
    };
    const { projectId } = await insertClientAndProject(db, 'M', { name: 'metrics' });
    await createInventoryRepo({ db }).saveScenario(projectId, scenario);
    await collection.enqueuePass(projectId, 'first');
    await drain();

    // The idle instance's p95, avg and max over the last 14 days are its profile's, hour by hour.
    const utilisation = createUtilisation({ metrics: warehouse.metrics, now: () => clock.now() });
    const [web, idle] = await utilisation.utilisationSummaries(
      { projectIds: [projectId] },
      [IDLE, CONTRACT_IDS.web],
      {
        metrics: ['cpu-utilization'],
      },
    );
    const to = CONTRACT_NOW.getTime() + HOUR;
    const hours = [];
    for (let t = to - 14 * 24 * HOUR; t < CONTRACT_NOW.getTime(); t += HOUR) hours.push(idleCpu(t / HOUR));
    expect(idle?.resource_id).toBe(IDLE);
    expect(idle?.metrics).toEqual([
      {
        metric: 'cpu-utilization',
        storage_class: null,
        avg: expect.closeTo(hours.reduce((a, b) => a + b, 0) / hours.length, 9),
        p95: expect.closeTo(r7(hours, 0.95), 9),
        max: Math.max(...hours),
        points: hours.length,
      },
    ]);
    expect(idle?.metrics[0]?.p95).toBeLessThan(3);
    expect(web?.metrics[0]?.p95).toBeGreaterThan(36);
    // Older days came as the cloud's daily statistics: October 1st's average is the mean of its 24 hours.
    const october = await warehouse.metrics.dailySeries({
      projectId,
      resourceId: IDLE,
      metrics: ['cpu-utilization'],
      from: new Date('2026-10-01T00:00:00Z'),
      to: new Date('2026-10-02T00:00:00Z'),
    });
    const oct1 = Array.from({ length: 24 }, (_, h) => idleCpu(Date.parse('2026-10-01T00:00:00Z') / HOUR + h));
    expect(october).toEqual([
      expect.objectContaining({ day: '2026-10-01', hours: 0, max: Math.max(...oct1) }),
    ]);
    expect(october[0]?.avg).toBeCloseTo(oct1.reduce((a, b) => a + b, 0) / 24, 9);
    // eu-west-1 denies CloudWatch: the run keeps its listing and names the failed read.
    const eu = await db
      .selectFrom('collection_runs')
      .select(['status', 'errors', 'resource_count'])
      .where('project_id', '=', projectId)
      .where('region', '=', 'eu-west-1')
      .executeTakeFirstOrThrow();
    expect(eu.status).toBe('partial');
    expect(eu.resource_count).toBe(1);
    expect(eu.errors.filter((e) => e.service === 'cloudwatch').map((e) => [e.operation, e.code])).toEqual([
      ['GetMetricData', 'AccessDenied'],
    ]);

    // Three hours later: a new pass adds three hours (the newest stored hour is read again, not doubled).
    const series = () =>
      warehouse.metrics.hourlySeries({
        projectId,
        resourceId: IDLE,
        metrics: ['cpu-utilization'],
        from: new Date(0),
        to: new Date('2030-01-01T00:00:00Z'),
      });
    const before = (await series()).length;
    clock.advance(3 * HOUR);
    await collection.enqueuePass(projectId, 'second');
    await drain();
    const after = await series();
    expect(after.length).toBe(before + 3);
    // The metrics job run again (a restart) changes nothing.
    await collection.runMetrics(projectId, 'second', 'us-east-1', ACCOUNT_ID);
    expect(await series()).toEqual(after);
    expect(new Set(after.map((p) => p.hour)).size).toBe(after.length);
  });
});
