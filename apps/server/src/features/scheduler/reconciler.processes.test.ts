import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDatabase, openAppDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import type { AppTables } from '../../db/tables';
import { insertClientAndProject } from '../../db/tenant.test-helper';
import { createTestDatabase, testPostgresUrl } from '../../db/test-database-url';
import type { CloudAction } from '../../integrations/cloud/cloud-actions';
import type { CloudPort } from '../../integrations/cloud/cloud-port';
import { parseScenario } from '../../integrations/cloud/simulated/scenario-file';
import { manualClock } from '../../integrations/cloud/simulated/sim-clock';
import { createSimulatedCloud } from '../../integrations/cloud/simulated/simulated-cloud';
import { createJobQueue } from '../../platform/jobs/job-queue';
import { createJobSchedules } from '../../platform/jobs/job-schedules';
import { createJobWorker } from '../../platform/jobs/job-worker';
import type { TickReport } from './reconciler';
import { schedulerJobHandlers, schedulerSchedules, TICK_KIND } from './scheduler.jobs';
import { createSchedulerRepo } from './scheduler.repo';
import { inventoryOf, NO_LISTS, reconcilerOver, scheduleValues } from './scheduler.test-helper';

// Issue 22 items 3 and 7: two server processes, each with its own job worker and its own connections to the app
// database, run the scheduler's tick job as the server does (the job schedule's slot enqueued, the job claimed).
// It runs in the "(PostgreSQL)" project only, on the run's shared PostgreSQL with a pool per process, where the
// two workers' enqueues and claims really meet (FOR UPDATE SKIP LOCKED, the slot's dedupe key). PGlite cannot
// show it: it is one session in-process, so both "processes" would share it and its statements and transactions
// run one after another — no lock is ever contended there (the PGlite project skips the file).

const MIN = 60_000;
const HOUR = 60 * MIN;
const ACC = '123456789012';
const REGION = 'us-east-1';
const at = (iso: string) => Date.parse(iso);
/** Office hours in UTC: Monday's stop at 20:00, Tuesday's start at 08:00. */
const FROM = at('2026-03-02T19:30:00Z');
const STOP = at('2026-03-02T20:00:00Z');
const UNTIL = at('2026-03-02T20:06:00Z');
/** The clock jumps from Monday 20:06 to Tuesday 11:36 (a resumed VM, a corrected clock), past the 08:00 start. */
const JUMP = UNTIL + 15.5 * HOUR;

const WHERE = { accountId: ACC, region: REGION };
const SCENARIO = parseScenario({
  version: 1,
  start: '2026-03-01T00:00:00Z',
  transitionSeconds: 90,
  regions: [{ name: REGION }],
  accounts: [{ accountId: ACC }],
  resources: [
    { ...WHERE, kind: 'ec2-instance', id: 'i-0one', instanceType: 'm5.large' },
    { ...WHERE, kind: 'ec2-instance', id: 'i-0two', instanceType: 'm5.large' },
    { ...WHERE, kind: 'autoscaling-group', id: 'asg-web', minSize: 1, desiredCapacity: 2, maxSize: 4 },
  ],
});

