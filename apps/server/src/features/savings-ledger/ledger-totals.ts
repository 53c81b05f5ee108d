import { LEDGER_CSV_COLUMNS, type LedgerEntry, type LedgerTotals } from '@finlens/contracts/savings-ledger';
import { csvExport } from '../../platform/http/csv-export';
import type { LedgerEntryRow } from './savings-ledger.tables';

type Group = LedgerTotals['group_by'];
type Row = LedgerTotals['rows'][number];

const COMMITTED = new Set(['accepted', 'approved', 'applied', 'verified', 'regressed']);
const APPLIED = new Set(['applied', 'verified', 'regressed']);

function keysOf(entry: LedgerEntryRow, group: Group): string[] {
  switch (group) {
    case 'month':
      return [
        entry.accepted_at === null ? 'not accepted' : new Date(entry.accepted_at).toISOString().slice(0, 7),
      ];
    case 'account':
      return [entry.account_id];
    case 'showback_value':
      return entry.showback_values.length === 0
        ? ['(no showback value)']
        : entry.showback_values.map((v) => `${v.showback_name}: ${v.value}`);
  }
}

function add(row: Row, entry: LedgerEntryRow): void {
  row.entries += 1;
  row.estimated_monthly_saving += entry.estimated_monthly_saving;
  if (APPLIED.has(entry.state)) row.applied_monthly_saving += entry.estimated_monthly_saving;
  // A closed entry (its resource left its schedule) saves no more each month; what it saved stays.
  if (entry.state === 'verified' && entry.closed_at === null)
    row.realised_monthly_saving += entry.verification?.realised_monthly_saving ?? 0;
  row.realised_to_date += entry.verification?.realised_to_date ?? 0;
}

const emptyRow = (key: string): Row => ({
  key,
  estimated_monthly_saving: 0,
  applied_monthly_saving: 0,
  realised_monthly_saving: 0,
  realised_to_date: 0,
  entries: 0,
});

/** Estimated (accepted or further), applied and realised savings per month, account or showback value. */
export function ledgerTotals(entries: readonly LedgerEntryRow[], group: Group): LedgerTotals {
  const rows = new Map<string, Row>();
  const total = emptyRow('total');
  for (const entry of entries) {
    if (!COMMITTED.has(entry.state)) continue;
    add(total, entry);
    for (const key of keysOf(entry, group)) {
      const row = rows.get(key) ?? emptyRow(key);
      add(row, entry);
      rows.set(key, row);
    }
  }
  return {
    group_by: group,
    rows: [...rows.values()].sort((a, b) => a.key.localeCompare(b.key)),
    estimated_monthly_saving: total.estimated_monthly_saving,
    applied_monthly_saving: total.applied_monthly_saving,
    realised_monthly_saving: total.realised_monthly_saving,
    realised_to_date: total.realised_to_date,
  };
}

/** Every entry as CSV, LEDGER_CSV_COLUMNS in order (a formula-looking cell gets a leading quote). */
export function ledgerCsv(entries: readonly LedgerEntry[]): Promise<string> {
  const cells = (entry: LedgerEntry) => {
    const values: Record<(typeof LEDGER_CSV_COLUMNS)[number], string | number | null> = {
      source: entry.source,
      recommendation_id: entry.recommendation_id,
      schedule_id: entry.schedule_id,
      type: entry.type,
      title: entry.title,
      account_id: entry.account_id,
      region: entry.region,
      resource_id: entry.resource_id,
      state: entry.state,
      estimated_monthly_saving: entry.estimated_monthly_saving,
      on_demand_monthly_saving: entry.on_demand_monthly_saving,
      realised_monthly_saving: entry.verification?.realised_monthly_saving ?? null,
      realised_to_date: entry.verification?.realised_to_date ?? null,
      proposed_by: entry.proposed_by,
      approved_by: entry.approved_by,
      applied_at: entry.applied_at,
      applied_via: entry.applied_via,
      verification: entry.verification?.outcome ?? null,
    };
    return LEDGER_CSV_COLUMNS.map((column) => values[column] ?? '');
  };
  return csvExport(LEDGER_CSV_COLUMNS, entries, cells);
}
