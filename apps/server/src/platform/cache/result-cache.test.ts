import { describe, expect, it } from 'vitest';
import { createResultCache } from './result-cache';

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
});
