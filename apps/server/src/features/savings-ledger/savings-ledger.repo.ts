import type { Recommendation } from '@finlens/contracts/recommendations';
import type { LedgerSource, LedgerState, RemediationPolicy } from '@finlens/contracts/savings-ledger';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { LedgerEntryRow, LedgerEventRow, SavingsLedgerEntriesTable } from './savings-ledger.tables';

/** What an entry keeps of a recommendation (the stored finding's fields). */
export type RecommendationFinding = Pick<
  Recommendation,
  | 'id'
  | 'project_id'
  | 'type'
  | 'title'
  | 'account_id'
  | 'region'
  | 'resource_id'
  | 'resource_kind'
  | 'action'
  | 'tags'
  | 'showback_values'
  | 'saving'
>;

export type NewEntry = Omit<
  Insertable<SavingsLedgerEntriesTable>,
  'id' | 'client_id' | 'created_at' | 'updated_at'
>;
export type EntryPatch = Omit<
  Updateable<SavingsLedgerEntriesTable>,
  'id' | 'client_id' | 'recommendation_id'
>;

export interface NewEvent {
  action: string;
  from: LedgerState;
  to: LedgerState;
  actor: string;
  note: string | null;
  detail: Record<string, unknown>;
}

/** One line of the append-only trail, in the caller's transaction. */
async function insertEvent(trx: Kysely<AppTables>, entryId: string, event: NewEvent): Promise<void> {
  await trx
    .insertInto('savings_ledger_events')
    .values({
      entry_id: entryId,
      action: event.action,
      from_state: event.from,
      to_state: event.to,
      actor: event.actor,
      note: event.note,
      detail: JSON.stringify(event.detail),
    })
    .execute();
}

