import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluateResource } from '@finlens/cost-model/recommendations/engine';
import { missedPlanted } from './recommendations-score';

/**
 * One measured recommendations run in its own process (its peak RSS is its own), on a fresh DATA_DIR.
 * `demo <rows> <seed>`: `finlens demo`'s own steps (generate, import, simulate the cloud), the inventory and
 * metrics collection through the durable jobs, then one evaluation; prints what each rule found beside the
 * scenario's planted cases (EXPECTED.json `cloud.planted`). `scale <resources>`: a synthetic scenario of that size
 * collected without metrics, then one evaluation, timed alone. Prints `BENCH_RESULT {…}`.
 */
const here = dirname(fileURLToPath(import.meta.url));
const server = (path: string) => join(here, '../../apps/server/src', path);
const [mode, sizeArg, seedArg] = process.argv.slice(2);
if ((mode !== 'demo' && mode !== 'scale') || !/^\d+$/.test(sizeArg ?? '')) {
  throw new Error('usage: recommendations-child.ts demo <rows> <seed> | scale <resources>');
}
const size = Number(sizeArg);

// biome-ignore lint/suspicious/noExplicitAny: the server's Kysely types are not this workspace's
type Db = any;

const { openMigratedStorage } = await import(server('app/open-storage.ts'));
const { recommendationsEvaluationFor } = await import(server('app/register-recommendations.ts'));
const { inventoryCollectionFor, inventoryJobHandlers } = await import(
  server('features/inventory/inventory.jobs.ts')
);
const { createSecretBox } = await import(server('platform/crypto/secret-box.ts'));
const { createJobQueue } = await import(server('platform/jobs/job-queue.ts'));
const { createJobWorker } = await import(server('platform/jobs/job-worker.ts'));

const work = mkdtempSync(join(tmpdir(), 'finlens-bench-recommendations-'));
const silent = { info() {}, warn() {}, error() {} };

/** The collection over the app database, and a drain that runs its jobs (passes, regions, metrics) until none is left. */
function collector(db: Db, warehouse: Db, clock: Db, withMetrics: boolean) {
  const refuse = () => Promise.reject(new Error('a simulated project never calls AWS'));
  const collection = inventoryCollectionFor({
    db,
    secretBox: createSecretBox('b'.repeat(32)),
    aws: { listRegions: refuse, listResources: refuse, getMetrics: refuse, act: refuse },
    ...(withMetrics ? { metrics: warehouse.metrics } : {}),
    simClock: clock,
  });
  const worker = createJobWorker({
    queue: createJobQueue({ db }),
    handlers: inventoryJobHandlers(collection),
    logger: silent,
  });
  return {
    collection,
    async drain() {
      while ((await worker.runNext()) !== null);
    },
  };
}

/**
 * What the rule said of each planted resource it did not flag (the "Why no recommendation?" check, over the same
 * stored inventory, metrics and bill): the outcome and its reason.
 */
async function whyMissed(db: Db, warehouse: Db, projectId: string, missed: ReturnType<typeof missedPlanted>) {
  if (missed.length === 0) return [];
  const { gatherInputs } = await import(server('features/recommendations/rule-inputs.ts'));
  const { createRecommendationsRepo } = await import(
    server('features/recommendations/recommendations.repo.ts')
  );
  const { createUtilisation } = await import(server('features/inventory/resource-metrics.service.ts'));
  const { clientId } = await db
    .selectFrom('projects')
    .select('client_id as clientId')
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  const ids = new Set(missed.map((m) => m.id));
  const gathered = await gatherInputs({
    repo: createRecommendationsRepo({ db }),
    warehouse,
    utilisation: createUtilisation({ metrics: warehouse.metrics }),
    projectId,
    clientId,
    now: new Date(),
    only: (row: { resource_id: string }) => ids.has(row.resource_id),
  });
  return missed.map((m) => {
    const input = gathered.inputs.find(
      (i: Db) => i.resource.id === m.id && i.resource.accountId === m.accountId,
    );
    const check = input
      ? evaluateResource(input, gathered.settings).find((c: Db) => c.rule.key === m.type)
      : undefined;
    return {
      ...m,
      outcome: check?.outcome.outcome ?? 'not collected',
      reason:
        check === undefined
          ? 'not in the inventory'
          : check.outcome.outcome === 'violated'
            ? 'violated now (not stored at the evaluation)'
            : check.outcome.reason,
    };
  });
}

