import { SCHEDULE_ENTRY_TYPE } from '@finlens/contracts/savings-ledger';
import { type Kysely, sql } from 'kysely';
import type { AppTables } from '../../db/tables';
import { resourceKey } from './scheduled-resources';

/**
 * The resource kinds with ledger entries: the bill names instances and databases by their own id, and
 * charges an Auto Scaling group or EKS node group through the instances its tags say it ran.
 */
export const LEDGER_KINDS = [
  'ec2-instance',
  'rds-instance',
  'rds-cluster',
  'autoscaling-group',
  'eks-nodegroup',
] as const;

/** The scheduled resource an entry is about, and its schedule. */
interface ScheduledResourceKey {
  schedule_id: string;
  client_id: string;
  project_id: string;
  account_id: string;
  region: string;
  kind: string;
  resource_id: string;
}

/** A scheduled resource's stop with no open ledger entry yet (its first, or the first since its entry closed). */
export interface UnledgeredStop extends ScheduledResourceKey {
  first_stop: Date;
  /** The entry closed before this stop, to open again; null: none yet. */
  entry_id: string | null;
}

export interface NewScheduleEntry extends ScheduledResourceKey {
  title: string;
  action: Record<string, unknown>;
  estimated_monthly_saving: number;
  current_monthly_cost: number;
  applied_at: Date;
}

const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

/**
 * The log's successful stops by an enabled schedule since `since` of resources without an open entry, earliest
 * per resource (read by performed_at through the index scheduler_actions_performed_at). A group's stop is its
 * scale to zero (sizes `0/0/0` after it).
 */
export function unledgeredStopsQuery(db: Kysely<AppTables>, since: Date) {
  return db
    .selectFrom('scheduler_actions as a')
    .innerJoin('scheduler_schedules as s', 's.id', 'a.schedule_id')
    .leftJoin('savings_ledger_entries as e', (join) =>
      join
        .onRef('e.schedule_id', '=', 'a.schedule_id')
        .onRef('e.account_id', '=', 'a.account_id')
        .onRef('e.region', '=', 'a.region')
        .onRef('e.resource_kind', '=', 'a.kind')
        .onRef('e.resource_id', '=', 'a.resource_id'),
    )
    .select([
      's.id as schedule_id',
      's.client_id',
      'a.project_id',
      'a.account_id',
      'a.region',
      'a.kind',
      'a.resource_id',
      'e.id as entry_id',
    ])
    .select((eb) => eb.fn.min('a.performed_at').as('first_stop'))
    .where('a.outcome', '=', 'succeeded')
    .where((eb) =>
      eb.or([
        eb('a.action', 'in', ['stop', 'hibernate']),
        eb.and([eb('a.action', '=', 'scale'), eb('a.state_after', '=', '0/0/0')]),
      ]),
    )
    .where('a.kind', 'in', [...LEDGER_KINDS])
    .where('a.performed_at', '>=', since)
    .where('s.enabled', '=', true)
    .where((eb) =>
      eb.or([
        eb('e.id', 'is', null),
        eb.and([eb('e.closed_at', 'is not', null), eb('a.performed_at', '>', eb.ref('e.closed_at'))]),
      ]),
    )
    .groupBy([
      's.id',
      's.client_id',
      'a.project_id',
      'a.account_id',
      'a.region',
      'a.kind',
      'a.resource_id',
      'e.id',
    ]);
}

