import { describe, expect, it } from 'vitest';
import { TEAMS_DETAIL, TEAMS_SERIES } from './showback-fixtures.test-helper';
import { formatUnitCost, moveTarget, reorder, totalRow, valueChoices, valueRows } from './showback-view';

const IDS = ['a', 'b', 'c', 'd'];

describe('moveTarget', () => {
  it('moving up places the rule before the one now at the new index', () => {
    expect(moveTarget(IDS, 2, 1)).toEqual({ rule_id: 'c', target_rule_id: 'b' });
    expect(moveTarget(IDS, 3, 0)).toEqual({ rule_id: 'd', target_rule_id: 'a' });
  });
  it('moving down places it before the one after the new index, or last', () => {
    expect(moveTarget(IDS, 0, 1)).toEqual({ rule_id: 'a', target_rule_id: 'c' });
    expect(moveTarget(IDS, 1, 3)).toEqual({ rule_id: 'b', target_rule_id: null });
  });
  it('nothing moves in place or out of bounds', () => {
    expect(moveTarget(IDS, 1, 1)).toBeNull();
    expect(moveTarget(IDS, 0, -1)).toBeNull();
    expect(moveTarget(IDS, 3, 4)).toBeNull();
  });
  it('agrees with reorder: the moved rule lands right before its target', () => {
    for (let from = 0; from < IDS.length; from++) {
      for (let to = 0; to < IDS.length; to++) {
        const move = moveTarget(IDS, from, to);
        if (move === null) continue;
        const next = reorder(IDS, from, to);
        const after = next[next.indexOf(move.rule_id) + 1] ?? null;
        expect(after).toBe(move.target_rule_id);
      }
    }
  });
});

describe('valueRows', () => {
  it('joins the series with cost_distribution and Unallocated, and totals every column', () => {
    const rows = valueRows(TEAMS_SERIES, TEAMS_DETAIL);
    expect(rows.map((r) => [r.value, r.total, r.prev_total, r.forecast])).toEqual([
      ['db', 60, 55, 440],
      ['web', 45, 40, 330],
      ['Unallocated', 15, 12, 110],
    ]);
    const total = totalRow(rows, TEAMS_SERIES.periods);
    expect(total).toMatchObject({ total: 120, prev_total: 107, forecast: 880 });
    expect(total.periods['2026-11-02']).toBe(40);
  });
});

describe('unit costs', () => {
  it('carries units and unit cost per value; the total row sums no units (they differ per value)', () => {
    const detail = {
      ...TEAMS_DETAIL,
      cost_distribution: TEAMS_DETAIL.cost_distribution.map((e) =>
        e.value === 'web' ? { ...e, units: 9000, unit_cost: 45 / 9000 } : e,
      ),
    };
    const rows = valueRows(TEAMS_SERIES, detail);
    expect(rows.map((r) => [r.value, r.units, r.unit_cost])).toEqual([
      ['db', null, null],
      ['web', 9000, 0.005],
      ['Unallocated', null, null],
    ]);
    expect(totalRow(rows, TEAMS_SERIES.periods)).toMatchObject({ units: null, unit_cost: null });
  });

  it('shows cents, or three significant digits below a cent', () => {
    expect(formatUnitCost(1.5)).toBe('$1.50');
    expect(formatUnitCost(0.005)).toBe('$0.005');
    expect(formatUnitCost(0.0012345)).toBe('$0.00123');
    expect(formatUnitCost(null)).toBe('-');
  });

  it('offers the configured values and those with cost, once each', () => {
    expect(valueChoices(['web', 'ops'], TEAMS_DETAIL)).toEqual(['db', 'ops', 'web']);
    expect(valueChoices(['web'], undefined)).toEqual(['web']);
  });
});
