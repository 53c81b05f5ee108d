import type { WorkloadTarget } from '@finlens/contracts/kubernetes';
import type { SchedulerResources } from '@finlens/contracts/scheduler';
import type { ColumnType, Generated, Selectable } from 'kysely';

type Json<T> = ColumnType<T, string, string>;
type Stamp = ColumnType<Date, Date | string, Date | string>;

export interface StoredWindow {
  start: number;
  end: number;
}

export interface SchedulerSchedulesTable {
  id: Generated<string>;
  client_id: string;
  project_id: string;
  name: string;
  account_number: string | null;
  target: string | null;
  time_zone: string;
  windows: Json<StoredWindow[]>;
  resources: Json<SchedulerResources>;
  /** Kubernetes workloads (migration 2026_11_26_1600; '[]' by default). */
  workloads: ColumnType<WorkloadTarget[], string | undefined, string>;
  hibernate: boolean;
  enforced: boolean;
  enabled: boolean;
  tag_key: string;
  tag_value: string | null;
  holidays: Json<string[]>;
  holiday_country: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SchedulerOverridesTable {
  id: Generated<string>;
  schedule_id: string;
  resource_kind: string | null;
  resource_id: string | null;
  running: boolean;
  starts_at: Stamp;
  ends_at: Stamp;
  created_by: string | null;
  created_at: Generated<Date>;
}

export interface SchedulerOneOffsTable {
  id: Generated<string>;
  client_id: string;
  project_id: string;
  account_number: string | null;
  action: 'start' | 'stop';
  run_at: Stamp;
  resources: Json<SchedulerResources>;
  done_at: Stamp | null;
  /** Hold the resources until then (an override); null: until the schedule's next boundary. */
  hold_until: Stamp | null;
  created_by: string | null;
  created_at: Generated<Date>;
}

export interface SchedulerActionsTable {
  id: Generated<string>;
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
  intent_key: string;
  performed_at: Stamp;
  state_before: string | null;
  state_after: string | null;
  outcome: string;
  answer: Json<unknown>;
}

export interface SchedulerSavedSizesTable {
  schedule_id: string;
  account_id: string;
  region: string;
  kind: string;
  resource_id: string;
  min_size: number;
  desired_size: number;
  max_size: number;
}

/** The scheduler's tables, merged into AppTables (db/tables.ts). */
export interface SchedulerTables {
  scheduler_schedules: SchedulerSchedulesTable;
  scheduler_overrides: SchedulerOverridesTable;
  scheduler_one_offs: SchedulerOneOffsTable;
  scheduler_actions: SchedulerActionsTable;
  scheduler_saved_sizes: SchedulerSavedSizesTable;
}

export type ScheduleRow = Selectable<SchedulerSchedulesTable>;
export type OverrideRow = Selectable<SchedulerOverridesTable>;
export type OneOffRow = Selectable<SchedulerOneOffsTable>;
export type ActionRow = Selectable<SchedulerActionsTable>;
