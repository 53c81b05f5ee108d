import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, never, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** jsonb: written as a JSON string, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

export interface CostTargetsTable {
  id: Generated<string>;
  client_id: string;
  name: string;
  scope: Json<{ filters: unknown[]; project_ids?: string[] }>;
  cost_type: string;
  period: 'MONTHLY' | 'QUARTERLY' | 'YEARLY';
  start_date: string;
  end_date: string | null;
  budget_type: 'top_down' | 'bottom_up';
  amount: number | null;
  created_by: string | null;
  evaluated_at: Timestamp | null;
  /** Moved forward by every change of the target, its plan or its alerts (a version: see markEvaluated). */
  edited_at: ColumnType<Date, never, Date | string>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface CostTargetPlanningsTable {
  id: Generated<string>;
  cost_target_id: string;
  /** YYYY-MM */
  month: string;
  amount: number;
  updated_at: Generated<Date>;
}

export interface CostTargetPlanningHistoryTable {
  id: Generated<string>;
  cost_target_id: string;
  month: string;
  source: 'manual' | 'csv' | 'lookback' | 'growth';
  before: number | null;
  after: number | null;
  changed_by: string | null;
  changed_at: CreatedAt;
}

export interface CostTargetAlertsTable {
  id: Generated<string>;
  cost_target_id: string;
  basis: 'actual' | 'forecast';
  threshold_type: 'percent' | 'amount';
  threshold: number;
  frequency: 'immediately' | 'daily' | 'weekly';
  recipients: Json<{ user_ids: string[]; emails: string[]; channel_ids: string[] }>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface CostTargetFiredAlertsTable {
  id: Generated<string>;
  alert_id: string;
  period_start: string;
  threshold: number;
  value: number;
  budget: number;
  message: Json<unknown>;
  fired_at: CreatedAt;
  notified_at: Timestamp | null;
}

/** The cost-target tables, merged into AppTables (db/tables.ts). */
export interface CostTargetTables {
  cost_targets: CostTargetsTable;
  cost_target_plannings: CostTargetPlanningsTable;
  cost_target_planning_history: CostTargetPlanningHistoryTable;
  cost_target_alerts: CostTargetAlertsTable;
  cost_target_fired_alerts: CostTargetFiredAlertsTable;
}
