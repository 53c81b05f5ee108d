import { type Kysely, sql } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { ActionRow } from './scheduler.tables';

export interface Intent {
  intent_key: string;
  schedule_id: string | null;
  one_off_id: string | null;
  project_id: string;
  account_id: string;
  region: string;
  kind: string;
  resource_id: string;
  action: string;
  cause: string;
  actor: string;
  state_before: string | null;
}

/** An intent's columns in the action log, in the order `claimMany` writes them. */
const INTENT_COLUMNS = [
  'intent_key',
  'schedule_id',
  'one_off_id',
  'project_id',
  'account_id',
  'region',
  'kind',
  'resource_id',
  'action',
  'cause',
  'actor',
  'state_before',
] as const satisfies readonly (keyof Intent)[];

/** A claim a process took and never finished (it died mid-action) is given up after this long. */
export const STALE_CLAIM_MS = 5 * 60_000;

/** The reconciler's storage: claims on intents (one process acts on each), their outcomes, saved group sizes. */
export function createReconcilerRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    /** Actions already taken (or claimed) for these intent keys. */
    async intents(keys: readonly string[]): Promise<Map<string, ActionRow>> {
      if (keys.length === 0) return new Map();
      const rows = await db
        .selectFrom('scheduler_actions')
        .selectAll()
        .where('intent_key', 'in', keys)
        .execute();
      return new Map(rows.map((r) => [r.intent_key, r]));
    },

    /** Failed attempts of an intent (renamed key#fail-<row id>), for the back-off. */
    async failures(key: string): Promise<{ count: number; last: Date | null }> {
      const row = await db
        .selectFrom('scheduler_actions')
        .select([sql<number>`count(*)::int`.as('count'), sql<Date | null>`max(performed_at)`.as('last')])
        .where('intent_key', 'like', `${key.replace(/[\\%_]/g, '\\$&')}#fail-%`)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), last: row.last === null ? null : new Date(row.last) };
    },

    /** `failures` for many keys in one read (a tick's due intents): keys without failures are left out. */
    async failuresOf(keys: readonly string[]): Promise<Map<string, { count: number; last: Date | null }>> {
      if (keys.length === 0) return new Map();
      const base = sql<string>`split_part(intent_key, '#fail-', 1)`;
      const rows = await db
        .selectFrom('scheduler_actions')
        .select([
          base.as('key'),
          sql<number>`count(*)::int`.as('count'),
          sql<Date | null>`max(performed_at)`.as('last'),
        ])
        .where('intent_key', 'like', '%#fail-%')
        .where(base, 'in', [...keys])
        .groupBy(base)
        .execute();
      return new Map(
        rows.map((r) => [r.key, { count: Number(r.count), last: r.last === null ? null : new Date(r.last) }]),
      );
    },

    /**
     * Claims an intent for this process: the row's unique key lets one insert win; null when another
     * process (or an earlier tick) holds it. A stale claim is set aside first.
     */
    async claim(intent: Intent, now: Date): Promise<string | null> {
      await db
        .updateTable('scheduler_actions')
        .set({ intent_key: sql`intent_key || '#lost-' || id`, outcome: 'failed' })
        .where('intent_key', '=', intent.intent_key)
        .where('outcome', '=', 'waiting')
        .where('performed_at', '<', new Date(now.getTime() - STALE_CLAIM_MS))
        .execute();
      const row = await db
        .insertInto('scheduler_actions')
        .values({ ...intent, performed_at: now, outcome: 'waiting', state_after: null, answer: '{}' })
        .onConflict((c) => c.column('intent_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /**
     * `claim` for many intents in one insert (intents no row holds yet: a tick's new changes); the ids of those
     * this process won, by intent key.
     */
    async claimMany(intents: readonly Intent[], now: Date): Promise<Map<string, string>> {
      if (intents.length === 0) return new Map();
      // The rows travel as one JSON parameter: a thousand rows of twelve columns as separate parameters cost
      // more to send, parse and bind than the insert itself.
      const { rows } = await sql<{ id: string; intent_key: string }>`
        INSERT INTO scheduler_actions (${sql.join(INTENT_COLUMNS.map((c) => sql.ref(c)))},
          performed_at, outcome, state_after, answer)
        SELECT ${sql.join(INTENT_COLUMNS.map((c) => sql.ref(`r.${c}`)))}, ${now}::timestamptz, 'waiting', NULL, '{}'::jsonb
        FROM jsonb_to_recordset(${JSON.stringify(intents)}::jsonb)
          AS r(${sql.join(INTENT_COLUMNS.map((c) => sql`${sql.ref(c)} text`))})
        ON CONFLICT (intent_key) DO NOTHING
        RETURNING id, intent_key`.execute(db);
      return new Map(rows.map((r) => [r.intent_key, r.id]));
    },

    /**
     * The outcomes of claims, in one update. A failed attempt (`retry`) frees its intent for a later retry: its key
     * is renamed `key#fail-<row id>` and the row stays in the log.
     */
    async finishMany(
      results: readonly {
        id: string;
        outcome: string;
        state_after: string | null;
        answer: unknown;
        retry: boolean;
      }[],
    ) {
      if (results.length === 0) return;
      await sql`UPDATE scheduler_actions AS a SET outcome = v.outcome, state_after = v.state_after, answer = v.answer,
          intent_key = CASE WHEN v.retry THEN a.intent_key || '#fail-' || a.id ELSE a.intent_key END
        FROM jsonb_to_recordset(${JSON.stringify(results)}::jsonb)
          AS v(id text, outcome text, state_after text, answer jsonb, retry boolean)
        WHERE a.id = v.id`.execute(db);
    },

    /** A record with no cloud call (a drift seen): inserted once per key. */
    async note(intent: Intent, now: Date, outcome: string, answer: unknown): Promise<boolean> {
      const row = await db
        .insertInto('scheduler_actions')
        .values({ ...intent, performed_at: now, outcome, state_after: null, answer: JSON.stringify(answer) })
        .onConflict((c) => c.column('intent_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async saveSizes(key: SizeKey, sizes: { min: number; desired: number; max: number }) {
      const values = { min_size: sizes.min, desired_size: sizes.desired, max_size: sizes.max };
      await db
        .insertInto('scheduler_saved_sizes')
        .values({ ...key, ...values })
        .onConflict((c) =>
          c.columns(['schedule_id', 'account_id', 'region', 'kind', 'resource_id']).doUpdateSet(values),
        )
        .execute();
    },

    async savedSizes(key: SizeKey) {
      return (
        (await db
          .selectFrom('scheduler_saved_sizes')
          .selectAll()
          .where('schedule_id', '=', key.schedule_id)
          .where('account_id', '=', key.account_id)
          .where('region', '=', key.region)
          .where('kind', '=', key.kind)
          .where('resource_id', '=', key.resource_id)
          .executeTakeFirst()) ?? null
      );
    },

    /**
     * The sizes a group had before its last successful scale to zero, as the action log saw them (`min/desired/max`):
     * what a one-off stop outside any schedule leaves to restore. Null when the log has none.
     */
    async sizesBeforeLastStop(key: Omit<SizeKey, 'schedule_id'> & { project_id: string }) {
      const row = await db
        .selectFrom('scheduler_actions')
        .select('state_before')
        .where('project_id', '=', key.project_id)
        .where('account_id', '=', key.account_id)
        .where('region', '=', key.region)
        .where('kind', '=', key.kind)
        .where('resource_id', '=', key.resource_id)
        .where('outcome', '=', 'succeeded')
        .where('state_after', '=', '0/0/0')
        .orderBy('performed_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      const sizes = /^(\d+)\/(\d+)\/(\d+)$/.exec(row?.state_before ?? '');
      if (!sizes || Number(sizes[2]) === 0) return null;
      return { min_size: Number(sizes[1]), desired_size: Number(sizes[2]), max_size: Number(sizes[3]) };
    },

    dueOneOffs(now: Date) {
      return db
        .selectFrom('scheduler_one_offs')
        .selectAll()
        .where('done_at', 'is', null)
        .where('run_at', '<=', now)
        .orderBy('run_at')
        .execute();
    },

    async oneOffDone(id: string, now: Date) {
      await db.updateTable('scheduler_one_offs').set({ done_at: now }).where('id', '=', id).execute();
    },
  };
}

export interface SizeKey {
  schedule_id: string;
  account_id: string;
  region: string;
  kind: string;
  resource_id: string;
}

export type ReconcilerRepo = ReturnType<typeof createReconcilerRepo>;
