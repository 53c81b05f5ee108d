import type { LedgerEntry } from '@finlens/contracts/savings-ledger';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { orderAgainstWaiting } from '../../platform/event-loop.test-helper';
import { ledgerCsv, ledgerTotals } from './ledger-totals';
import type { LedgerEntryRow } from './savings-ledger.tables';

const ENTRY: LedgerEntry = {
  ...{ id: 'e', source: 'recommendation', recommendation_id: 'r', schedule_id: null, closed_at: null },
  ...{ type: 'ec2-idle', title: '=HYPERLINK("x")', project_id: 'p' },
  ...{ account_id: '111', region: 'us-east-1', resource_id: 'i-1', resource_kind: 'ec2-instance' },
  ...{ state: 'verified', status_reason: null, snoozed_until: null, showback_values: [] },
  ...{ estimated_monthly_saving: 30, on_demand_monthly_saving: 45, current_monthly_cost: 30 },
  ...{ proposed_by: 'a@example.com', approved_by: 'system', applied_at: '2026-03-01T00:00:00.000Z' },
  ...{ applied_via: 'cloud', apply_status: 'succeeded', apply_error: null, safety_snapshot_id: null },
  verification: {
    ...{ outcome: 'regressed', rate_before: 1, rate_after: 1.5, before_days: 14, after_days: 7 },
    ...{ realised_monthly_saving: -15, realised_to_date: -3.5, billed_through: '2026-03-20' },
    verified_at: '2026-03-21T00:00:00.000Z',
  },
  ...{ available_actions: [], updated_at: '2026-03-21T00:00:00.000Z' },
};

describe('savings ledger CSV', () => {
  it('is written through the shared export: every entry in order, a waiting request answered meanwhile', async () => {
    const entries = Array.from({ length: 3_000 }, (_, i) => ({ ...ENTRY, recommendation_id: `r-${i}` }));
    const { order, result: csv } = await orderAgainstWaiting(() => ledgerCsv(entries));
    expect(order).toEqual(['waiting request', 'done']);
    const records = parse(csv, { columns: true }) as Record<string, string>[];
    expect(records.map((r) => r.recommendation_id)).toEqual(entries.map((e) => e.recommendation_id));
    expect(records[0]).toMatchObject({
      title: `'=HYPERLINK("x")`,
      realised_monthly_saving: '-15',
      realised_to_date: '-3.5',
      verification: 'regressed',
    });
  });
});

/** A stored entry: only what the totals read matters. */
function row(fields: Partial<LedgerEntryRow> & Pick<LedgerEntryRow, 'state' | 'estimated_monthly_saving'>) {
  return {
    account_id: '111',
    accepted_at: new Date('2026-03-02T00:00:00Z'),
    closed_at: null,
    showback_values: [],
    verification: null,
    ...fields,
  } as LedgerEntryRow;
}

const verified = (realised: number, toDate: number) =>
  ({ realised_monthly_saving: realised, realised_to_date: toDate }) as LedgerEntryRow['verification'];

describe('savings ledger totals', () => {
  const teams = (...values: string[]) =>
    values.map((value) => ({ showback_id: 's1', showback_name: 'Teams', value }));
  const entries = [
    row({
      state: 'verified',
      estimated_monthly_saving: 30,
      verification: verified(28, 7),
      showback_values: teams('web'),
    }),
    row({
      state: 'applied',
      estimated_monthly_saving: 20,
      account_id: '222',
      showback_values: teams('web', 'data'),
    }),
    row({ state: 'accepted', estimated_monthly_saving: 10, accepted_at: new Date('2026-04-01T00:00:00Z') }),
    // Neither acted on nor counted.
    row({ state: 'open', estimated_monthly_saving: 500, accepted_at: null }),
    row({ state: 'dismissed', estimated_monthly_saving: 400, accepted_at: null }),
  ];
  const keyed = (group: 'month' | 'account' | 'showback_value') =>
    ledgerTotals(entries, group).rows.map((r) => [
      r.key,
      r.entries,
      r.estimated_monthly_saving,
      r.applied_monthly_saving,
      r.realised_monthly_saving,
    ]);

  it('adds estimated, applied and realised savings per month accepted, per account and per showback value', () => {
    const totals = ledgerTotals(entries, 'account');
    expect(totals).toMatchObject({
      estimated_monthly_saving: 60,
      applied_monthly_saving: 50,
      realised_monthly_saving: 28,
      realised_to_date: 7,
    });
    expect(keyed('month')).toEqual([
      ['2026-03', 2, 50, 50, 28],
      ['2026-04', 1, 10, 0, 0],
    ]);
    expect(keyed('account')).toEqual([
      ['111', 2, 40, 30, 28],
      ['222', 1, 20, 20, 0],
    ]);
    // An entry in two values counts under each; one in none under its own row.
    expect(keyed('showback_value')).toEqual([
      ['(no showback value)', 1, 10, 0, 0],
      ['Teams: data', 1, 20, 20, 0],
      ['Teams: web', 2, 50, 50, 28],
    ]);
  });

  it('stops counting a closed entry each month, keeping what it realised to date', () => {
    const closed = row({
      state: 'verified',
      estimated_monthly_saving: 30,
      verification: verified(28, 7),
      closed_at: new Date('2026-04-01T00:00:00Z'),
    });
    expect(ledgerTotals([closed], 'month')).toMatchObject({
      realised_monthly_saving: 0,
      realised_to_date: 7,
    });
  });
});
