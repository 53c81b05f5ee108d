import { describe, expect, it } from 'vitest';
import { forEachPaced } from './event-loop';

describe('forEachPaced', () => {
  it('lets work waiting on the event loop run between batches, in order', async () => {
    const order: (number | string)[] = [];
    setImmediate(() => order.push('waiting'));
    await forEachPaced([1, 2, 3, 4, 5, 6, 7], 3, (n) => order.push(n));
    expect(order).toEqual([1, 2, 3, 'waiting', 4, 5, 6, 7]);
  });
});
