import type { ColumnType, Generated } from 'kysely';

/** JSON columns: written as a JSON string, read back parsed. */
type Json<T> = ColumnType<T, string, string>;
type CreatedAt = ColumnType<Date, never, never>;

export interface ShowbacksTable {
  id: Generated<string>;
  client_id: string;
  name: string;
  tag_keys: Json<string[]>;
  allocation_tag_type: 'tag' | 'label' | 'cost_allocation_tag';
  project_ids: ColumnType<string[] | null, string | null, string | null>;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface ShowbackCombinedValuesTable {
  id: Generated<string>;
  showback_id: string;
  name: string;
  combined_values: Json<string[]>;
}

export interface ShowbackHiddenValuesTable {
  showback_id: string;
  value: string;
}

export interface ShowbackAllocationRulesTable {
  id: Generated<string>;
  showback_id: string;
  position: number;
  name: string;
  kind: 'assign' | 'share';
  target_value: string | null;
  split_method: 'even' | 'fixed' | 'proportional' | null;
  created_at: CreatedAt;
}

export interface ShowbackRuleFiltersTable {
  id: Generated<string>;
  rule_id: string;
  filter: Json<unknown>;
  created_at: CreatedAt;
}

export interface ShowbackSharedSplitsTable {
  rule_id: string;
  value: string;
  percent: number | null;
}

export interface ShowbackDailyUnitsTable {
  showback_id: string;
  value: string;
  date: string;
  units: number;
}

export interface ShowbackValueGrantsTable {
  showback_id: string;
  user_id: string;
  value: string;
}

/** The showback tables, merged into AppTables (db/tables.ts). */
export interface ShowbackTables {
  showbacks: ShowbacksTable;
  showback_combined_values: ShowbackCombinedValuesTable;
  showback_hidden_values: ShowbackHiddenValuesTable;
  showback_allocation_rules: ShowbackAllocationRulesTable;
  showback_rule_filters: ShowbackRuleFiltersTable;
  showback_shared_splits: ShowbackSharedSplitsTable;
  showback_daily_units: ShowbackDailyUnitsTable;
  showback_value_grants: ShowbackValueGrantsTable;
}
