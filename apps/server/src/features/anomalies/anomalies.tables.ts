import type { ColumnType, Generated, Selectable } from 'kysely';

type Json<T> = ColumnType<T, string, string>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AnomaliesTable {
  id: Generated<string>;
  client_id: string;
  dimension: 'account' | 'service' | 'usage_type';
  scope_key: string;
  start_date: string;
  end_date: string;
  actual_cost: number;
  expected_cost: number;
  score: number;
  severity: 'warning' | 'critical';
  status: Generated<'open' | 'acknowledged' | 'dismissed' | 'expected'>;
  reason: string | null;
  status_changed_by: string | null;
  status_changed_at: Stamp | null;
  drivers: Json<{ resource_id: string | null; cost: number }[]>;
  explorer: Json<Record<string, string>>;
  detected_at: Stamp;
  updated_at: Stamp;
}

export interface AnomalyDetectionRunsTable {
  client_id: string;
  started_at: Stamp;
  finished_at: Stamp | null;
  as_of: string | null;
}

/** The anomaly tables, merged into AppTables (db/tables.ts). */
export interface AnomalyTables {
  anomalies: AnomaliesTable;
  anomaly_detection_runs: AnomalyDetectionRunsTable;
}

export type AnomalyRow = Selectable<AnomaliesTable>;
