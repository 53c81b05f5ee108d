import type { MembershipRole } from '@finlens/contracts/roles';
import type { LedgerEntry, LedgerEvent } from '@finlens/contracts/savings-ledger';
import { availableActions } from '@finlens/cost-model/savings-ledger';
import type { NewEntry, RecommendationFinding } from './savings-ledger.repo';
import type { LedgerEntryRow, LedgerEventRow } from './savings-ledger.tables';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** An entry's ledger fields before anyone acted on it. */
export const NOT_ACTED_ON = {
  status_reason: null,
  snoozed_until: null,
  proposed_by: null,
  accepted_at: null,
  approved_by: null,
  applied_at: null,
  applied_via: null,
  apply_error: null,
  apply_plan: null,
  safety_snapshot_id: null,
  verification: null,
} as const;

/** The entry a recommendation starts as: open, with its saving and action as the rules engine found them. */
export function entryFromRecommendation(
  rec: RecommendationFinding,
): NewEntry & { recommendation_id: string } {
  return {
    project_id: rec.project_id,
    recommendation_id: rec.id,
    type: rec.type,
    title: rec.title,
    account_id: rec.account_id,
    region: rec.region,
    resource_id: rec.resource_id,
    resource_kind: rec.resource_kind,
    action: JSON.stringify(rec.action),
    tags: JSON.stringify(rec.tags),
    showback_values: JSON.stringify(rec.showback_values),
    estimated_monthly_saving: rec.saving.estimated_monthly_saving,
    on_demand_monthly_saving: rec.saving.on_demand_monthly_saving,
    current_monthly_cost: rec.saving.current_monthly_cost,
    state: 'open',
    ...NOT_ACTED_ON,
  };
}

/** The API's entry, with the buttons the caller's role has now. */
export function toEntry(row: LedgerEntryRow, role: MembershipRole): LedgerEntry {
  return {
    id: row.id,
    source: row.source,
    recommendation_id: row.recommendation_id,
    schedule_id: row.schedule_id,
    closed_at: iso(row.closed_at),
    type: row.type,
    title: row.title,
    project_id: row.project_id,
    account_id: row.account_id,
    region: row.region,
    resource_id: row.resource_id,
    resource_kind: row.resource_kind,
    state: row.state,
    status_reason: row.status_reason,
    snoozed_until: row.snoozed_until,
    estimated_monthly_saving: row.estimated_monthly_saving,
    on_demand_monthly_saving: row.on_demand_monthly_saving,
    current_monthly_cost: row.current_monthly_cost,
    showback_values: row.showback_values,
    proposed_by: row.proposed_by,
    approved_by: row.approved_by,
    applied_at: iso(row.applied_at),
    applied_via: row.applied_via,
    apply_status: row.apply_status,
    apply_error: row.apply_error,
    safety_snapshot_id: row.safety_snapshot_id,
    verification: row.verification,
    // A schedule's entry follows its schedule: nobody moves it by hand.
    available_actions:
      row.apply_status === 'running' || row.source === 'schedule' ? [] : availableActions(row.state, role),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export function toEvent(row: LedgerEventRow): LedgerEvent {
  return {
    id: row.id,
    action: row.action as LedgerEvent['action'],
    from_state: row.from_state,
    to_state: row.to_state,
    actor: row.actor,
    note: row.note,
    detail: row.detail,
    at: new Date(row.at).toISOString(),
  };
}
