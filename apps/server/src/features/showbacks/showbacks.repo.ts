import type { CostFilter } from '@finlens/contracts/cost-query';
import type { AllocationRuleInput, ShowbackInput, ShowbackPatch } from '@finlens/contracts/showbacks';
import type { Kysely, Selectable } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { ShowbackAllocationRulesTable, ShowbacksTable } from './showbacks.tables';

export type ShowbackRow = Selectable<ShowbacksTable>;
export type RuleRow = Selectable<ShowbackAllocationRulesTable>;

export interface StoredRule extends RuleRow {
  splits: { value: string; percent: number | null }[];
  filters: { id: string; filter: CostFilter }[];
}

export interface ShowbackConfig {
  showback: ShowbackRow;
  combined: { id: string; name: string; combined_values: string[] }[];
  hidden: string[];
  rules: StoredRule[];
}

type RuleFields = Pick<AllocationRuleInput, 'name' | 'kind' | 'target_value' | 'split_method'>;

/** Storage of showbacks, their values, rules, filters, daily units and value grants (app database). */
export function createShowbacksRepo({ db }: { db: Kysely<AppTables> }) {
  async function rulesOf(showbackId: string): Promise<StoredRule[]> {
    const rules = await db
      .selectFrom('showback_allocation_rules')
      .selectAll()
      .where('showback_id', '=', showbackId)
      .orderBy('position')
      .execute();
    if (rules.length === 0) return [];
    const ids = rules.map((r) => r.id);
    const [splits, filters] = await Promise.all([
      db
        .selectFrom('showback_shared_splits')
        .selectAll()
        .where('rule_id', 'in', ids)
        .orderBy('value')
        .execute(),
      db
        .selectFrom('showback_rule_filters')
        .selectAll()
        .where('rule_id', 'in', ids)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
    ]);
    return rules.map((r) => ({
      ...r,
      splits: splits.filter((s) => s.rule_id === r.id).map(({ value, percent }) => ({ value, percent })),
      filters: filters
        .filter((f) => f.rule_id === r.id)
        .map((f) => ({ id: f.id, filter: f.filter as CostFilter })),
    }));
  }

  return {
    async clientProjects(clientId: string): Promise<{ id: string; name: string }[]> {
      return db.selectFrom('projects').select(['id', 'name']).where('client_id', '=', clientId).execute();
    },

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
        rulesOf(id),
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

    rules: rulesOf,

    /** Inserts a rule at the end; the service reorders afterwards when it goes elsewhere. */
    async addRule(
      showbackId: string,
      rule: RuleFields,
      splits: { value: string; percent: number | null }[],
      filters: CostFilter[],
    ): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom('showback_allocation_rules')
          .select((eb) => eb.fn.max('position').as('max'))
          .where('showback_id', '=', showbackId)
          .executeTakeFirst();
        const { id } = await trx
          .insertInto('showback_allocation_rules')
          .values({ showback_id: showbackId, position: Number(last?.max ?? 0) + 1, ...rule })
          .returning('id')
          .executeTakeFirstOrThrow();
        await replaceSplits(trx, id, splits);
        for (const filter of filters) {
          await trx
            .insertInto('showback_rule_filters')
            .values({ rule_id: id, filter: JSON.stringify(filter) })
            .execute();
        }
        return id;
      });
    },

    async updateRule(
      ruleId: string,
      rule: Partial<RuleFields>,
      splits: { value: string; percent: number | null }[] | undefined,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (Object.keys(rule).length > 0) {
          await trx.updateTable('showback_allocation_rules').set(rule).where('id', '=', ruleId).execute();
        }
        if (splits !== undefined) await replaceSplits(trx, ruleId, splits);
      });
    },

    async removeRules(showbackId: string, ids: string[]): Promise<void> {
      await db
        .deleteFrom('showback_allocation_rules')
        .where('showback_id', '=', showbackId)
        .where('id', 'in', ids)
        .execute();
    },

    /** Positions 1…n in the given order (every rule of the showback). */
    async reorder(showbackId: string, orderedIds: string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const [i, id] of orderedIds.entries()) {
          await trx
            .updateTable('showback_allocation_rules')
            .set({ position: i + 1 })
            .where('id', '=', id)
            .where('showback_id', '=', showbackId)
            .execute();
        }
      });
    },

    async addFilter(ruleId: string, filter: CostFilter): Promise<string> {
      const row = await db
        .insertInto('showback_rule_filters')
        .values({ rule_id: ruleId, filter: JSON.stringify(filter) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateFilter(filterId: string, filter: CostFilter): Promise<void> {
      await db
        .updateTable('showback_rule_filters')
        .set({ filter: JSON.stringify(filter) })
        .where('id', '=', filterId)
        .execute();
    },

    async removeFilter(filterId: string): Promise<void> {
      await db.deleteFrom('showback_rule_filters').where('id', '=', filterId).execute();
    },

    /** Upserts every row in one transaction (all or nothing). */
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

    async membership(clientId: string, userId: string) {
      return db
        .selectFrom('memberships')
        .select(['role', 'allowed_all_showback_values'])
        .where('client_id', '=', clientId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async grants(showbackId: string, userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('showback_value_grants')
        .select('value')
        .where('showback_id', '=', showbackId)
        .where('user_id', '=', userId)
        .orderBy('value')
        .execute();
      return rows.map((r) => r.value);
    },

    async accessList(clientId: string, showbackId: string) {
      const [members, grants] = await Promise.all([
        db
          .selectFrom('memberships')
          .innerJoin('users', 'users.id', 'memberships.user_id')
          .select(['users.id', 'users.email', 'memberships.allowed_all_showback_values'])
          .where('memberships.client_id', '=', clientId)
          .orderBy('users.email')
          .execute(),
        db
          .selectFrom('showback_value_grants')
          .select(['user_id', 'value'])
          .where('showback_id', '=', showbackId)
          .execute(),
      ]);
      return members.map((m) => ({
        user_id: m.id,
        email: m.email,
        allowed_all_showback_values: m.allowed_all_showback_values,
        showback_values: grants
          .filter((g) => g.user_id === m.id)
          .map((g) => g.value)
          .sort(),
      }));
    },

    /** The member's flag (client-wide, spec §6) and their values of this showback. */
    async setAccess(
      clientId: string,
      showbackId: string,
      userId: string,
      allowedAll: boolean,
      values: string[],
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('memberships')
          .set({ allowed_all_showback_values: allowedAll })
          .where('client_id', '=', clientId)
          .where('user_id', '=', userId)
          .execute();
        await trx
          .deleteFrom('showback_value_grants')
          .where('showback_id', '=', showbackId)
          .where('user_id', '=', userId)
          .execute();
        for (const value of new Set(values)) {
          await trx
            .insertInto('showback_value_grants')
            .values({ showback_id: showbackId, user_id: userId, value })
            .execute();
        }
      });
    },
  };
}

async function replaceHidden(trx: Kysely<AppTables>, showbackId: string, values: string[]): Promise<void> {
  await trx.deleteFrom('showback_hidden_values').where('showback_id', '=', showbackId).execute();
  for (const value of new Set(values)) {
    await trx.insertInto('showback_hidden_values').values({ showback_id: showbackId, value }).execute();
  }
}

async function replaceSplits(
  trx: Kysely<AppTables>,
  ruleId: string,
  splits: { value: string; percent: number | null }[],
): Promise<void> {
  await trx.deleteFrom('showback_shared_splits').where('rule_id', '=', ruleId).execute();
  for (const split of splits) {
    await trx
      .insertInto('showback_shared_splits')
      .values({ rule_id: ruleId, ...split })
      .execute();
  }
}

export type ShowbacksRepo = ReturnType<typeof createShowbacksRepo>;
