import { describe, expect, it } from 'vitest';
import { movers, newValues, shifts, type ValueCosts } from './insight-rules';

const value = (key: string, previous: number, current: number, earlier = 0): ValueCosts => ({
  key,
  label: key,
  previous,
  current,
  earlier,
});
const t = { minChange: 10, minPercent: 10, limit: 5 };

describe('insight rules', () => {
  it('movers: thresholds on the absolute and the relative change, biggest first, limited', () => {
    const found = movers(
      [value('a', 100, 150), value('b', 1000, 1050), value('c', 0, 12), value('d', 50, 5), value('e', 5, 14)],
      t,
    );
    expect(found.map((m) => [m.kind, m.value.key, m.change, m.changePercent])).toEqual([
      ['increase', 'a', 50, 50],
      ['increase', 'c', 12, null],
      ['decrease', 'd', -45, -90],
    ]);
    expect(
      movers([value('a', 0, 30), value('b', 0, 20)], { ...t, limit: 1 }).map((m) => m.value.key),
    ).toEqual(['a']);
  });

  it('new values: nothing in the previous or earlier periods', () => {
    expect(
      newValues([value('a', 0, 20), value('b', 0, 30, 1), value('c', 1, 30), value('d', 0, 5)], t),
    ).toEqual([value('a', 0, 20)]);
  });

  it('shifts pair the biggest falls with the biggest rises, moving the smaller amount', () => {
    const found = shifts([value('x', 100, 40), value('y', 50, 20), value('p', 0, 70), value('q', 10, 30)], t);
    expect(found.map((s) => [s.from.key, s.to.key, s.amount])).toEqual([
      ['x', 'p', 60],
      ['y', 'p', 10],
      ['y', 'q', 20],
    ]);
    // A fall too small against its own previous cost is noise.
    expect(shifts([value('x', 1000, 980), value('p', 0, 20)], t)).toEqual([]);
  });
});