/** The verified-savings ledger's entries of schedules (source schedule), read and written by the scheduler. */
export function createScheduleLedgerRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    /** Successful stops by an enabled schedule since `since` of resources without an open entry. */
    async unledgeredStops(since: Date): Promise<UnledgeredStop[]> {
      const rows = await unledgeredStopsQuery(db, since).execute();
      return rows.map((row) => ({ ...row, first_stop: new Date(row.first_stop) }));
    },

    /**
     * Writes the entry applied at its stop (or opens its closed one again from this stop, its old verification
     * dropped), with its trail line; a concurrent writer's entry wins and nothing is written twice.
     */
    async record(entry: NewScheduleEntry, closedId: string | null): Promise<void> {
      const fields = {
        title: entry.title,
        action: JSON.stringify(entry.action),
        estimated_monthly_saving: entry.estimated_monthly_saving,
        on_demand_monthly_saving: entry.estimated_monthly_saving,
        current_monthly_cost: entry.current_monthly_cost,
        state: 'applied' as const,
        accepted_at: entry.applied_at,
        applied_at: entry.applied_at,
        applied_via: 'cloud' as const,
        apply_status: 'succeeded' as const,
        verification: null,
        closed_at: null,
        updated_at: new Date(),
      };
      await db.transaction().execute(async (trx) => {
        const row =
          closedId === null
            ? await trx
                .insertInto('savings_ledger_entries')
                .values({
                  ...fields,
                  client_id: entry.client_id,
                  project_id: entry.project_id,
                  source: 'schedule',
                  recommendation_id: null,
                  schedule_id: entry.schedule_id,
                  type: SCHEDULE_ENTRY_TYPE,
                  account_id: entry.account_id,
                  region: entry.region,
                  resource_id: entry.resource_id,
                  resource_kind: entry.kind,
                  tags: '{}',
                  showback_values: '[]',
                  created_at: new Date(),
                })
                .onConflict((c) =>
                  c
                    .columns(['schedule_id', 'account_id', 'region', 'resource_kind', 'resource_id'])
                    .doNothing(),
                )
                .returning('id')
                .executeTakeFirst()
            : await trx
                .updateTable('savings_ledger_entries')
                .set(fields)
                .where('id', '=', closedId)
                .where('closed_at', 'is not', null)
                .returning('id')
                .executeTakeFirst();
        if (row === undefined) return;
        await trx
          .insertInto('savings_ledger_events')
          .values({
            entry_id: row.id,
            action: 'schedule_stop',
            from_state: 'open',
            to_state: 'applied',
            actor: 'scheduler',
            note: null,
            detail: JSON.stringify({
              stopped_at: entry.applied_at.toISOString(),
              estimated_monthly_saving: entry.estimated_monthly_saving,
            }),
          })
          .execute();
      });
    },

    /** Closes the schedule's open entries of resources not in `keep` (every one when `keep` is empty). */
    async close(scheduleId: string, keep: ReadonlySet<string>, at: Date, note: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const open = await trx
          .selectFrom('savings_ledger_entries')
          .select(['id', 'state', 'account_id', 'region', 'resource_kind', 'resource_id'])
          .where('schedule_id', '=', scheduleId)
          .where('closed_at', 'is', null)
          .execute();
        const leaving = open.filter((e) => !keep.has(resourceKey({ ...e, kind: e.resource_kind ?? '' })));
        if (leaving.length === 0) return 0;
        await trx
          .updateTable('savings_ledger_entries')
          .set({ closed_at: at, updated_at: at })
          .where(
            'id',
            'in',
            leaving.map((e) => e.id),
          )
          .execute();
        await trx
          .insertInto('savings_ledger_events')
          .values(
            leaving.map((e) => ({
              entry_id: e.id,
              action: 'close',
              from_state: e.state,
              to_state: e.state,
              actor: 'scheduler',
              note,
              detail: '{}',
            })),
          )
          .execute();
        return leaving.length;
      });
    },

    /**
     * Per schedule: the realised monthly saving of its open verified entries (null: none verified) and what
     * all its entries realised to date.
     */
    async realised(
      scheduleIds: readonly string[],
    ): Promise<Map<string, { monthly: number | null; toDate: number }>> {
      if (scheduleIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('savings_ledger_entries')
        .select([
          'schedule_id',
          sql<
            number | null
          >`sum(case when state = 'verified' and closed_at is null then (verification->>'realised_monthly_saving')::float8 end)`.as(
            'monthly',
          ),
          sql<number | null>`sum((verification->>'realised_to_date')::float8)`.as('to_date'),
        ])
        .where('schedule_id', 'in', [...scheduleIds])
        .groupBy('schedule_id')
        .execute();
      return new Map(
        rows.map((row) => [
          row.schedule_id ?? '',
          { monthly: row.monthly === null ? null : Number(row.monthly), toDate: num(row.to_date) },
        ]),
      );
    },
  };
}

export type ScheduleLedgerRepo = ReturnType<typeof createScheduleLedgerRepo>;
