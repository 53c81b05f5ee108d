import type { LedgerEntry } from '@finlens/contracts/savings-ledger';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { orderAgainstWaiting } from '../../platform/event-loop.test-helper';
import { ledgerCsv } from './ledger-totals';

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
