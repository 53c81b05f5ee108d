import { randomUUID } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineJobHandler } from './job-handler';
import { createJobQueue } from './job-queue';
import { createJobSchedules } from './job-schedules';
import { createJobWorker } from './job-worker';
import { describeOnAppEngines, openOrSkip } from './test-engines';

const silent = { info: () => {}, warn: () => {}, error: () => {} };

describeOnAppEngines('job worker loop', (engine) => {
  it('runs enqueued and scheduled jobs in the background until stopped', async (context) => {
    const { db } = await openOrSkip(engine(), context);
    const kind = `test.${randomUUID()}`;
    const done: string[] = [];
    const handler = defineJobHandler({
      kind,
      payload: z.object({ tag: z.string() }),
      run: async ({ tag }) => {
        done.push(tag);
      },
    });
    const queue = createJobQueue({ db });
    const schedules = createJobSchedules({ db });
    // Every second (6-field croner syntax) so the test sees a scheduled slot fire.
    await schedules.save({
      name: `tick-${randomUUID()}`,
      kind,
      payload: { tag: 'scheduled' },
      cron: '* * * * * *',
    });
    const worker = createJobWorker({
      queue,
      schedules,
      handlers: [handler],
      logger: silent,
      pollIntervalMs: 20,
    });
    worker.start();
    for (let n = 0; n < 5; n += 1) await queue.enqueue({ kind, payload: { tag: `job-${n}` } });
    await vi.waitFor(() => expect(done.filter((tag) => tag.startsWith('job-'))).toHaveLength(5), {
      timeout: 5_000,
    });
    await vi.waitFor(() => expect(done).toContain('scheduled'), { timeout: 5_000 });
    await worker.stop();
  });

  it('hands a running job back on shutdown without spending an attempt', async (context) => {
    const { db } = await openOrSkip(engine(), context);
    const kind = `test.${randomUUID()}`;
    let started = false;
    const handler = defineJobHandler({
      kind,
      payload: z.unknown(),
      run: (_payload, { signal }) =>
        new Promise<void>((_resolve, reject) => {
          started = true;
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    });
    const queue = createJobQueue({ db });
    const id = (await queue.enqueue({ kind, payload: {} })) as string;
    const worker = createJobWorker({ queue, handlers: [handler], logger: silent, pollIntervalMs: 20 });
    worker.start();
    await vi.waitFor(() => expect(started).toBe(true), { timeout: 5_000 });
    await worker.stop();
    expect(await queue.get(id)).toMatchObject({ status: 'queued', attempts: 0, locked_by: null });
  });
});
