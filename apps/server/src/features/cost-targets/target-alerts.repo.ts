import type { DispatchPayload } from '@finlens/contracts/notifications';
import { type Kysely, sql } from 'kysely';
import type { AppTables } from '../../db/tables';
import { insertJob } from '../../platform/jobs/job-queue';
import { DISPATCH_KIND } from '../notifications/notifications.service';
import type { AlertRow, TargetRow } from './cost-targets.repo';

/** A target is evaluated again at least this often, so a forecast alert follows the days passing. */
const REEVALUATE_AFTER_MS = 24 * 3_600_000;

export interface Crossing {
  alertId: string;
  periodStart: string;
  threshold: number;
  value: number;
  budget: number;
}

/** The dedupe key of a crossing's notification: one per alert, period and threshold. */
export function crossingKey(c: Pick<Crossing, 'alertId' | 'periodStart' | 'threshold'>): string {
  return `cost-target-alert:${c.alertId}:${c.periodStart}:${c.threshold}`;
}

/** Storage of the alert job: which targets are due, the crossings they fired, the notifications enqueued. */
export function createTargetAlertsRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    /**
     * Targets never evaluated, evaluated before an import of their client finished (the "after every import"
     * trigger, read from import_runs so the importer needs no hook), or not evaluated for a day.
     */
    async dueTargets(now: Date): Promise<TargetRow[]> {
      return db
        .selectFrom('cost_targets as t')
        .selectAll('t')
        .where((eb) =>
          eb.or([
            eb('t.evaluated_at', 'is', null),
            eb('t.evaluated_at', '<', new Date(now.getTime() - REEVALUATE_AFTER_MS)),
            eb.exists(
              eb
                .selectFrom('import_runs as r')
                .select(sql`1`.as('one'))
                .whereRef('r.client_id', '=', 't.client_id')
                .where('r.status', '=', 'succeeded')
                .whereRef('r.finished_at', '>', 't.evaluated_at'),
            ),
          ]),
        )
        .orderBy('t.id')
        .execute();
    },

    /**
     * Marks a target evaluated as of `at` (the evaluation's start, so an import finishing since keeps it due),
     * unless it was edited since `target` was read: the evaluation may have missed that edit, so the target
     * stays due. Returns whether it was marked.
     */
    async markEvaluated(target: Pick<TargetRow, 'id' | 'edited_at'>, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('cost_targets')
        .set({ evaluated_at: at })
        .where('id', '=', target.id)
        .where('edited_at', '=', target.edited_at)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async plannings(targetId: string) {
      return db
        .selectFrom('cost_target_plannings')
        .selectAll()
        .where('cost_target_id', '=', targetId)
        .execute();
    },

    async alerts(targetId: string): Promise<AlertRow[]> {
      return db.selectFrom('cost_target_alerts').selectAll().where('cost_target_id', '=', targetId).execute();
    },

    /**
     * Records a crossing; false when it was already recorded (the unique key makes an alert fire once per
     * threshold and period) or the alert is gone. With `notify` the dispatch job is enqueued in the same transaction.
     */
    async recordCrossing(crossing: Crossing, message: unknown, notify: boolean, now: Date): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        // Kept until this commits; an alert deleted since the evaluation read it fires nothing.
        const alert = await trx
          .selectFrom('cost_target_alerts')
          .select('id')
          .where('id', '=', crossing.alertId)
          .forKeyShare()
          .executeTakeFirst();
        if (alert === undefined) return false;
        const row = await trx
          .insertInto('cost_target_fired_alerts')
          .values({
            alert_id: crossing.alertId,
            period_start: crossing.periodStart,
            threshold: crossing.threshold,
            value: crossing.value,
            budget: crossing.budget,
            message: JSON.stringify(message),
            notified_at: notify ? now : null,
          })
          .onConflict((c) => c.columns(['alert_id', 'period_start', 'threshold']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (row === undefined) return false;
        if (notify) {
          await insertJob(
            trx,
            { kind: DISPATCH_KIND, payload: message, dedupeKey: crossingKey(crossing) },
            now,
          );
        }
        return true;
      });
    },

    /** Targets with crossings of `frequency` alerts not yet notified. */
    async targetsWithPendingCrossings(frequency: 'daily' | 'weekly'): Promise<string[]> {
      const rows = await db
        .selectFrom('cost_target_fired_alerts as f')
        .innerJoin('cost_target_alerts as a', 'a.id', 'f.alert_id')
        .select('a.cost_target_id')
        .distinct()
        .where('a.frequency', '=', frequency)
        .where('f.notified_at', 'is', null)
        .orderBy('a.cost_target_id')
        .execute();
      return rows.map((row) => row.cost_target_id);
    },

    /**
     * Enqueues the digest of one target's waiting crossings of `frequency` alerts (`compose` turns their
     * messages, oldest first, into the digest's) and marks them notified, together. The crossings are locked
     * first, so a second digest running at the same time finds them notified. Returns the messages enqueued.
     */
    async releaseDigest(
      targetId: string,
      frequency: 'daily' | 'weekly',
      now: Date,
      compose: (messages: DispatchPayload[]) => DispatchPayload[],
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const fired = await trx
          .selectFrom('cost_target_fired_alerts as f')
          .innerJoin('cost_target_alerts as a', 'a.id', 'f.alert_id')
          .select(['f.id', 'f.message'])
          .where('a.cost_target_id', '=', targetId)
          .where('a.frequency', '=', frequency)
          .where('f.notified_at', 'is', null)
          .orderBy('f.fired_at')
          .orderBy('f.id')
          .forUpdate('f')
          .execute();
        if (fired.length === 0) return 0;
        const messages = compose(fired.map((row) => row.message as DispatchPayload));
        for (const payload of messages) await insertJob(trx, { kind: DISPATCH_KIND, payload }, now);
        await trx
          .updateTable('cost_target_fired_alerts')
          .set({ notified_at: now })
          .where(
            'id',
            'in',
            fired.map((row) => row.id),
          )
          .execute();
        return messages.length;
      });
    },
  };
}

export type TargetAlertsRepo = ReturnType<typeof createTargetAlertsRepo>;
