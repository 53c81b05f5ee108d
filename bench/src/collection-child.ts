import { type BenchDb as Db, openBenchProject, serverSource as server } from './bench-project';

/**
 * One measured inventory collection in its own process, so its peak RSS is its own, on a fresh embedded app
 * database (PGlite) holding a synthetic scenario of `resources` resources (scaleScenario: 4 accounts × 4 regions):
 * `collect` runs Finlens's collection as the server does (a pass queued, its account × region jobs run by a job
 * worker: build the simulated cloud from the stored scenario, list, diff against the stored inventory, save the
 * resources and their change history); `raw` is the floor for the same result: build the simulated cloud once,
 * list every account and region, and insert the same rows with multi-row INSERTs in one transaction. Prints
 * `BENCH_RESULT {resources, seconds, maxRssMiB}`.
 */
const [mode, sizeArg] = process.argv.slice(2);
if ((mode !== 'collect' && mode !== 'raw') || !/^\d+$/.test(sizeArg ?? '')) {
  throw new Error('usage: collection-child.ts collect|raw <resources>');
}
const size = Number(sizeArg);

const { scaleScenario } = await import(server('integrations/cloud/simulated/scenario-scale.ts'));
const { manualClock } = await import(server('integrations/cloud/simulated/sim-clock.ts'));

const start = new Date('2026-11-20T12:00:00Z');
const { db, projectId, close } = await openBenchProject('collection');
let seconds: number;
let resources: number;
try {
  const scenario = scaleScenario({ resources: size, start });
  const began = performance.now();
  if (mode === 'collect') await collect(db, projectId, scenario);
  else await rawInsert(db, projectId, scenario);
  seconds = (performance.now() - began) / 1000;
  const counted = await db
    .selectFrom('inventory_resources')
    .select((eb: Db) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  resources = Number(counted.n);
} finally {
  await close();
}
const maxRssMiB = Math.round(process.resourceUsage().maxRSS / 1024);
process.stdout.write(`\nBENCH_RESULT ${JSON.stringify({ resources, seconds, maxRssMiB })}\n`);

async function collect(db: Db, projectId: string, scenario: unknown): Promise<void> {
  const { createInventoryRepo } = await import(server('features/inventory/inventory.repo.ts'));
  const { inventoryCollectionFor, inventoryJobHandlers } = await import(
    server('features/inventory/inventory.jobs.ts')
  );
  const { createSecretBox } = await import(server('platform/crypto/secret-box.ts'));
  const { createJobQueue } = await import(server('platform/jobs/job-queue.ts'));
  const { createJobWorker } = await import(server('platform/jobs/job-worker.ts'));
  await createInventoryRepo({ db }).saveScenario(projectId, scenario);
  const refuse = () => Promise.reject(new Error('a simulated project never calls AWS'));
  const aws = { listRegions: refuse, listResources: refuse, getMetrics: refuse, act: refuse };
  const collection = inventoryCollectionFor({
    db,
    secretBox: createSecretBox('b'.repeat(32)),
    aws,
    simClock: manualClock(start),
  });
  const silent = { info() {}, warn() {}, error() {} };
  const worker = createJobWorker({
    queue: createJobQueue({ db }),
    handlers: inventoryJobHandlers(collection),
    logger: silent,
  });
  await collection.enqueuePass(projectId, 'bench');
  while ((await worker.runNext()) !== null);
}

async function rawInsert(db: Db, projectId: string, scenario: unknown): Promise<void> {
  const { parseScenario } = await import(server('integrations/cloud/simulated/scenario-file.ts'));
  const { createSimulatedCloud } = await import(server('integrations/cloud/simulated/simulated-cloud.ts'));
  const { RESOURCE_KINDS } = await import(server('integrations/cloud/cloud-resources.ts'));
  const parsed = parseScenario(scenario);
  const port = createSimulatedCloud({ scenario: parsed, clock: manualClock(start) });
  const rows: Record<string, unknown>[] = [];
  const at = new Date();
  for (const { accountId } of parsed.accounts) {
    const account = { accountId, credentials: { kind: 'server-identity' } };
    for (const { name } of parsed.regions) {
      const { resources } = await port.listResources(account, name, RESOURCE_KINDS);
      for (const r of resources) {
        rows.push({
          project_id: projectId,
          account_id: r.accountId,
          region: r.region,
          kind: r.kind,
          resource_id: r.id,
          name: r.name,
          state: r.state,
          resource: JSON.stringify(r),
          first_seen_at: at,
          last_seen_at: at,
        });
      }
    }
  }
  await db.transaction().execute(async (trx: Db) => {
    for (let i = 0; i < rows.length; i += 1000) {
      await trx
        .insertInto('inventory_resources')
        .values(rows.slice(i, i + 1000))
        .execute();
    }
  });
}
