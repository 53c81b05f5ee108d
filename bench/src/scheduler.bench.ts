import { loadavg } from 'node:os';
import { desiredRunningAt } from '@finlens/cost-model/scheduler/desired-state';
import { WEEK_PRESETS } from '@finlens/cost-model/scheduler/week';
import { openBenchProject, serverSource as server } from './bench-project';
import { positiveInteger, type SuiteOptions } from './options';
import { peakRssMiB, sampleInTurns, summarise } from './stats';

const ACCOUNTS = ['100000000000', '100000007919', '100000015838', '100000023757'];
const REGIONS = ['us-east-1', 'eu-west-1'];
const SCHEDULES = 20;
const TAG_KEY = 'finlens:scheduler';
/** Monday 22:00 UTC: office hours (Monday–Friday 08:00–20:00 UTC) want every resource stopped. */
const STOP_AT = Date.parse('2026-11-23T22:00:00Z');

/**
 * One reconciler tick (features/scheduler/reconciler.ts, as the scheduler.tick job runs it) over N scheduled EC2
 * instances (default 10,000; `--quick` 1,000; `--resources=N`) in the simulated cloud: 4 accounts × 2 regions, 20
 * office-hours schedules in UTC matching their instances by tag, the inventory in a fresh PGlite app database.
 * Timed: the steady tick (every instance already as its schedule wants it: listing, desired state, one log read per
 * project) in turns with its floor — the same listings from the port, each schedule's desired state from the cost
 * model and each instance compared with it, no database; then the boundary tick at 22:00 that stops them all
 * (claims, a log read and outcomes a thousand at a time, EC2 stops a call per account, region and 1,000 instances)
 * against its floor, the same batched stop calls straight to the port. Counts the app-database queries per tick
 * (a Kysely plugin) and the port's calls; the tick reads no warehouse. Prints p50/p95, the ratios, heap growth
 * over the boundary tick and peak RSS.
 */
