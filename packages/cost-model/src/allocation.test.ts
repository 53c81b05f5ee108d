import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AllocationCell,
  type AllocationRule,
  allocateDay,
  fixedSplitProblem,
  moveBefore,
  reconciliationGapCents,
  splitAmount,
  UNALLOCATED,
  valueOfRaw,
} from './allocation';

const mapping = { combined: new Map([['web-1', 'web']]), hidden: new Set(['legacy']) };
const cell = (rule: string | null, raw: string | null, cost: number): AllocationCell => ({
  day: '2026-11-01',
  rule,
  raw,
  costs: [cost],
});

describe('splitAmount', () => {
  it('splits into whole cents by largest remainder, the parts adding up exactly', () => {
    expect(splitAmount(10, [1, 1, 1])).toEqual([3.34, 3.33, 3.33]);
    expect(splitAmount(1, [70, 30])).toEqual([0.7, 0.3]);
    expect(splitAmount(-10, [1, 1, 1]).reduce((a, b) => a + b, 0)).toBeCloseTo(-10, 9);
  });

  it('keeps the sub-cent rest on the heaviest part and splits evenly without weight', () => {
    expect(splitAmount(1.004, [1, 3])).toEqual([0.25, 0.754]);
    expect(splitAmount(2, [0, 0])).toEqual([1, 1]);
  });

  it('always adds up to the amount (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 8 }),
        (amount, weights) => {
          const parts = splitAmount(amount, weights);
          expect(parts).toHaveLength(weights.length);
          expect(Math.abs(parts.reduce((a, b) => a + b, 0) - amount)).toBeLessThan(1e-6);
        },
      ),
    );
  });
});

describe('moveBefore', () => {
  const rules = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  it('places a rule before another, or last', () => {
    expect(moveBefore(rules, 'c', 'a').map((r) => r.id)).toEqual(['c', 'a', 'b']);
    expect(moveBefore(rules, 'a', null).map((r) => r.id)).toEqual(['b', 'c', 'a']);
    expect(() => moveBefore(rules, 'a', 'zz')).toThrow();
  });
});

describe('valueOfRaw', () => {
  it('combines, hides and treats empty as absent', () => {
    expect(valueOfRaw('web-1', mapping)).toBe('web');
    expect(valueOfRaw('legacy', mapping)).toBeNull();
    expect(valueOfRaw('', mapping)).toBeNull();
    expect(valueOfRaw('db', mapping)).toBe('db');
  });
});

describe('allocateDay', () => {
  const share = (
    method: 'even' | 'fixed' | 'proportional',
    splits: { value: string; percent: number | null }[] = [],
  ): AllocationRule => ({
    id: 'shared',
    kind: 'share',
    method,
    splits,
  });

  it('assigns by rule, then by tag, the rest unallocated', () => {
    const rules: AllocationRule[] = [{ id: 'r1', kind: 'assign', target: 'data' }];
    const day = allocateDay(
      '2026-11-01',
      [cell('r1', 'web', 5), cell(null, 'web-1', 3), cell(null, 'legacy', 2), cell(null, null, 1)],
      rules,
      mapping,
      1,
    );
    expect(Object.fromEntries(day.direct)).toEqual({ data: [5], web: [3] });
    expect(day.unallocated).toEqual([3]);
    expect(day.total).toEqual([11]);
    expect(reconciliationGapCents(day)).toEqual([0]);
  });

  it('splits a shared pool evenly, by fixed percents or by direct cost', () => {
    const cells = [cell(null, 'web', 30), cell(null, 'db', 10), cell('shared', null, 8)];
    const shared = (rule: AllocationRule) =>
      Object.fromEntries(allocateDay('d', cells, [rule], mapping, 1).shared);
    expect(shared(share('even'))).toEqual({ db: [4], web: [4] });
    expect(shared(share('proportional'))).toEqual({ db: [2], web: [6] });
    expect(
      shared(
        share('fixed', [
          { value: 'web', percent: 25 },
          { value: 'db', percent: 75 },
        ]),
      ),
    ).toEqual({ web: [2], db: [6] });
  });

  it('leaves a pool unallocated when no value takes it', () => {
    const day = allocateDay('d', [cell('shared', null, 8)], [share('even')], mapping, 1);
    expect(day.unallocated).toEqual([8]);
    expect(day.shared.size).toBe(0);
    expect(UNALLOCATED).toBe('Unallocated');
  });
});

describe('fixedSplitProblem', () => {
  it('wants distinct values whose percents add up to 100', () => {
    expect(
      fixedSplitProblem([
        { value: 'a', percent: 60 },
        { value: 'b', percent: 40 },
      ]),
    ).toBeNull();
    expect(fixedSplitProblem([{ value: 'a', percent: 60 }])).toMatch(/not 100/);
    expect(
      fixedSplitProblem([
        { value: 'a', percent: 50 },
        { value: 'a', percent: 50 },
      ]),
    ).toMatch(/once/);
    expect(fixedSplitProblem([])).toMatch(/at least one/);
  });
});
