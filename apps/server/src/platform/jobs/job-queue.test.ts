import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appNow, cloudNow, shiftAppClockTo } from '../clock';
import { backoffDelayMs, defineJobHandler, PermanentJobError } from './job-handler';
import { createJobQueue } from './job-queue';
import { createJobSchedules } from './job-schedules';
import { createJobWorker } from './job-worker';
import { describeOnAppEngines, openOrSkip } from './test-engines';

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const backoff = { baseMs: 10_000, maxMs: 60_000 };

function fakeClock(start: string) {
  let now = new Date(start);
  return {
    clock: () => now,
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}

describe('backoffDelayMs', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelayMs(attempt, backoff))).toEqual([
      10_000, 20_000, 40_000, 60_000, 60_000,
    ]);
  });
});

describeOnAppEngines('job queue', (engine) => {
  it('runs a job once with its parsed payload and records success', async (context) => {
    const { db } = await openOrSkip(engine(), context);
    const kind = `test.${randomUUID()}`;
    const seen: unknown[] = [];
    const handler = defineJobHandler({
      kind,
      payload: z.object({ n: z.number() }),
      run: async (payload) => {
        seen.push(payload);
      },
    });
    const queue = createJobQueue({ db });
    const worker = createJobWorker({ queue, handlers: [handler], logger: silent });
    const id = await queue.enqueue({ kind, payload: { n: 7 } });
    expect(id).not.toBeNull();
    expect((await worker.runNext())?.id).toBe(id);
    expect(await worker.runNext()).toBeNull();
    expect(seen).toEqual([{ n: 7 }]);
    expect(await queue.get(id as string)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      locked_by: null,
    });
  });

  it('lets two workers with their own connections share the jobs so that each runs exactly once', async (context) => {
    const first = await openOrSkip(engine(), context);
    const second = await engine().open();
    const kind = `test.${randomUUID()}`;
    const runs = new Map<number, number>();
    const handler = defineJobHandler({
      kind,
      payload: z.object({ n: z.number() }),
      run: async ({ n }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
    });
    const producer = createJobQueue({ db: first.db });
    for (let n = 0; n < 40; n += 1) await producer.enqueue({ kind, payload: { n } });
    const workers = [first, second].map((database) =>
      createJobWorker({ queue: createJobQueue({ db: database.db }), handlers: [handler], logger: silent }),
    );
    const drain = async (worker: (typeof workers)[number]) => {
      let ran = 0;
      while ((await worker.runNext()) !== null) ran += 1;
      return ran;
    };
    // Several loops per worker so claims really race on PostgreSQL.
    const counts = await Promise.all([...workers, ...workers].map(drain));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(40);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(runs.size).toBe(40);
  });

  it("retries a crashed worker's job once its lease expires, and the late worker cannot complete it", async (context) => {
    const { db } = await openOrSkip(engine(), context);
    const time = fakeClock('2026-11-22T10:00:00Z');
    const queue = createJobQueue({ db, clock: time.clock });
    const kind = `test.${randomUUID()}`;
    const id = await queue.enqueue({ kind, payload: {} });
    const crashed = await queue.claim({ workerId: 'crashed', kinds: [kind], leaseMs: 60_000 });
    expect(crashed?.id).toBe(id);
    expect(await queue.claim({ workerId: 'other', kinds: [kind], leaseMs: 60_000 })).toBeNull();
    time.advance(60_001);
    const retried = await queue.claim({ workerId: 'other', kinds: [kind], leaseMs: 60_000 });
    expect(retried).toMatchObject({ id, attempts: 2, locked_by: 'other' });
    expect(await queue.complete({ job: crashed as NonNullable<typeof crashed>, workerId: 'crashed' })).toBe(
      false,
    );
    expect(await queue.complete({ job: retried as NonNullable<typeof retried>, workerId: 'other' })).toBe(
      true,
    );
  });

  it('keeps a job whose worker renews the lease, and hands it back untouched on release', async (context) => {
    const { db } = await openOrSkip(engine(), context);
    const time = fakeClock('2026-11-22T10:00:00Z');
    const queue = createJobQueue({ db, clock: time.clock });
    const kind = `test.${randomUUID()}`;
    const id = (await queue.enqueue({ kind, payload: {} })) as string;
    const job = await queue.claim({ workerId: 'busy', kinds: [kind], leaseMs: 30_000 });
    if (job === null) throw new Error('not claimed');
    time.advance(20_000);
    expect(await queue.extendLease({ job, workerId: 'busy', leaseMs: 30_000 })).toBe(true);
    time.advance(20_000);
    expect(await queue.claim({ workerId: 'other', kinds: [kind], leaseMs: 30_000 })).toBeNull();
    expect(await queue.extendLease({ job, workerId: 'other', leaseMs: 30_000 })).toBe(false);
    expect(await queue.release({ job, workerId: 'busy' })).toBe(true);
    expect(await queue.get(id)).toMatchObject({ status: 'queued', attempts: 0, locked_by: null });
  });

  it('buries a job whose worker vanished on its last attempt', async (context) => {
    const { db } = await openOrSkip(engine(), context);
    const time = fakeClock('2026-11-22T10:00:00Z');
    const queue = createJobQueue({ db, clock: time.clock });
    const kind = `test.${randomUUID()}`;
    const id = (await queue.enqueue({ kind, payload: {}, maxAttempts: 1 })) as string;
    await queue.claim({ workerId: 'crashed', kinds: [kind], leaseMs: 1_000 });
    time.advance(1_001);
    expect(await queue.claim({ workerId: 'other', kinds: [kind], leaseMs: 1_000 })).toBeNull();
    expect(await queue.buryExpired()).toBeGreaterThanOrEqual(1);
    expect(await queue.get(id)).toMatchObject({ status: 'dead' });
  });

  it('retries a failing job with exponential backoff, then marks it dead', async (context) => {
    const { db } = await openOrSkip(engine(), context);
    const time = fakeClock('2026-11-22T10:00:00Z');
    const kind = `test.${randomUUID()}`;
    const handler = defineJobHandler({
      kind,
      payload: z.object({}),
      run: async () => {
        throw new Error('remote said no');
      },
    });
    const queue = createJobQueue({ db, clock: time.clock, backoff });
    const worker = createJobWorker({ queue, handlers: [handler], logger: silent });
    const id = (await queue.enqueue({ kind, payload: {}, maxAttempts: 3 })) as string;
    const start = time.clock().getTime();

    await worker.runNext();
    expect(await queue.get(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: 'remote said no',
    });
    expect((await queue.get(id))?.run_at.getTime()).toBe(start + 10_000);
    time.advance(9_999);
    expect(await worker.runNext()).toBeNull();
    time.advance(1);
    await worker.runNext();
    expect((await queue.get(id))?.run_at.getTime()).toBe(start + 10_000 + 20_000);
    time.advance(20_000);
    await worker.runNext();
    expect(await queue.get(id)).toMatchObject({ status: 'dead', attempts: 3 });
    time.advance(3_600_000);
    expect(await worker.runNext()).toBeNull();
  });

  it('fails at once on a permanent error or a payload its schema rejects', async (context) => {
    const { db } = await openOrSkip(engine(), context);
    const kind = `test.${randomUUID()}`;
    const handler = defineJobHandler({
      kind,
      payload: z.object({ ok: z.boolean() }),
      run: async () => {
        throw new PermanentJobError('source was deleted');
      },
    });
    const queue = createJobQueue({ db });
    const worker = createJobWorker({ queue, handlers: [handler], logger: silent });
    const permanent = (await queue.enqueue({ kind, payload: { ok: true } })) as string;
    await worker.runNext();
    expect(await queue.get(permanent)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'source was deleted',
    });
    const invalid = (await queue.enqueue({ kind, payload: { ok: 'yes' } })) as string;
    await worker.runNext();
    const row = await queue.get(invalid);
    expect(row?.status).toBe('failed');
    expect(row?.last_error).toContain('invalid payload');
  });

  it('ignores a second enqueue with the same dedupe key, even after the first job finished', async (context) => {
    const { db } = await openOrSkip(engine(), context);
    const kind = `test.${randomUUID()}`;
    const queue = createJobQueue({ db });
    const handler = defineJobHandler({ kind, payload: z.unknown(), run: async () => {} });
    const worker = createJobWorker({ queue, handlers: [handler], logger: silent });
    const dedupeKey = `slot:${randomUUID()}`;
    const [a, b] = await Promise.all([
      queue.enqueue({ kind, payload: {}, dedupeKey }),
      queue.enqueue({ kind, payload: {}, dedupeKey }),
    ]);
    expect([a, b].filter((id) => id !== null)).toHaveLength(1);
    await worker.runNext();
    expect(await queue.enqueue({ kind, payload: {}, dedupeKey })).toBeNull();
    expect(await worker.runNext()).toBeNull();
  });

  it('purges old succeeded jobs but keeps failures and the dedupe keys that still guard a slot', async (context) => {
    const { db } = await openOrSkip(engine(), context);
    const time = fakeClock('2026-11-22T10:00:00Z');
    const kind = `test.${randomUUID()}`;
    const handler = defineJobHandler({
      kind,
      payload: z.object({ fail: z.boolean() }),
      run: async ({ fail }) => {
        if (fail) throw new PermanentJobError('no');
      },
    });
    const queue = createJobQueue({ db, clock: time.clock });
    const worker = createJobWorker({ queue, handlers: [handler], logger: silent });
    const plain = (await queue.enqueue({ kind, payload: { fail: false } })) as string;
    const slot = (await queue.enqueue({
      kind,
      payload: { fail: false },
      dedupeKey: `schedule:${kind}@x`,
    })) as string;
    const guarded = (await queue.enqueue({
      kind,
      payload: { fail: false },
      dedupeKey: `once:${kind}`,
    })) as string;
    const failed = (await queue.enqueue({ kind, payload: { fail: true } })) as string;
    while ((await worker.runNext()) !== null) {}
    await queue.purgeSucceeded(new Date('2026-11-22T09:59:59Z'));
    expect(await queue.get(plain)).toMatchObject({ status: 'succeeded' });
    await queue.purgeSucceeded(new Date('2026-11-22T10:00:01Z'));
    const left = await Promise.all([plain, slot, guarded, failed].map((id) => queue.get(id)));
    expect(left.map((job) => job?.status ?? 'purged')).toEqual(['purged', 'purged', 'succeeded', 'failed']);
  });

  it('only claims kinds it has handlers for', async (context) => {
    const { db } = await openOrSkip(engine(), context);
    const queue = createJobQueue({ db });
    await queue.enqueue({ kind: `test.${randomUUID()}`, payload: {} });
    const handler = defineJobHandler({
      kind: `test.${randomUUID()}`,
      payload: z.unknown(),
      run: async () => {},
    });
    expect(await createJobWorker({ queue, handlers: [handler], logger: silent }).runNext()).toBeNull();
  });

  /** A new kind's daily schedule whose slot is about two hours ahead of the app's clock. */
  async function dailySlotAhead(context: Parameters<typeof openOrSkip>[1]) {
    const { db } = await openOrSkip(engine(), context);
    const queue = createJobQueue({ db });
    const schedules = createJobSchedules({ db });
    const kind = `test.${randomUUID()}`;
    const ahead = new Date(appNow().getTime() + 2 * 3_600_000);
    const cron = `${ahead.getUTCMinutes()} ${ahead.getUTCHours()} * * *`;
    const { nextRunAt } = await schedules.save({ name: `daily-${randomUUID()}`, kind, payload: {}, cron });
    return { queue, schedules, kind, nextRunAt };
  }

  it('falls due by the app clock, which the test clock control moves ahead, while a lease keeps real time', async (context) => {
    const { queue, schedules, kind, nextRunAt } = await dailySlotAhead(context);
    expect(await schedules.enqueueDue()).toBe(0);
    expect(shiftAppClockTo(new Date(nextRunAt.getTime() + 1_000))).toBe(true);
    expect(await schedules.enqueueDue()).toBe(1);
    const job = await queue.claim({ workerId: 'running', kinds: [kind], leaseMs: 60_000 });
    expect(job?.run_at.toISOString()).toBe(nextRunAt.toISOString());
    // A further jump of the clock does not end the lease of the worker running the job.
    expect(shiftAppClockTo(new Date(appNow().getTime() + 3_600_000))).toBe(true);
    expect(await queue.claim({ workerId: 'other', kinds: [kind], leaseMs: 60_000 })).toBeNull();
  });

  it('a move of only the cloud clock leaves when jobs fall due; a move of the app clock carries the cloud along', async (context) => {
    const { queue, schedules, kind, nextRunAt } = await dailySlotAhead(context);
    const claim = async () => {
      await schedules.enqueueDue();
      return queue.claim({ workerId: 'w', kinds: [kind], leaseMs: 60_000 });
    };

    // The scheduler spec's jump: the simulated cloud and the resource scheduler see the later time, jobs do not.
    const cloudTo = new Date(nextRunAt.getTime() + 3_600_000);
    expect(shiftAppClockTo(cloudTo, 'cloud')).toBe(true);
    expect(cloudNow().getTime()).toBeGreaterThanOrEqual(cloudTo.getTime());
    expect(appNow().getTime()).toBeLessThan(nextRunAt.getTime());
    expect(await claim()).toBeNull();
    expect(shiftAppClockTo(cloudTo, 'cloud')).toBe(false);

    // The app clock moved past the slot (still behind the cloud's): the job falls due; the cloud never runs behind.
    expect(shiftAppClockTo(new Date(nextRunAt.getTime() + 1_000))).toBe(true);
    expect(cloudNow().getTime()).toBeGreaterThanOrEqual(cloudTo.getTime());
    expect((await claim())?.run_at.toISOString()).toBe(nextRunAt.toISOString());
    expect(shiftAppClockTo(new Date(cloudTo.getTime() + 3_600_000))).toBe(true);
    expect(cloudNow().getTime()).toBeGreaterThanOrEqual(cloudTo.getTime() + 3_600_000);
  });
});