export async function benchScheduler({
  quick,
  values,
}: SuiteOptions): Promise<Record<string, string | number>> {
  const count = positiveInteger('resources', values.resources, quick ? 1_000 : 10_000);
  const runs = positiveInteger('runs', values.runs, quick ? 5 : 15);
  const { parseScenario } = await import(server('integrations/cloud/simulated/scenario-file.ts'));
  const { manualClock } = await import(server('integrations/cloud/simulated/sim-clock.ts'));
  const { createSimulatedCloud } = await import(server('integrations/cloud/simulated/simulated-cloud.ts'));
  const { createReconciler } = await import(server('features/scheduler/reconciler.ts'));
  const { createReconcilerRepo } = await import(server('features/scheduler/reconciler.repo.ts'));
  const { createSchedulerRepo } = await import(server('features/scheduler/scheduler.repo.ts'));
  const { scheduleValues } = await import(server('features/scheduler/scheduler.test-helper.ts'));
  const { createInventoryCostViewRepo } = await import(server('features/inventory/inventory-list.repo.ts'));

  const { db: plainDb, clientId, projectId, close } = await openBenchProject('scheduler');
  try {
    let queries = 0;
    const db = plainDb.withPlugin({
      transformQuery: (args: { node: unknown }) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args: { result: unknown }) => args.result,
    });
    const instances = Array.from({ length: count }, (_, i) => ({
      kind: 'ec2-instance' as const,
      id: `i-${i.toString(16).padStart(17, '0')}`,
      accountId: ACCOUNTS[i % ACCOUNTS.length] as string,
      region: REGIONS[Math.floor(i / ACCOUNTS.length) % REGIONS.length] as string,
      instanceType: 'm5.large',
      state: 'running',
      tags: { [TAG_KEY]: `s${i % SCHEDULES}` },
    }));
    const scenario = parseScenario({
      version: 1,
      start: '2026-11-20T00:00:00Z',
      regions: REGIONS.map((name) => ({ name })),
      accounts: ACCOUNTS.map((accountId) => ({ accountId })),
      resources: instances,
    });
    const seenAt = new Date('2026-11-23T00:00:00Z');
    for (let i = 0; i < instances.length; i += 1_000) {
      await plainDb
        .insertInto('inventory_resources')
        .values(
          instances.slice(i, i + 1_000).map((r) => ({
            project_id: projectId,
            account_id: r.accountId,
            region: r.region,
            kind: r.kind,
            resource_id: r.id,
            name: null,
            state: 'running',
            resource: JSON.stringify(r),
            first_seen_at: seenAt,
            last_seen_at: seenAt,
          })),
        )
        .execute();
    }
    const schedules = createSchedulerRepo({ db });
    for (let s = 0; s < SCHEDULES; s++) {
      await schedules.insert(
        scheduleValues(clientId, projectId, { name: `office ${s}`, tag_key: TAG_KEY, tag_value: `s${s}` }),
        null,
      );
    }
    // Monday 12:00 UTC: inside office hours, everything running as wanted.
    const clock = manualClock(new Date(STOP_AT - 10 * 3_600_000));
    const cloud = createSimulatedCloud({ scenario, clock });
    let portCalls = 0;
    // Time spent in each collaborator of the tick, by method: the boundary tick's phase breakdown.
    const phases = new Map<string, number>();
    const timed = <T extends object>(name: string, target: T): T =>
      new Proxy(target, {
        get(obj, prop, receiver) {
          const value = Reflect.get(obj, prop, receiver);
          if (typeof value !== 'function') return value;
          return async (...args: unknown[]) => {
            const started = performance.now();
            try {
              return await value.apply(obj, args);
            } finally {
              const key = `${name}.${String(prop)}`;
              phases.set(key, (phases.get(key) ?? 0) + performance.now() - started);
              if (process.env.BENCH_CALLS) console.error(key, (performance.now() - started).toFixed(0));
            }
          };
        },
      });
    const port = timed('port', {
      ...cloud,
      listResources: (...args: Parameters<typeof cloud.listResources>) => {
        portCalls += 1;
        return cloud.listResources(...args);
      },
      act: (...args: Parameters<typeof cloud.act>) => {
        portCalls += 1;
        return cloud.act(...args);
      },
      actMany: (...args: Parameters<typeof cloud.actMany>) => {
        portCalls += 1;
        return cloud.actMany(...args);
      },
    });
    const accounts = ACCOUNTS.map((accountId) => ({ accountId, credentials: { kind: 'server-identity' } }));
    const inventory = createInventoryCostViewRepo({ db });
    const reconciler = createReconciler({
      schedules: timed('schedules', schedules),
      repo: timed('log', createReconcilerRepo({ db })),
      inventory: timed('inventory', inventory),
      targets: { resolve: async () => ({ port, accounts }) },
      notify: async () => {},
      now: clock.now,
      tickMs: 60_000,
    });
    const rule = { zone: 'UTC', windows: WEEK_PRESETS['office-hours'] };
    // The floor of a steady tick: the same listings, each schedule's desired state, each instance compared with it.
    const floor = async () => {
      const t = clock.now().getTime();
      const wanted = new Map<string, boolean>();
      let differ = 0;
      for (const account of accounts) {
        for (const region of REGIONS) {
          const listed = await cloud.listResources(account, region, ['ec2-instance']);
          for (const r of listed.resources) {
            const running = r.kind === 'ec2-instance' && r.state === 'running';
            const schedule = r.tags[TAG_KEY] ?? '';
            const desired = wanted.get(schedule) ?? desiredRunningAt({ rule }, t);
            wanted.set(schedule, desired);
            if (desired !== running) differ += 1;
          }
        }
      }
      return differ;
    };

    const counted = async (run: () => Promise<unknown>) => {
      queries = 0;
      portCalls = 0;
      await run();
      return { queries, portCalls };
    };
    const first = await reconciler.tick();
    if (first.resources !== count || first.acted !== 0)
      throw new Error(`steady tick saw ${first.resources} resources, acted ${first.acted}`);
    await floor();
    const steadyCounts = await counted(() => reconciler.tick());
    const loadBefore = loadavg();
    const [steadyTimes = [], floorTimes = []] = await sampleInTurns(
      [() => reconciler.tick(), floor],
      runs,
      1,
    );

    // The boundary: 22:00, every instance due to stop.
    clock.set(new Date(STOP_AT));
    const heapBefore = process.memoryUsage().heapUsed;
    queries = 0;
    portCalls = 0;
    phases.clear();
    const started = performance.now();
    const stopped = await reconciler.tick();
    const boundaryMs = performance.now() - started;
    const inCollaborators = [...phases.values()].reduce((a, b) => a + b, 0);
    const breakdown = [...phases]
      .filter(([, ms]) => ms >= 1)
      .sort((a, b) => b[1] - a[1])
      .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
      .concat(`reconciler's own work ${(boundaryMs - inCollaborators).toFixed(0)}`)
      .join(', ');
    const boundaryCounts = { queries, portCalls };
    const heapGrowthMiB = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
    if (stopped.acted !== count) throw new Error(`the boundary tick stopped ${stopped.acted} of ${count}`);
    // Its floor: the same stops straight to a fresh simulated cloud (no claims, no log), a call per account, region
    // and 1,000 instances as the tick sends them at best.
    const fresh = createSimulatedCloud({ scenario, clock });
    const floorStarted = performance.now();
    for (const account of accounts) {
      for (const region of REGIONS) {
        const mine = instances.filter((r) => r.accountId === account.accountId && r.region === region);
        for (let i = 0; i < mine.length; i += 1_000) {
          await fresh.actMany(
            account,
            mine.slice(i, i + 1_000).map((r) => ({
              type: 'stop' as const,
              region,
              resource: { kind: r.kind, id: r.id },
            })),
          );
        }
      }
    }
    const floorStopMs = performance.now() - floorStarted;

    const steady = summarise(steadyTimes);
    const bare = summarise(floorTimes);
    const label = `${count.toLocaleString('en-US')} scheduled EC2 instances (${SCHEDULES} schedules, ${ACCOUNTS.length * REGIONS.length} account-regions)`;
    const ms = (s: ReturnType<typeof summarise>) => `${s.p50Ms.toFixed(0)} / ${s.p95Ms.toFixed(0)}`;
    return {
      [`${label}: steady tick p50 / p95 ms (floor: listings + desired state per schedule)`]: `${ms(steady)} (${ms(bare)})`,
      [`${label}: steady tick p95 ÷ floor p95`]: (steady.p95Ms / bare.p95Ms).toFixed(2),
      [`${label}: steady tick app-database queries / port calls / warehouse queries`]: `${steadyCounts.queries} / ${steadyCounts.portCalls} / 0`,
      [`${label}: boundary tick stopping all ms (floor: the batched stop calls alone)`]: `${boundaryMs.toFixed(0)} (${floorStopMs.toFixed(0)})`,
      [`${label}: boundary tick phases ms`]: breakdown,
      [`${label}: boundary tick ÷ floor`]: (boundaryMs / floorStopMs).toFixed(2),
      [`${label}: boundary tick app-database queries / port calls / warehouse queries`]: `${boundaryCounts.queries} / ${boundaryCounts.portCalls} / 0`,
      [`${label}: heap growth over the boundary tick MiB / peak RSS MiB`]: `${heapGrowthMiB.toFixed(0)} / ${peakRssMiB()}`,
      [`${label}: load average before/after`]: `${loadBefore[0]?.toFixed(1)} / ${loadavg()[0]?.toFixed(1)}`,
    };
  } finally {
    await close();
  }
}
