import type { ShowbackInput, ShowbackPatch } from '@finlens/contracts/showbacks';
import type { Kysely, Selectable } from 'kysely';
import type { AppTables } from '../../db/tables';
import { createAllocationRulesRepo, type StoredRule } from './allocation-rules.repo';
import { createShowbackAccessRepo } from './showback-access.repo';
import type { ShowbacksTable } from './showbacks.tables';

export type ShowbackRow = Selectable<ShowbacksTable>;
export type { StoredRule };

export interface ShowbackConfig {
  showback: ShowbackRow;
  combined: { id: string; name: string; combined_values: string[] }[];
  hidden: string[];
  rules: StoredRule[];
}

/** Storage of showbacks, their values, rules, filters, daily units and value grants (app database). */
export function createShowbacksRepo({ db }: { db: Kysely<AppTables> }) {
  const ruleStore = createAllocationRulesRepo({ db });
  return {
    ...ruleStore,
    ...createShowbackAccessRepo({ db }),

    async list(clientId: string): Promise<ShowbackRow[]> {
      return db
        .selectFrom('showbacks')
        .selectAll()
        .where('client_id', '=', clientId)
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    /** The showback with everything allocation needs; null when missing or another client's. */
    async config(clientId: string, id: string): Promise<ShowbackConfig | null> {
      const showback = await db
        .selectFrom('showbacks')
        .selectAll()
        .where('id', '=', id)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      if (showback === undefined) return null;
      const [combined, hidden, rules] = await Promise.all([
        db
          .selectFrom('showback_combined_values')
          .select(['id', 'name', 'combined_values'])
          .where('showback_id', '=', id)
          .orderBy('name')
          .execute(),
        db
          .selectFrom('showback_hidden_values')
          .select('value')
          .where('showback_id', '=', id)
          .orderBy('value')
          .execute(),
        ruleStore.rules(id),
      ]);
      return { showback, combined, hidden: hidden.map((h) => h.value), rules };
    },

    async create(clientId: string, input: ShowbackInput): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('showbacks')
          .values({
            client_id: clientId,
            name: input.name,
            tag_keys: JSON.stringify(input.tag_keys),
            allocation_tag_type: input.allocation_tag_type,
            project_ids: input.project_ids === null ? null : JSON.stringify(input.project_ids),
            is_active: input.is_active,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const cv of input.combined_values) {
          await trx
            .insertInto('showback_combined_values')
            .values({ showback_id: id, name: cv.name, combined_values: JSON.stringify(cv.combined_values) })
            .execute();
        }
        await replaceHidden(trx, id, input.hide_values);
        return id;
      });
    },

    async update(id: string, patch: ShowbackPatch): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const { hide_values, tag_keys, project_ids, ...plain } = patch;
        await trx
          .updateTable('showbacks')
          .set({
            ...plain,
            ...(tag_keys === undefined ? {} : { tag_keys: JSON.stringify(tag_keys) }),
            ...(project_ids === undefined
              ? {}
              : { project_ids: project_ids === null ? null : JSON.stringify(project_ids) }),
            updated_at: new Date(),
          })
          .where('id', '=', id)
          .execute();
        if (hide_values !== undefined) await replaceHidden(trx, id, hide_values);
      });
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('showbacks').where('id', '=', id).execute();
    },

    /** Active: exactly the given showbacks of the client. */
    async setActive(clientId: string, ids: string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('showbacks')
          .set({ is_active: false })
          .where('client_id', '=', clientId)
          .execute();
        if (ids.length > 0) {
          await trx
            .updateTable('showbacks')
            .set({ is_active: true })
            .where('client_id', '=', clientId)
            .where('id', 'in', ids)
            .execute();
        }
      });
    },

    async addCombined(
      showbackId: string,
      input: { name: string; combined_values: string[] },
    ): Promise<string> {
      const row = await db
        .insertInto('showback_combined_values')
        .values({
          showback_id: showbackId,
          name: input.name,
          combined_values: JSON.stringify(input.combined_values),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** False when the combined value is not the showback's. */
    async updateCombined(
      showbackId: string,
      id: string,
      input: { name: string; combined_values: string[] },
    ): Promise<boolean> {
      const result = await db
        .updateTable('showback_combined_values')
        .set({ name: input.name, combined_values: JSON.stringify(input.combined_values) })
        .where('id', '=', id)
        .where('showback_id', '=', showbackId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async removeCombined(showbackId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('showback_combined_values')
        .where('id', '=', id)
        .where('showback_id', '=', showbackId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async putUnits(
      showbackId: string,
      rows: { showback_value: string; date: string; units: number }[],
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const row of rows) {
          await trx
            .insertInto('showback_daily_units')
            .values({ showback_id: showbackId, value: row.showback_value, date: row.date, units: row.units })
            .onConflict((oc) =>
              oc.columns(['showback_id', 'value', 'date']).doUpdateSet({ units: row.units }),
            )
            .execute();
        }
      });
    },

    async units(showbackId: string, from: string, to: string) {
      const rows = await db
        .selectFrom('showback_daily_units')
        .select(['value', 'date', 'units'])
        .where('showback_id', '=', showbackId)
        .where('date', '>=', from)
        .where('date', '<=', to)
        .orderBy('date')
        .orderBy('value')
        .execute();
      return rows.map((r) => ({ showback_value: r.value, date: r.date, units: Number(r.units) }));
    },
  };
}

async function replaceHidden(trx: Kysely<AppTables>, showbackId: string, values: string[]): Promise<void> {
  await trx.deleteFrom('showback_hidden_values').where('showback_id', '=', showbackId).execute();
  for (const value of new Set(values)) {
    await trx.insertInto('showback_hidden_values').values({ showback_id: showbackId, value }).execute();
  }
}

export type ShowbacksRepo = ReturnType<typeof createShowbacksRepo>;
