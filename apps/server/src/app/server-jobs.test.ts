import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClientAndProject } from '../db/tenant.test-helper';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../db/test-app-database';
import { simulateProject } from '../features/inventory/simulated-project';
import { EVALUATE_KIND } from '../features/recommendations/recommendations.jobs';
import { createJobQueue } from '../platform/jobs/job-queue';
import { createJobWorker } from '../platform/jobs/job-worker';
import { type DuckDbCostStore, openDuckDbCostStore } from '../warehouse/duckdb/duckdb-cost-store';
import { collectionJobHandlers } from './server-jobs';

const ACCOUNT = '123456789012';
const silent = { info() {}, warn() {}, error() {} };

describe("the server's collection jobs", () => {
  let database: MigratedTestDatabase;
  let warehouse: DuckDbCostStore;
  beforeAll(async () => {
    database = await openMigratedTestDatabase('server-jobs');
    warehouse = await openDuckDbCostStore({ path: join(database.dir, 'warehouse.duckdb') });
    await warehouse.init();
  });
  afterAll(async () => {
    await warehouse?.close();
    await database?.close();
  });

  it('a finished collection (inventory, then metrics) queues the recommendations evaluation of its project', async () => {
    const db = database.db;
    const { projectId } = await insertClientAndProject(db, 'Collected');
    await simulateProject({
      db,
      projectId,
      scenario: {
        version: 1,
        start: new Date(Date.now() - 3 * 86_400_000).toISOString(),
        regions: [{ name: 'us-east-1' }, { name: 'eu-west-1' }],
        accounts: [{ accountId: ACCOUNT }],
        resources: [
          {
            kind: 'ec2-instance',
            id: 'i-0aaaaaaaaaaaaaaa1',
            accountId: ACCOUNT,
            region: 'us-east-1',
            instanceType: 'm5.large',
            metrics: { profile: 'idle' },
          },
        ],
      },
    });
    const evaluations = () =>
      db
        .selectFrom('jobs')
        .select(['payload', 'status'])
        .where('kind', '=', EVALUATE_KIND)
        .execute()
        .then((rows) =>
          rows.map((r) => ({
            status: r.status,
            ...((typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as object),
          })),
        );
    expect(await evaluations()).toEqual([]);

    // The server's handlers, as startServerJobs registers them; the evaluation job is another feature's.
    const worker = createJobWorker({
      queue: createJobQueue({ db }),
      handlers: collectionJobHandlers({
        db,
        metrics: warehouse.metrics,
        config: { secretKey: 'k'.repeat(32), outboundAllow: [], serverIdentityAccounts: [] },
      }),
      logger: silent,
    });
    const ran: string[] = [];
    for (let job = await worker.runNext(); job !== null; job = await worker.runNext()) ran.push(job.kind);
    expect(ran.sort()).toEqual([
      'inventory.collect',
      'inventory.collect-metrics',
      'inventory.collect-metrics',
      'inventory.collect-region',
      'inventory.collect-region',
    ]);

    // Each region's metrics job, once done, asks for an evaluation of the project: queued (behind the
    // collection's settling time), one per region — no dedupe key folds them into an earlier request.
    const queued = await evaluations();
    expect(queued).toHaveLength(2);
    for (const job of queued)
      expect(job).toMatchObject({ status: 'queued', projectId, trigger: 'collection' });
  }, 60_000);
});