/** A fresh app database on the shared test PostgreSQL, opened by each of two processes with its own pool. */
async function openForTwoProcesses(): Promise<{
  url: string;
  dbs: [Kysely<AppTables>, Kysely<AppTables>];
  close(): Promise<void>;
}> {
  const created = await createTestDatabase({ migrated: true });
  const dir = await mkdtemp(join(tmpdir(), 'finlens-scheduler-processes-'));
  const opened: AppDatabase[] = [];
  for (let n = 0; n < 2; n++) opened.push(await openAppDatabase({ dataDir: dir, databaseUrl: created.url }));
  const [a, b] = opened as [AppDatabase, AppDatabase];
  await migrate(a.db);
  return {
    url: created.url,
    dbs: [a.db, b.db],
    close: async () => {
      await Promise.allSettled(opened.map((d) => d.close()));
      await created.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const deferred = <T = void>() => {
  let resolve = (_: T) => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe.skipIf(testPostgresUrl() === null)('two server processes running the scheduler tick job', () => {
  let database: Awaited<ReturnType<typeof openForTwoProcesses>>;
  beforeAll(async () => {
    database = await openForTwoProcesses();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('run each tick slot once, act on each change once while a slow call outlasts the tick, and catch up a clock jump once', async () => {
    const [dbA] = database.dbs;
    const { clientId, projectId } = await insertClientAndProject(dbA, 'Procs', { name: 'Procs' });
    await createSchedulerRepo({ db: dbA }).insert(
      scheduleValues(clientId, projectId, {
        name: 'office',
        resources: { ...NO_LISTS, ec2: ['i-0one', 'i-0two'], autoscaling_groups: ['asg-web'] },
      }),
      null,
    );
    const inventory = inventoryOf(SCENARIO.resources, projectId);
    const clock = manualClock(new Date(FROM));
    const cloud = createSimulatedCloud({ scenario: SCENARIO, clock });
    // What the cloud did for the scheduler, by process; `gate` makes the first call of a tick hang until released.
    const acted: { at: number; by: number; action: CloudAction }[] = [];
    let gate: {
      armed: boolean;
      entered: ReturnType<typeof deferred<number>>;
      release: ReturnType<typeof deferred<void>>;
    } = { armed: false, entered: deferred<number>(), release: deferred() };
    const hold = async (by: number) => {
      if (!gate.armed) return;
      gate.armed = false;
      gate.entered.resolve(by);
      await gate.release.promise;
    };
    const portOf = (by: number): CloudPort => ({
      ...cloud,
      async act(account, action) {
        await hold(by);
        const result = await cloud.act(account, action);
        acted.push({ at: clock.now().getTime(), by, action });
        return result;
      },
      async actMany(account, actions) {
        await hold(by);
        const answers = await cloud.actMany(account, actions);
        actions.forEach((action, n) => {
          if (answers[n]?.ok) acted.push({ at: clock.now().getTime(), by, action });
        });
        return answers;
      },
    });

    const silent = { info: () => {}, warn: () => {}, error: () => {} };
    const ticks: { by: number; at: number; report: TickReport }[] = [];
    const processes = database.dbs.map((db, by) => {
      const reconciler = reconcilerOver({
        db,
        schedules: createSchedulerRepo({ db }),
        inventory,
        port: portOf(by),
        accountId: ACC,
        now: clock.now,
      });
      const queue = createJobQueue({ db, clock: clock.now });
      const schedules = createJobSchedules({ db, clock: clock.now });
      const worker = createJobWorker({
        queue,
        schedules,
        handlers: schedulerJobHandlers(reconciler, (report) =>
          ticks.push({ by, at: clock.now().getTime(), report }),
        ),
        logger: silent,
        workerId: `process-${by}`,
      });
      return { by, schedules, worker };
    });
    // Each process saves the tick's job schedule at start, as the server does (the same name: one schedule).
    for (const p of processes) for (const s of schedulerSchedules(60)) await p.schedules.save(s);

    /** A process still inside a tick (its call hanging) polls no more until it returns. */
    const busy = new Map<number, Promise<unknown>>();
    /** Both processes' job loops poll at the same moment: enqueue the due slot, then claim and run what is due. */
    async function poll(): Promise<void> {
      const idle = processes.filter((p) => !busy.has(p.by));
      await Promise.all(idle.map((p) => p.schedules.enqueueDue()));
      for (const p of idle) {
        const run = (async () => {
          while ((await p.worker.runNext()) !== null);
        })();
        busy.set(
          p.by,
          run.finally(() => busy.delete(p.by)),
        );
      }
    }
    const settled = () => Promise.all([...busy.values()]);

    /**
     * A poll that meets a claim in progress: a third connection holds the due tick job's row, as a worker taking it
     * does, while both workers ask. Each passes it over (SKIP LOCKED) instead of waiting for it and then taking it
     * as well; once the row is let go, the next poll runs the slot on one of them.
     */
    async function contendedPoll(): Promise<'passed over' | 'waited'> {
      await Promise.all(processes.map((p) => p.schedules.enqueueDue()));
      const holder = new pg.Client({ connectionString: database.url });
      await holder.connect();
      let outcome: 'passed over' | 'waited';
      try {
        await holder.query('begin');
        const held = await holder.query(
          `select id from jobs where kind = $1 and status = 'queued' for update`,
          [TICK_KIND],
        );
        expect(held.rows).toHaveLength(1);
        const claims = processes.map((p) => p.worker.runNext());
        let asking = true;
        const waiting = async () => {
          for (; asking; await new Promise((resolve) => setTimeout(resolve, 20))) {
            const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`.execute(dbA);
            if ((rows[0]?.n ?? 0) >= 2) return 'waited' as const;
          }
          return 'passed over' as const;
        };
        outcome = await Promise.race([Promise.all(claims).then(() => 'passed over' as const), waiting()]);
        asking = false;
        await holder.query('commit');
        await Promise.all(claims);
      } finally {
        await holder.end();
      }
      await poll();
      await settled();
      return outcome;
    }

    const contended: string[] = [];
    for (let t = FROM; t <= UNTIL; t += MIN) {
      clock.set(new Date(t));
      if (t > FROM && t <= FROM + 2 * MIN) {
        contended.push(await contendedPoll());
        continue;
      }
      if (t !== STOP) {
        await poll();
        await settled();
        continue;
      }
      // At the stop, the process that runs the slot hangs in its cloud call past the next slot; the other
      // process runs that next slot meanwhile and must leave the claimed changes alone.
      gate.armed = true;
      await poll();
      const slow = await gate.entered.promise;
      await Promise.all([...busy].filter(([by]) => by !== slow).map(([, run]) => run));
      t += MIN;
      clock.set(new Date(t));
      await poll();
      await Promise.all([...busy].filter(([by]) => by !== slow).map(([, run]) => run));
      expect(ticks.filter((k) => k.at === t).map((k) => k.by)).toEqual([1 - slow]);
      gate.release.resolve();
      await settled();
      gate = { armed: false, entered: deferred<number>(), release: deferred() };
    }
    // The job schedule saved at FROM falls due first a minute later.
    const slots = (UNTIL - FROM) / MIN;

    // The jump: nothing ran for 15½ hours; the missed slots collapse into one job, whose tick starts what
    // Tuesday's 08:00 left stopped — once, at the first tick after the jump.
    clock.set(new Date(JUMP));
    await poll();
    await settled();
    for (const m of [1, 2]) {
      clock.set(new Date(JUMP + m * MIN));
      await poll();
      await settled();
    }

    // One tick per slot: every slot's job ran once, on one process, whichever claimed it.
    const jobs = await dbA.selectFrom('jobs').selectAll().where('kind', '=', TICK_KIND).execute();
    expect(jobs).toHaveLength(slots + 3);
    expect(jobs.map((j) => [j.status, j.attempts])).toEqual(jobs.map(() => ['succeeded', 1]));
    expect(ticks).toHaveLength(slots + 3);
    // A claim meeting a row another worker is taking passes it over rather than queueing behind it.
    expect(contended).toEqual(['passed over', 'passed over']);

    // Zero duplicate actions: each resource stopped once at 20:00 (by the process whose call hung) and started
    // once, at the first tick after the jump.
    const byResource = (type: 'stop' | 'start') =>
      acted
        .filter(
          (a) =>
            (a.action.type === 'scale' ? (a.action.desiredSize > 0 ? 'start' : 'stop') : a.action.type) ===
            type,
        )
        .map((a) => [a.action.resource.id, new Date(a.at).toISOString()])
        .sort();
    expect(byResource('stop')).toEqual(
      ['asg-web', 'i-0one', 'i-0two'].map((id) => [id, new Date(STOP + MIN).toISOString()]),
    );
    expect(byResource('start')).toEqual(
      ['asg-web', 'i-0one', 'i-0two'].map((id) => [id, new Date(JUMP).toISOString()]),
    );
    expect(acted).toHaveLength(6);
    const log = await dbA
      .selectFrom('scheduler_actions')
      .select(['resource_id', 'action', 'outcome', 'performed_at'])
      .where('outcome', '=', 'succeeded')
      .execute();
    expect(log.map((r) => [r.resource_id, r.action, new Date(r.performed_at).toISOString()]).sort()).toEqual(
      [
        ...['asg-web', 'i-0one', 'i-0two'].map((id) => [id, id === 'asg-web' ? 'scale' : 'stop', STOP]),
        ...['asg-web', 'i-0one', 'i-0two'].map((id) => [id, id === 'asg-web' ? 'scale' : 'start', JUMP]),
      ]
        .map(([id, action, when]) => [id, action, new Date(when as number).toISOString()])
        .sort(),
    );
  }, 120_000);
});
