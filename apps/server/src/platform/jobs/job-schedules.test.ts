import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createJobSchedules, nextSlot } from './job-schedules';
import { describeOnAppEngines, openOrSkip } from './test-engines';

describe('nextSlot', () => {
  it('reads the expression in the given time zone', () => {
    const after = new Date('2026-11-22T10:00:00Z');
    expect(nextSlot({ cron: '0 9 * * *', timeZone: 'Europe/Paris', after }).toISOString()).toBe(
      '2026-11-23T08:00:00.000Z',
    );
    expect(nextSlot({ cron: '0 9 * * *', timeZone: 'UTC', after }).toISOString()).toBe(
      '2026-11-23T09:00:00.000Z',
    );
  });

  it('rejects a bad expression with a message naming it', () => {
    expect(() => nextSlot({ cron: '61 * * * *', timeZone: 'UTC', after: new Date() })).toThrow(
      /61 \* \* \* \*/,
    );
  });
});

describeOnAppEngines('job schedules', (engine) => {
  it('produces exactly one job per slot, even with two schedulers ticking at once', async (context) => {
    const first = await openOrSkip(engine(), context);
    const second = await engine().open();
    let now = new Date('2026-11-22T10:00:30Z');
    const clock = () => now;
    const name = `poll-${randomUUID()}`;
    const kind = `test.${randomUUID()}`;
    const [a, b] = [first, second].map(({ db }) => createJobSchedules({ db, clock }));
    if (a === undefined || b === undefined) throw new Error('unreachable');
    const jobsOfKind = () =>
      first.db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('run_at').execute();

    expect(
      (await a.save({ name, kind, payload: { sourceId: 's1' }, cron: '* * * * *' })).nextRunAt.toISOString(),
    ).toBe('2026-11-22T10:01:00.000Z');
    now = new Date('2026-11-22T10:00:59Z');
    expect(await a.enqueueDue()).toBe(0);

    now = new Date('2026-11-22T10:01:05Z');
    const counts = await Promise.all([a.enqueueDue(), b.enqueueDue(), a.enqueueDue()]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(1);
    now = new Date('2026-11-22T10:01:40Z');
    expect(await b.enqueueDue()).toBe(0);

    // Three slots missed while no server ran collapse into one job.
    now = new Date('2026-11-22T10:05:10Z');
    expect(await a.enqueueDue()).toBe(1);
    const jobs = await jobsOfKind();
    expect(jobs.map((job) => [job.run_at.toISOString(), job.payload])).toEqual([
      ['2026-11-22T10:01:00.000Z', { sourceId: 's1' }],
      ['2026-11-22T10:02:00.000Z', { sourceId: 's1' }],
    ]);
    expect(jobs[0]?.dedupe_key).toBe(`schedule:${name}@2026-11-22T10:01:00.000Z`);
  });

  it('replaces a schedule saved again under its name and stops after removal', async (context) => {
    const { db } = await openOrSkip(engine(), context);
    let now = new Date('2026-11-22T10:00:00Z');
    const schedules = createJobSchedules({ db, clock: () => now });
    const name = `report-${randomUUID()}`;
    const kind = `test.${randomUUID()}`;
    await schedules.save({ name, kind, payload: {}, cron: '0 * * * *' });
    const { nextRunAt } = await schedules.save({
      name,
      kind,
      payload: {},
      cron: '30 8 * * 1',
      timeZone: 'America/New_York',
    });
    expect(nextRunAt.toISOString()).toBe('2026-11-23T13:30:00.000Z');
    await schedules.remove(name);
    now = new Date('2026-11-30T00:00:00Z');
    await schedules.enqueueDue();
    expect(await db.selectFrom('jobs').select('id').where('kind', '=', kind).execute()).toEqual([]);
  });
});
