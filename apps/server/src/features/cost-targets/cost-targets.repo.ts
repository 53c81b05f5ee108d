import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { AppTables } from '../../db/tables';
import type {
  CostTargetAlertsTable,
  CostTargetPlanningsTable,
  CostTargetsTable,
} from './cost-targets.tables';
import { enqueueEvaluation } from './evaluation-queue';

export type TargetRow = Selectable<CostTargetsTable>;
export type PlanningRow = Selectable<CostTargetPlanningsTable>;
export type AlertRow = Selectable<CostTargetAlertsTable>;
type Db = Kysely<AppTables> | Transaction<AppTables>;

export interface PlanningChange {
  month: string;
  amount: number;
}

/** Storage of targets, plannings, their history, alerts and fired crossings; every read is client-scoped. */
export function createCostTargetsRepo({ db }: { db: Kysely<AppTables> }) {
  /** Upserts the month rows and writes one history row per month whose amount changed. */
  async function writePlannings(
    trx: Db,
    args: { targetId: string; userId: string | null; source: 'manual' | 'csv' | 'lookback' | 'growth' },
    changes: PlanningChange[],
  ): Promise<void> {
    const existing = await trx
      .selectFrom('cost_target_plannings')
      .select(['month', 'amount'])
      .where('cost_target_id', '=', args.targetId)
      .execute();
    const before = new Map(existing.map((p) => [p.month, p.amount]));
    const now = new Date();
    for (const { month, amount } of changes) {
      const old = before.get(month) ?? null;
      if (old === amount) continue;
      await trx
        .insertInto('cost_target_plannings')
        .values({ cost_target_id: args.targetId, month, amount })
        .onConflict((c) => c.columns(['cost_target_id', 'month']).doUpdateSet({ amount, updated_at: now }))
        .execute();
      await trx
        .insertInto('cost_target_planning_history')
        .values({
          cost_target_id: args.targetId,
          month,
          source: args.source,
          before: old,
          after: amount,
          changed_by: args.userId,
        })
        .execute();
    }
  }

  /**
   * A changed target, plan or alert is evaluated again at once: due, with the evaluation job enqueued. Its
   * `edited_at` moves forward (at least a millisecond), so an evaluation that began before the change does
   * not mark it evaluated (markEvaluated).
   */
  async function evaluateAgain(trx: Db, targetIds: string[]): Promise<void> {
    if (targetIds.length === 0) return;
    const now = new Date();
    await trx
      .updateTable('cost_targets')
      .set({
        evaluated_at: null,
        edited_at: sql<Date>`greatest(${now}, edited_at + interval '1 millisecond')`,
      })
      .where('id', 'in', targetIds)
      .execute();
    await enqueueEvaluation(trx, now);
  }

  return {
    async listTargets(clientId: string): Promise<TargetRow[]> {
      return db
        .selectFrom('cost_targets')
        .selectAll()
        .where('client_id', '=', clientId)
        .orderBy('created_at')
        .execute();
    },

    async target(clientId: string, id: string): Promise<TargetRow | null> {
      const row = await db
        .selectFrom('cost_targets')
        .selectAll()
        .where('client_id', '=', clientId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ?? null;
    },

    async insertTarget(
      values: Omit<TargetRow, 'id' | 'created_at' | 'updated_at' | 'evaluated_at' | 'edited_at' | 'scope'> & {
        scope: object;
      },
    ): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('cost_targets')
          .values({ ...values, scope: JSON.stringify(values.scope), evaluated_at: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        await evaluateAgain(trx, [row.id]);
        return row.id;
      });
    },

    async updateTarget(
      id: string,
      values: Partial<Omit<TargetRow, 'id' | 'created_at' | 'edited_at' | 'scope' | 'client_id'>> & {
        scope?: object;
      },
    ): Promise<void> {
      const { scope, ...rest } = values;
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('cost_targets')
          .set({
            ...rest,
            ...(scope === undefined ? {} : { scope: JSON.stringify(scope) }),
            updated_at: new Date(),
          })
          .where('id', '=', id)
          .execute();
        await evaluateAgain(trx, [id]);
      });
    },

    async deleteTarget(id: string): Promise<void> {
      await db.deleteFrom('cost_targets').where('id', '=', id).execute();
    },

    async plannings(targetId: string): Promise<PlanningRow[]> {
      return db
        .selectFrom('cost_target_plannings')
        .selectAll()
        .where('cost_target_id', '=', targetId)
        .orderBy('month')
        .execute();
    },

    async planning(clientId: string, id: string): Promise<PlanningRow | null> {
      const row = await db
        .selectFrom('cost_target_plannings as p')
        .innerJoin('cost_targets as t', 't.id', 'p.cost_target_id')
        .selectAll('p')
        .where('t.client_id', '=', clientId)
        .where('p.id', '=', id)
        .executeTakeFirst();
      return row ?? null;
    },

    /** Applies every change in one transaction (a CSV upload is all or nothing). */
    async savePlannings(
      args: { targetId: string; userId: string | null; source: 'manual' | 'csv' | 'lookback' | 'growth' },
      changes: PlanningChange[],
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await writePlannings(trx, args, changes);
        await evaluateAgain(trx, [args.targetId]);
      });
    },

    async history(targetId: string) {
      return db
        .selectFrom('cost_target_planning_history as h')
        .leftJoin('users as u', 'u.id', 'h.changed_by')
        .select([
          'h.id',
          'h.cost_target_id',
          'h.month',
          'h.source',
          'h.before',
          'h.after',
          'h.changed_at',
          'u.id as user_id',
          'u.email as user_email',
        ])
        .where('h.cost_target_id', '=', targetId)
        .orderBy('h.changed_at', 'desc')
        .orderBy('h.id')
        .execute();
    },

    async alerts(targetId: string): Promise<AlertRow[]> {
      return db
        .selectFrom('cost_target_alerts')
        .selectAll()
        .where('cost_target_id', '=', targetId)
        .orderBy('created_at')
        .execute();
    },

    async alert(clientId: string, id: string): Promise<AlertRow | null> {
      const row = await db
        .selectFrom('cost_target_alerts as a')
        .innerJoin('cost_targets as t', 't.id', 'a.cost_target_id')
        .selectAll('a')
        .where('t.client_id', '=', clientId)
        .where('a.id', '=', id)
        .executeTakeFirst();
      return row ?? null;
    },

    async insertAlert(
      values: Omit<AlertRow, 'id' | 'created_at' | 'updated_at' | 'recipients'> & { recipients: object },
    ): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('cost_target_alerts')
          .values({ ...values, recipients: JSON.stringify(values.recipients) })
          .returning('id')
          .executeTakeFirstOrThrow();
        await evaluateAgain(trx, [values.cost_target_id]);
        return row.id;
      });
    },

    async updateAlerts(
      where: { id: string } | { targetId: string },
      values: Partial<Omit<AlertRow, 'id' | 'created_at' | 'recipients' | 'cost_target_id'>> & {
        recipients?: object;
      },
    ): Promise<void> {
      const { recipients, ...rest } = values;
      const [key, value] =
        'id' in where ? (['id', where.id] as const) : (['cost_target_id', where.targetId] as const);
      await db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('cost_target_alerts')
          .set({
            ...rest,
            ...(recipients === undefined ? {} : { recipients: JSON.stringify(recipients) }),
            updated_at: new Date(),
          })
          .where(key, '=', value)
          .returning('cost_target_id')
          .execute();
        await evaluateAgain(trx, [...new Set(changed.map((row) => row.cost_target_id))]);
      });
    },

    async deleteAlert(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const deleted = await trx
          .deleteFrom('cost_target_alerts')
          .where('id', '=', id)
          .returning('cost_target_id')
          .execute();
        await evaluateAgain(
          trx,
          deleted.map((row) => row.cost_target_id),
        );
      });
    },
  };
}

export type CostTargetsRepo = ReturnType<typeof createCostTargetsRepo>;
