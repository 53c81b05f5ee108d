import type { WorkloadTarget } from '@finlens/contracts/kubernetes';
import type { SchedulerResources } from '@finlens/contracts/scheduler';
import { type Kysely, sql } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { ActionRow, OneOffRow, OverrideRow, ScheduleRow, StoredWindow } from './scheduler.tables';

export interface ScheduleValues {
  client_id: string;
  project_id: string;
  name: string;
  account_number: string | null;
  target: string | null;
  time_zone: string;
  windows: StoredWindow[];
  resources: SchedulerResources;
  /** Kubernetes workloads; none when left out. */
  workloads?: WorkloadTarget[];
  hibernate: boolean;
  enforced: boolean;
  enabled: boolean;
  tag_key: string;
  tag_value: string | null;
  holidays: string[];
  holiday_country: string | null;
}

const asJson = (values: ScheduleValues) => ({
  ...values,
  windows: JSON.stringify(values.windows),
  resources: JSON.stringify(values.resources),
  workloads: JSON.stringify(values.workloads ?? []),
  holidays: JSON.stringify(values.holidays),
});

/** Schedules, overrides, one-off actions and the action log; only storage, no rules. */
export function createSchedulerRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    schedules(projectIds: readonly string[]): Promise<ScheduleRow[]> {
      if (projectIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('scheduler_schedules')
        .selectAll()
        .where('project_id', 'in', projectIds)
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    /** Every enabled schedule, for the reconciler. */
    enabledSchedules(): Promise<ScheduleRow[]> {
      return db
        .selectFrom('scheduler_schedules')
        .selectAll()
        .where('enabled', '=', true)
        .orderBy('id')
        .execute();
    },

    /** The name of a schedule whose workloads are on this cluster, or null. */
    async nameTargetingCluster(clusterId: string): Promise<string | null> {
      const row = await db
        .selectFrom('scheduler_schedules')
        .select('name')
        .where(sql<boolean>`workloads @> ${JSON.stringify([{ cluster: clusterId }])}::jsonb`)
        .orderBy('name')
        .executeTakeFirst();
      return row?.name ?? null;
    },

    async schedule(id: string): Promise<ScheduleRow | null> {
      return (
        (await db.selectFrom('scheduler_schedules').selectAll().where('id', '=', id).executeTakeFirst()) ??
        null
      );
    },

    async insert(values: ScheduleValues, createdBy: string | null): Promise<string> {
      const row = await db
        .insertInto('scheduler_schedules')
        .values({ ...asJson(values), created_by: createdBy })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: string, values: ScheduleValues): Promise<void> {
      await db
        .updateTable('scheduler_schedules')
        .set({ ...asJson(values), updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('scheduler_schedules').where('id', '=', id).execute();
    },

    /** Overrides of the schedules that end after `after` (active and future ones). */
    overrides(scheduleIds: readonly string[], after: Date): Promise<OverrideRow[]> {
      if (scheduleIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('scheduler_overrides')
        .selectAll()
        .where('schedule_id', 'in', scheduleIds)
        .where('ends_at', '>', after)
        .orderBy('starts_at')
        .execute();
    },

    async insertOverride(values: {
      schedule_id: string;
      resource_kind: string | null;
      resource_id: string | null;
      running: boolean;
      starts_at: Date;
      ends_at: Date;
      created_by: string | null;
    }): Promise<OverrideRow> {
      return db.insertInto('scheduler_overrides').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async removeOverride(scheduleId: string, overrideId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('scheduler_overrides')
        .where('schedule_id', '=', scheduleId)
        .where('id', '=', overrideId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    actions(scheduleId: string, limit: number) {
      return db
        .selectFrom('scheduler_actions')
        .selectAll()
        .where('schedule_id', '=', scheduleId)
        .orderBy('performed_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Overrides of one schedule that overlap [from, to), expired ones included (the timeline). */
    overridesBetween(scheduleId: string, from: Date, to: Date): Promise<OverrideRow[]> {
      return db
        .selectFrom('scheduler_overrides')
        .selectAll()
        .where('schedule_id', '=', scheduleId)
        .where('ends_at', '>', from)
        .where('starts_at', '<', to)
        .orderBy('starts_at')
        .execute();
    },

    /** Each resource's newest successful action of these schedules since `since` that left a state (the port's answer). */
    lastStates(scheduleIds: readonly string[], since: Date) {
      if (scheduleIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('scheduler_actions')
        .distinctOn(['schedule_id', 'account_id', 'region', 'kind', 'resource_id'])
        .select(['schedule_id', 'account_id', 'region', 'kind', 'resource_id', 'state_after', 'performed_at'])
        .where('schedule_id', 'in', [...scheduleIds])
        .where('performed_at', '>=', since)
        .where('outcome', '=', 'succeeded')
        .where('state_after', 'is not', null)
        .orderBy('schedule_id')
        .orderBy('account_id')
        .orderBy('region')
        .orderBy('kind')
        .orderBy('resource_id')
        .orderBy('performed_at', 'desc')
        .execute();
    },

    /** The newest log rows before `to`, oldest first (what the scheduler saw up to then). */
    async actionsBefore(scheduleId: string, to: Date, limit = 5000): Promise<ActionRow[]> {
      const rows = await db
        .selectFrom('scheduler_actions')
        .selectAll()
        .where('schedule_id', '=', scheduleId)
        .where('performed_at', '<', to)
        .orderBy('performed_at', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse();
    },

    async insertOneOff(values: {
      client_id: string;
      project_id: string;
      account_number: string | null;
      action: 'start' | 'stop';
      run_at: Date;
      hold_until: Date | null;
      resources: SchedulerResources;
      created_by: string | null;
    }): Promise<OneOffRow> {
      return db
        .insertInto('scheduler_one_offs')
        .values({ ...values, resources: JSON.stringify(values.resources) })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    oneOffs(projectIds: readonly string[]): Promise<OneOffRow[]> {
      if (projectIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('scheduler_one_offs')
        .selectAll()
        .where('project_id', 'in', projectIds)
        .orderBy('run_at', 'desc')
        .execute();
    },
  };
}

export type SchedulerRepo = ReturnType<typeof createSchedulerRepo>;
