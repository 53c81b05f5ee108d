import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, never, never>;
/** JSON column: written as a JSON string, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

export interface ReportsTable {
  id: Generated<string>;
  client_id: string;
  owner_user_id: string;
  name: string;
  query: Json<unknown>;
  range_preset: string | null;
  chart_type: string;
  grid: Json<unknown>;
  visibility: 'private' | 'client';
  is_hidden: Generated<boolean>;
  share_code: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface ReportSchedulesTable {
  report_id: string;
  frequency: 'daily' | 'weekly' | 'monthly';
  days_of_week: Json<number[]>;
  day_of_month: number | null;
  time: string;
  time_zone: string;
  recipients: Json<{ user_ids: string[]; emails: string[] }>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface ReportSendsTable {
  id: Generated<string>;
  report_id: string;
  slot: ColumnType<Date, Date | string, Date | string>;
  trigger: 'schedule' | 'manual';
  status: 'sending' | 'sent' | 'failed';
  attempts: Generated<number>;
  recipients: Json<string[]>;
  error: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** The reports feature's tables, merged into AppTables (db/tables.ts). */
export interface ReportsTables {
  reports: ReportsTable;
  report_schedules: ReportSchedulesTable;
  report_sends: ReportSendsTable;
}

export type ReportRow = Selectable<ReportsTable>;
export type ReportScheduleRow = Selectable<ReportSchedulesTable>;
export type ReportSendRow = Selectable<ReportSendsTable>;
