import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateDbus, dbuKindOf } from './databricks-allocation';

describe('dbuKindOf', () => {
  it('reads the compute kind from the usage type', () => {
    expect(dbuKindOf('MP:JobsComputeDBU')).toBe('job');
    expect(dbuKindOf('Premium-Jobs-Compute')).toBe('job');
    expect(dbuKindOf('MP:AllPurposeComputeDBU')).toBe('all-purpose');
    expect(dbuKindOf('interactive-dbu')).toBe('all-purpose');
    expect(dbuKindOf('MP:SQLComputeDBU')).toBe('other');
  });
});

describe('allocateDbus', () => {
  it('splits a line over its account’s clusters of the kind by instance cost; the rest stays unallocated', () => {
    const { byCluster, unallocated } = allocateDbus(
      [
        { accountId: 'a', usageType: 'MP:JobsComputeDBU', cost: 30 },
        { accountId: 'a', usageType: 'MP:AllPurposeComputeDBU', cost: 10 },
        { accountId: 'a', usageType: 'MP:SQLComputeDBU', cost: 4 },
        { accountId: 'b', usageType: 'MP:JobsComputeDBU', cost: 5 },
      ],
      [
        { key: 'j1', accountId: 'a', kind: 'job', weight: 1 },
        { key: 'j2', accountId: 'a', kind: 'job', weight: 2 },
        { key: 'ap', accountId: 'a', kind: 'all-purpose', weight: 7 },
      ],
    );
    expect(byCluster.get('j1')).toBeCloseTo(10, 9);
    expect(byCluster.get('j2')).toBeCloseTo(20, 9);
    expect(byCluster.get('ap')).toBeCloseTo(10, 9);
    expect(unallocated).toBeCloseTo(9, 9);
  });

  it('allocates exactly the lines’ cost, allocated plus unallocated (property)', () => {
    const line = fc.record({
      accountId: fc.constantFrom('a', 'b'),
      usageType: fc.constantFrom('MP:JobsComputeDBU', 'MP:AllPurposeComputeDBU', 'SQL'),
      cost: fc.double({ min: 0, max: 1e4, noNaN: true }),
    });
    const cluster = fc.record({
      key: fc.string({ minLength: 1, maxLength: 3 }),
      accountId: fc.constantFrom('a', 'b'),
      kind: fc.constantFrom('job' as const, 'all-purpose' as const),
      weight: fc.double({ min: 0, max: 1e3, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(line), fc.uniqueArray(cluster, { selector: (c) => c.key }), (lines, clusters) => {
        const { byCluster, unallocated } = allocateDbus(lines, clusters);
        const allocated = [...byCluster.values()].reduce((s, v) => s + v, 0);
        const total = lines.reduce((s, l) => s + l.cost, 0);
        expect(allocated + unallocated).toBeCloseTo(total, 6);
      }),
    );
  });
});
