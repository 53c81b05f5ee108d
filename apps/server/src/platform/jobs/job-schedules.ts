import { Cron } from 'croner';
import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import { appNow } from '../clock';
import { type Clock, insertJob } from './job-queue';

export interface ScheduleDefinition {
  /** Unique name; saving the same name again replaces the schedule. */
  name: string;
  kind: string;
  payload: unknown;
  /** Cron expression (croner syntax, 5 or 6 fields). */
  cron: string;
  /** IANA time zone the expression is read in (default UTC). */
  timeZone?: string;
}

export interface JobSchedules {
  save(schedule: ScheduleDefinition): Promise<{ nextRunAt: Date }>;
  remove(name: string): Promise<void>;
  /** Enqueues one job for each due schedule and moves it to its next slot; returns the jobs enqueued. */
  enqueueDue(): Promise<number>;
}

/** The next slot strictly after `after`; throws with a readable message for a bad expression or zone. */
export function nextSlot({ cron, timeZone, after }: { cron: string; timeZone: string; after: Date }): Date {
  let next: Date | null;
  try {
    next = new Cron(cron, { timezone: timeZone, paused: true }).nextRun(after);
  } catch (error) {
    throw new Error(`Invalid schedule "${cron}" in ${timeZone}: ${(error as Error).message}`);
  }
  if (next === null) throw new Error(`Schedule "${cron}" has no future run`);
  return next;
}

/** The slot's time is part of the job's dedupe key, so a slot yields one job however many processes tick. */
export function scheduleSlotKey(name: string, slot: Date): string {
  return `schedule:${name}@${slot.toISOString()}`;
}

/** Schedules fall due by the app's clock (appNow: the test-only clock control moves it ahead). */
export function createJobSchedules({
  db,
  clock = appNow,
}: {
  db: Kysely<AppTables>;
  clock?: Clock;
}): JobSchedules {
  return {
    async save({ name, kind, payload, cron, timeZone = 'UTC' }) {
      const now = clock();
      const nextRunAt = nextSlot({ cron, timeZone, after: now });
      const values = {
        kind,
        payload: JSON.stringify(payload ?? {}),
        cron,
        time_zone: timeZone,
        next_run_at: nextRunAt,
      };
      await db
        .insertInto('job_schedules')
        .values({ name, ...values })
        .onConflict((conflict) => conflict.column('name').doUpdateSet({ ...values, updated_at: now }))
        .execute();
      return { nextRunAt };
    },

    async remove(name) {
      await db.deleteFrom('job_schedules').where('name', '=', name).execute();
    },

    async enqueueDue() {
      const now = clock();
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('job_schedules')
          .selectAll()
          .where('enabled', '=', true)
          .where('next_run_at', '<=', now)
          .forUpdate()
          .skipLocked()
          .execute();
        let enqueued = 0;
        for (const schedule of due) {
          // Slots missed while no server ran collapse into this one run.
          const id = await insertJob(
            trx,
            {
              kind: schedule.kind,
              payload: schedule.payload,
              runAt: schedule.next_run_at,
              dedupeKey: scheduleSlotKey(schedule.name, schedule.next_run_at),
            },
            now,
          );
          if (id !== null) enqueued += 1;
          const next = nextSlot({ cron: schedule.cron, timeZone: schedule.time_zone, after: now });
          await trx
            .updateTable('job_schedules')
            .set({ next_run_at: next, updated_at: now })
            .where('name', '=', schedule.name)
            .execute();
        }
        return enqueued;
      });
    },
  };
}
