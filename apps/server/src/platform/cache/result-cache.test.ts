import { describe, expect, it } from 'vitest';
import { createResultCache, roughBytes, seriesAnswerBytes } from './result-cache';

describe('createResultCache', () => {
  it('keeps answers by key, shares a pending one, drops the least recently used beyond the count', async () => {
    const cache = createResultCache<number>({ maxEntries: 2 });
    let computed = 0;
    const answer = (n: number) => () => {
      computed += 1;
      return Promise.resolve(n);
    };
    expect(await Promise.all([cache.get('a', answer(1)), cache.get('a', answer(9))])).toEqual([1, 1]);
    await cache.get('b', answer(2));
    await cache.get('a', answer(9));
    await cache.get('c', answer(3));
    expect(cache.size).toBe(2);
    expect(await cache.get('a', answer(9))).toBe(1);
    expect(await cache.get('b', answer(4))).toBe(4);
    expect(computed).toBe(4);
  });

  it('drops the least recently used beyond the weight, answers weighed once they arrive', async () => {
    const cache = createResultCache<number[]>({
      maxEntries: 100,
      maxWeight: 10,
      weigh: (cells) => cells.length,
    });
    await cache.get('four', async () => [1, 2, 3, 4]);
    await cache.get('five', async () => [1, 2, 3, 4, 5]);
    expect([cache.size, cache.weight]).toEqual([2, 9]);
    await cache.get('four', async () => []);
    await cache.get('three', async () => [1, 2, 3]);
    // 12 > 10: 'five' was used least recently.
    expect([cache.size, cache.weight]).toEqual([2, 7]);
    expect(await cache.get('five', async () => [0])).toEqual([0]);
    // One answer heavier than the whole budget is answered, not kept.
    expect(await cache.get('huge', async () => Array(11).fill(0))).toHaveLength(11);
    expect(cache.weight).toBeLessThanOrEqual(10);
    expect(await cache.get('huge', async () => [])).toEqual([]);
  });

  it('drops a failed answer at once, so the next ask computes again', async () => {
    const cache = createResultCache<number>({ maxEntries: 5, maxWeight: 5, weigh: () => 1 });
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', async () => 7)).toBe(7);
    expect([cache.size, cache.weight]).toEqual([1, 1]);
  });

  it('charges what is made from a kept answer later (its text, compressed copies) to its weight', async () => {
    const cache = createResultCache<{ name: string }>({ maxEntries: 100, maxWeight: 100, weigh: () => 30 });
    const a = await cache.get('a', async () => ({ name: 'a' }));
    const b = await cache.get('b', async () => ({ name: 'b' }));
    cache.charge(a, 20);
    expect([cache.size, cache.weight]).toEqual([2, 80]);
    // 'a' was used least recently: a copy made from 'b' beyond the budget drops 'a', not 'b'.
    cache.charge(b, 30);
    expect([cache.size, cache.weight]).toEqual([1, 60]);
    expect(await cache.get('b', async () => ({ name: 'other' }))).toBe(b);
    // An answer no longer kept is charged nothing, even when its key is kept again with a new answer.
    cache.charge(a, 50);
    const a2 = await cache.get('a', async () => ({ name: 'a again' }));
    cache.charge(a, 50);
    expect([cache.size, cache.weight]).toEqual([2, 90]);
    cache.charge(a2, 5);
    expect(cache.weight).toBe(95);
  });

  it('weighs a cost answer by the bytes it holds: 8 per cell, its texts, a header per text and series', () => {
    const series = (label: string, cells: number) => ({
      key: label,
      label,
      costs: Array(cells).fill(1.5),
      forecast_costs: Array(cells).fill(0),
    });
    const one = seriesAnswerBytes({ periods: ['2026-11-01'], series: [series('EC2', 1)] });
    const wide = seriesAnswerBytes({
      periods: Array.from({ length: 1000 }, () => '2026-11-01'),
      series: [series('EC2', 1000), series('S3', 1000)],
    });
    // 999 more periods (header, 10 characters, a pointer each), one more series, 3,998 more doubles.
    expect(wide - one).toBe(999 * (32 + 10 + 8) + (4 * 32 + 2 + 2) + 8 * 3998);
    // An hourly answer of 501 series over 6 months (≈ 4.4M cells): ~35 MB, so a few fit the 160 MB budgets.
    const hourly = seriesAnswerBytes({
      periods: Array.from({ length: 4416 }, () => '2026-06-01T00:00:00Z'),
      series: Array.from({ length: 501 }, (_, i) => series(`resource-${i}`, 4416)),
    });
    expect(hourly / 1e6).toBeCloseTo(35.6, 0);
  });
});

describe('roughBytes', () => {
  it('weighs rows by their fields: 8 per slot and number, a header and the characters per text', () => {
    const row = { arn: 'arn:aws:ec2', cost: 1.5, at: new Date(0), type: null };
    // Header, four slots, the text, the number, the date.
    const one = 32 + 4 * 8 + (32 + 11) + 8 + (32 + 8);
    expect(roughBytes(row)).toBe(one);
    expect(roughBytes([row, row])).toBe(32 + 2 * 8 + 2 * one);
    expect(roughBytes([])).toBe(32);
  });

  it('weighs a long array from spread samples, in proportion to its length', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ i, name: 'x'.repeat((i * 7919) % 13) }));
    const exact = 32 + 8 * rows.length + rows.reduce((s, r) => s + roughBytes(r), 0);
    expect(Math.abs(roughBytes(rows) - exact) / exact).toBeLessThan(0.02);
  });
});