/** Storage of ledger entries, their append-only trail and the remediation policies; reads are per client. */
export function createSavingsLedgerRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    async find(clientId: string, recommendationId: string): Promise<LedgerEntryRow | null> {
      const row = await db
        .selectFrom('savings_ledger_entries')
        .selectAll()
        .where('client_id', '=', clientId)
        .where('recommendation_id', '=', recommendationId)
        .executeTakeFirst();
      return row ?? null;
    },

    async byId(id: string): Promise<LedgerEntryRow | null> {
      const row = await db
        .selectFrom('savings_ledger_entries')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ?? null;
    },

    async list(
      clientId: string,
      projectIds: readonly string[],
      filter: { state?: LedgerState; source?: LedgerSource; recommendationIds?: readonly string[] },
    ): Promise<LedgerEntryRow[]> {
      if (projectIds.length === 0) return [];
      let query = db
        .selectFrom('savings_ledger_entries')
        .selectAll()
        .where('client_id', '=', clientId)
        .where('project_id', 'in', projectIds);
      if (filter.state !== undefined) query = query.where('state', '=', filter.state);
      if (filter.source !== undefined) query = query.where('source', '=', filter.source);
      if (filter.recommendationIds !== undefined) {
        if (filter.recommendationIds.length === 0) return [];
        query = query.where('recommendation_id', 'in', filter.recommendationIds);
      }
      return query.orderBy('updated_at', 'desc').orderBy('id').execute();
    },

    /** Entries the bill may judge: applied ones and those it judged before (any client, for the job). */
    async judged(clientId: string | null): Promise<LedgerEntryRow[]> {
      let query = db
        .selectFrom('savings_ledger_entries')
        .selectAll()
        .where('state', 'in', ['applied', 'verified', 'regressed'])
        .where('applied_at', 'is not', null)
        // A closed entry (its resource left its schedule) keeps its last verification.
        .where('closed_at', 'is', null);
      if (clientId !== null) query = query.where('client_id', '=', clientId);
      return query.orderBy('applied_at').execute();
    },

    /** Entries of these recommendations with the newest move's actor (any client: ids are per resource). */
    async ofRecommendations(
      ids: readonly string[],
    ): Promise<(LedgerEntryRow & { moved_by: string | null })[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('savings_ledger_entries')
        .selectAll()
        .where('recommendation_id', 'in', ids)
        .execute();
      if (rows.length === 0) return [];
      const moves = await db
        .selectFrom('savings_ledger_events')
        .select(['entry_id', 'actor'])
        .where(
          'entry_id',
          'in',
          rows.map((row) => row.id),
        )
        .whereRef('from_state', '<>', 'to_state')
        .orderBy('at', 'desc')
        .execute();
      const actor = new Map<string, string>();
      for (const move of moves) if (!actor.has(move.entry_id)) actor.set(move.entry_id, move.actor);
      return rows.map((row) => ({ ...row, moved_by: actor.get(row.id) ?? null }));
    },

    async events(entryId: string): Promise<LedgerEventRow[]> {
      return db
        .selectFrom('savings_ledger_events')
        .selectAll()
        .where('entry_id', '=', entryId)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The recommendation's entry, made (open) on first use; a concurrent maker's row is returned instead. */
    /** A project's recommendations first found (or found again) since `since` and still open, with its client. */
    async foundSince(projectId: string, since: Date) {
      const rows = await db
        .selectFrom('recommendations as r')
        .innerJoin('projects as p', 'p.id', 'r.project_id')
        .select(['p.client_id', 'r.body'])
        .where('r.project_id', '=', projectId)
        .where('r.first_seen_at', '>=', since)
        .where('r.resolved_at', 'is', null)
        .orderBy('r.estimated_monthly_saving', 'desc')
        .orderBy('r.id')
        .execute();
      return rows.map((row) => ({
        clientId: row.client_id,
        recommendation: row.body as unknown as RecommendationFinding,
      }));
    },

    async ensure(clientId: string, entry: NewEntry & { recommendation_id: string }): Promise<LedgerEntryRow> {
      await db
        .insertInto('savings_ledger_entries')
        .values({ ...entry, client_id: clientId })
        .onConflict((conflict) => conflict.columns(['client_id', 'recommendation_id']).doNothing())
        .execute();
      const row = await this.find(clientId, entry.recommendation_id);
      if (row === null) throw new Error('ledger entry vanished after insert');
      return row;
    },

    /**
     * Moves an entry and writes its trail line in one transaction, only if it is still in `from` (two admins
     * acting at once: the second gets null and a 409, never a double move).
     */
    async move(
      entryId: string,
      from: LedgerState,
      patch: EntryPatch,
      event: NewEvent,
    ): Promise<LedgerEntryRow | null> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('savings_ledger_entries')
          .set({ ...patch, updated_at: new Date() })
          .where('id', '=', entryId)
          .where('state', '=', from)
          .returningAll()
          .executeTakeFirst();
        if (row === undefined) return null;
        await insertEvent(trx, entryId, event);
        return row;
      });
    },

    /** Fields that are no move and need no trail line (the newest verification of an unchanged outcome). */
    async update(entryId: string, patch: EntryPatch): Promise<void> {
      await db
        .updateTable('savings_ledger_entries')
        .set({ ...patch, updated_at: new Date() })
        .where('id', '=', entryId)
        .execute();
    },

    /** A trail line that moves nothing (a dry run, a cloud step), and the entry's fields it changed. */
    async note(entryId: string, patch: EntryPatch, event: NewEvent): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('savings_ledger_entries')
          .set({ ...patch, updated_at: new Date() })
          .where('id', '=', entryId)
          .execute();
        await insertEvent(trx, entryId, event);
      });
    },

    async policies(clientId: string): Promise<RemediationPolicy[]> {
      const rows = await db
        .selectFrom('remediation_policies')
        .selectAll()
        .where('client_id', '=', clientId)
        .orderBy('rule_key')
        .execute();
      return rows.map(({ rule_key, auto_apply, approval, account_ids, tags }) => ({
        rule_key,
        auto_apply,
        approval,
        account_ids,
        tags,
      }));
    },

    /** Replaces the client's policies whole. */
    async savePolicies(clientId: string, policies: readonly RemediationPolicy[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('remediation_policies').where('client_id', '=', clientId).execute();
        if (policies.length === 0) return;
        await trx
          .insertInto('remediation_policies')
          .values(
            policies.map((policy) => ({
              client_id: clientId,
              rule_key: policy.rule_key,
              auto_apply: policy.auto_apply,
              approval: policy.approval,
              account_ids: JSON.stringify(policy.account_ids),
              tags: JSON.stringify(policy.tags),
            })),
          )
          .execute();
      });
    },
  };
}

export type SavingsLedgerRepo = ReturnType<typeof createSavingsLedgerRepo>;
