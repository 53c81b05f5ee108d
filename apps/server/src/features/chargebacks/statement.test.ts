import { describe, expect, it } from 'vitest';
import { lineOf, statementOf, totalsOf } from './statement';

const base = {
  showback_id: 'sb',
  showback_name: 'Teams',
  month: '2026-10',
  cost_type: 'amortized' as const,
  currency: 'EUR',
  markups: { web: 10 },
  shared_cost_line: true,
};
const WEB = { value: 'web', direct: 45, shared: 7.71, markup_percent: 10 };
const DB = { value: 'db', direct: 60, shared: 10.29, markup_percent: -5 };
const raw = [WEB, DB];
const parts = { row: null, base, raw, previous: null, supersededById: null, visible: null };

describe('statement lines', () => {
  it('keeps markups apart from the subtotal and folds shared cost when asked', () => {
    expect(lineOf(WEB, true, null)).toMatchObject({ subtotal: 52.71, direct: 45, shared: 7.71 });
    expect(lineOf(WEB, true, null).markup).toBeCloseTo(5.271, 9);
    expect(lineOf(WEB, false, null)).toMatchObject({
      direct: 52.71,
      shared: 0,
      subtotal: 52.71,
    });
  });

  it('compares with the version it replaces, a value missing there counting as 0', () => {
    const previous = totalsOf([{ value: 'web', direct: 40, shared: 0, markup_percent: 10 }]);
    expect(lineOf(WEB, true, previous).previous_total).toBeCloseTo(44, 9);
    expect(lineOf(DB, true, previous)).toMatchObject({ previous_total: 0 });
  });

  it('reconciles the lines and Unallocated with the scope total, to the cent', () => {
    const s = statementOf({ ...parts, frozen: { unallocated: 12, scope_total: 135 } });
    expect(s.lines.map((l) => l.value)).toEqual(['db', 'web']);
    expect(s.subtotal).toBeCloseTo(123, 9);
    expect(s.difference_cents).toBe(0);
    expect(statementOf({ ...parts, frozen: { unallocated: 12, scope_total: 135.02 } }).difference_cents).toBe(
      -2,
    );
  });

  it('shows a limited caller only their values, totals over them and no reconciliation', () => {
    const s = statementOf({
      ...parts,
      frozen: { unallocated: 12, scope_total: 135 },
      visible: new Set(['db']),
    });
    expect(s.lines.map((l) => l.value)).toEqual(['db']);
    expect(s.total).toBeCloseTo(70.29 * 0.95, 9);
    expect(s).toMatchObject({ unallocated: null, scope_total: null, difference_cents: null });
  });
});