try {
  const storage = await openMigratedStorage({
    config: { dataDir: work, databaseUrl: null, clickhouseUrl: null },
  });
  const db = storage.db.db;
  const { systemClock } = await import(server('integrations/cloud/simulated/sim-clock.ts'));
  let result: Record<string, unknown>;
  if (mode === 'demo') {
    const { demoHere } = await import(server('commands/demo-command.ts'));
    const now = new Date();
    const endMonth = now.toISOString().slice(0, 7);
    const output = { progress() {}, endProgress() {}, stdout() {}, stderr() {} };
    await demoHere(
      { db, warehouse: storage.warehouse, dataDir: work, publicUrl: 'http://localhost' },
      { options: { rows: size, months: 13, seed: Number(seedArg ?? 42), endMonth }, demoPassword: null },
      output,
    );
    await collector(db, storage.warehouse, systemClock, true).drain();
    const projectId = (
      await db
        .selectFrom('projects')
        .select('id')
        .where('name', '=', 'Demo organisation')
        .executeTakeFirstOrThrow()
    ).id;
    const began = performance.now();
    await recommendationsEvaluationFor({ db, warehouse: storage.warehouse }).evaluate(projectId, 'manual');
    const seconds = (performance.now() - began) / 1000;
    const found = await db
      .selectFrom('recommendations')
      .select([
        'rule_key',
        'account_id',
        'resource_id',
        'estimated_monthly_saving',
        'on_demand_monthly_saving',
      ])
      .where('resolved_at', 'is', null)
      .execute();
    const expected = JSON.parse(readFileSync(join(work, 'demo', 'EXPECTED.json'), 'utf8'));
    const resources = await db
      .selectFrom('inventory_resources')
      .select((eb: Db) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const missed = await whyMissed(
      db,
      storage.warehouse,
      projectId,
      missedPlanted(expected.cloud.planted, found),
    );
    result = { resources: Number(resources.n), seconds, planted: expected.cloud.planted, found, missed };
  } else {
    const { scaleScenario } = await import(server('integrations/cloud/simulated/scenario-scale.ts'));
    const { manualClock } = await import(server('integrations/cloud/simulated/sim-clock.ts'));
    const { createInventoryRepo } = await import(server('features/inventory/inventory.repo.ts'));
    const start = new Date(Date.now() - 86_400_000);
    const client = await db
      .insertInto('clients')
      .values({ name: 'Bench' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const project = await db
      .insertInto('projects')
      .values({ client_id: client.id, name: 'Bench' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await createInventoryRepo({ db }).saveScenario(project.id, scaleScenario({ resources: size, start }));
    const { collection, drain } = collector(db, storage.warehouse, manualClock(start), false);
    await collection.enqueuePass(project.id, 'bench');
    await drain();
    const rssBefore = process.memoryUsage().rss;
    const began = performance.now();
    const evaluated = await recommendationsEvaluationFor({ db, warehouse: storage.warehouse }).evaluate(
      project.id,
      'manual',
    );
    const seconds = (performance.now() - began) / 1000;
    const resources = await db
      .selectFrom('inventory_resources')
      .select((eb: Db) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    result = {
      resources: Number(resources.n),
      seconds,
      violations: evaluated?.violations ?? 0,
      rssBeforeMiB: Math.round(rssBefore / 1048576),
    };
  }
  await storage.close();
  const maxRssMiB = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(`\nBENCH_RESULT ${JSON.stringify({ ...result, maxRssMiB })}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
