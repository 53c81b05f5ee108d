import type { RecommendationType } from '@finlens/contracts/recommendations';
import type { LedgerSource, LedgerState } from '@finlens/contracts/savings-ledger';
import type { ColumnType, Generated, Selectable } from 'kysely';

type Json<T> = ColumnType<T, string, string>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** What the entry keeps of the recommendation's action, and what applying found before it changed anything. */
export interface StoredAction {
  kind: string;
  description: string;
  target: Record<string, string | number>;
  reversible: boolean;
}

export interface ApplyPlan {
  /** The resource's state when applying started (an instance stopped for a resize is started again only if it ran). */
  initialState: string | null;
  via: 'simulated' | 'aws';
  /** A NAT gateway's public address when applying started (its Elastic IP is released after it). */
  address?: string | null;
  /** The volumes attached to an instance to terminate when applying started. */
  volumes?: string[];
}

export interface StoredVerification {
  outcome: 'pending' | 'verified' | 'regressed' | 'unchanged';
  rate_before: number;
  rate_after: number;
  before_days: number;
  after_days: number;
  realised_monthly_saving: number;
  realised_to_date: number;
  billed_through: string;
  verified_at: string;
}

export interface SavingsLedgerEntriesTable {
  id: Generated<string>;
  client_id: string;
  project_id: string;
  /** Migration 2026_11_26_2130: a schedule's entries have none. */
  recommendation_id: string | null;
  source: ColumnType<LedgerSource, LedgerSource | undefined, LedgerSource>;
  schedule_id: string | null;
  closed_at: Stamp | null;
  type: string;
  title: string;
  account_id: string;
  region: string;
  resource_id: string;
  resource_kind: string | null;
  action: Json<StoredAction>;
  tags: Json<Record<string, string>>;
  showback_values: Json<{ showback_id: string; showback_name: string; value: string }[]>;
  estimated_monthly_saving: number;
  on_demand_monthly_saving: number;
  current_monthly_cost: number;
  state: LedgerState;
  status_reason: string | null;
  snoozed_until: string | null;
  proposed_by: string | null;
  accepted_at: Stamp | null;
  approved_by: string | null;
  applied_at: Stamp | null;
  applied_via: 'cloud' | 'manual' | null;
  apply_status: Generated<'idle' | 'running' | 'succeeded' | 'failed'>;
  apply_error: string | null;
  apply_plan: Json<ApplyPlan> | null;
  safety_snapshot_id: string | null;
  verification: Json<StoredVerification> | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface SavingsLedgerEventsTable {
  id: Generated<string>;
  entry_id: string;
  action: string;
  from_state: LedgerState;
  to_state: LedgerState;
  actor: string;
  note: string | null;
  detail: Json<Record<string, unknown>>;
  at: Stamp;
}

export interface RemediationPoliciesTable {
  client_id: string;
  rule_key: RecommendationType;
  auto_apply: boolean;
  approval: 'admin' | 'automatic';
  account_ids: Json<string[]>;
  tags: Json<{ key: string; value: string }[]>;
  updated_at: Stamp;
}

/** The ledger's tables, merged into AppTables (db/tables.ts). */
export interface SavingsLedgerTables {
  savings_ledger_entries: SavingsLedgerEntriesTable;
  savings_ledger_events: SavingsLedgerEventsTable;
  remediation_policies: RemediationPoliciesTable;
}

export type LedgerEntryRow = Selectable<SavingsLedgerEntriesTable>;
export type LedgerEventRow = Selectable<SavingsLedgerEventsTable>;
