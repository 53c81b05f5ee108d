import { type CostSeries, OTHERS_KEY } from '@finlens/contracts/cost-query';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldTopN } from './top-n';

const series = [5, 50, 1, 20].map((total, i) => ({ key: `g${i}`, label: `G${i}`, costs: [total], total }));

describe('foldTopN', () => {
  it('keeps the largest groups and sums the rest into Others', () => {
    const folded = foldTopN(series, 2);
    expect(folded.map((s) => [s.key, s.total])).toEqual([
      ['g1', 50],
      ['g3', 20],
      [OTHERS_KEY, 6],
    ]);
    expect(folded[2]).toMatchObject({ label: 'Others', costs: [6] });
  });

  it('merges an Others already there into the new one', () => {
    const withOthers = [...series, { key: OTHERS_KEY, label: 'Others', costs: [100], total: 100 }];
    expect(foldTopN(withOthers, 3).map((s) => [s.key, s.total])).toEqual([
      ['g1', 50],
      ['g3', 20],
      ['g0', 5],
      [OTHERS_KEY, 101],
    ]);
  });

  it('sorts and adds no Others when the groups fit', () => {
    expect(foldTopN(series, 4).map((s) => s.key)).toEqual(['g1', 'g3', 'g0', 'g2']);
    expect(foldTopN([], 3)).toEqual([]);
  });

  it('keeps every cent, period by period, and at most n + 1 series', () => {
    const costs = fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 3, maxLength: 3 });
    const input = fc.array(costs, { maxLength: 12 }).map((rows): CostSeries[] =>
      rows.map((c, i) => ({
        key: i === 0 ? OTHERS_KEY : `g${i}`,
        label: `G${i}`,
        costs: c,
        total: c.reduce((sum, x) => sum + x, 0),
      })),
    );
    fc.assert(
      fc.property(input, fc.integer({ min: 1, max: 5 }), (all, n) => {
        const folded = foldTopN(all, n);
        expect(folded.length).toBeLessThanOrEqual(n + 1);
        for (const i of [0, 1, 2]) {
          const sum = (list: CostSeries[]) => list.reduce((acc, s) => acc + (s.costs[i] ?? 0), 0);
          expect(sum(folded)).toBe(sum(all));
        }
      }),
    );
  });
});
