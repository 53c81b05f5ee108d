import type { ColumnType, Generated } from 'kysely';

type Json<T> = ColumnType<T, string, string>;
type Stamp = ColumnType<Date, Date | string, Date | string>;

export interface RuleSettingsTable {
  client_id: string;
  rule_key: string;
  enabled: boolean;
  thresholds: Json<Record<string, number>>;
  updated_at: Stamp;
  updated_by: string | null;
}

export type EvaluationTrigger = 'collection' | 'import' | 'rule-change' | 'manual';

export interface RuleEvaluationsTable {
  id: Generated<string>;
  project_id: string;
  trigger: EvaluationTrigger;
  started_at: Stamp;
  finished_at: Stamp;
  resources: number;
  violations: number;
  duration_ms: number;
}

export interface RecommendationsTable {
  id: string;
  project_id: string;
  rule_key: string;
  account_id: string;
  region: string;
  resource_id: string;
  estimated_monthly_saving: number;
  on_demand_monthly_saving: number;
  body: Json<Record<string, unknown>>;
  first_seen_at: Stamp;
  evaluated_at: Stamp;
  resolved_at: Stamp | null;
}

export interface ViolationEventsTable {
  id: Generated<string>;
  recommendation_id: string;
  project_id: string;
  rule_key: string;
  event: 'opened' | 'changed' | 'resolved';
  at: Stamp;
  account_id: string;
  region: string;
  resource_id: string;
  resource_name: string | null;
  estimated_monthly_saving: number;
  previous_monthly_saving: number | null;
  cause: Json<unknown> | null;
}

export interface RuleDailyTable {
  project_id: string;
  rule_key: string;
  day: ColumnType<string, string, string>;
  open_violations: number;
  cost_at_stake: number;
}

/** The recommendations tables, merged into AppTables (db/tables.ts). */
export interface RecommendationTables {
  rule_settings: RuleSettingsTable;
  rule_evaluations: RuleEvaluationsTable;
  recommendations: RecommendationsTable;
  violation_events: ViolationEventsTable;
  rule_daily: RuleDailyTable;
}
