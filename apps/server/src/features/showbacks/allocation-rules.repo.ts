import type { CostFilter } from '@finlens/contracts/cost-query';
import type { AllocationRuleInput } from '@finlens/contracts/showbacks';
import type { Kysely, Selectable } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { ShowbackAllocationRulesTable } from './showbacks.tables';

export interface StoredRule extends Selectable<ShowbackAllocationRulesTable> {
  splits: { value: string; percent: number | null }[];
  filters: { id: string; filter: CostFilter }[];
}

type RuleFields = Pick<AllocationRuleInput, 'name' | 'kind' | 'target_value' | 'split_method'>;

/** Storage of a showback's ordered allocation rules, their shared-cost splits and dimension filters. */
export function createAllocationRulesRepo({ db }: { db: Kysely<AppTables> }) {
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
  };
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
