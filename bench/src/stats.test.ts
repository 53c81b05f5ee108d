import { describe, expect, it } from 'vitest';
import { percentile, sample, sampleInTurns, summarise } from './stats';

describe('bench statistics', () => {
  it('uses nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile([7], 95)).toBe(7);
    expect(() => percentile([], 50)).toThrow(/empty/);
  });

  it('summarises unsorted samples', () => {
    expect(summarise([5, 1, 3, 2, 4])).toEqual({ runs: 5, p50Ms: 3, p95Ms: 5, maxMs: 5 });
  });

  it('times every run after the warm-up', async () => {
    let calls = 0;
    const times = await sample(
      () => {
        calls += 1;
      },
      4,
      2,
    );
    expect(calls).toBe(6);
    expect(times).toHaveLength(4);
  });

  it('takes turns between functions and times each after the warm-up', async () => {
    const calls: string[] = [];
    const times = await sampleInTurns([() => calls.push('a'), () => calls.push('b')], 2, 1);
    expect(calls).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
    expect(times.map((t) => t.length)).toEqual([2, 2]);
  });
});
