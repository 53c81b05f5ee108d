import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateNodeHour,
  IDLE_LINE,
  IDLE_RULES,
  monthly,
  recommendRequest,
  reconcileNodeHours,
  shareIdle,
  splitResourceOf,
} from './kubernetes-cost';

const sumCents = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100);

describe('allocateNodeHour', () => {
  it('gives each pod its split and unused share in cents, adding up to the node-hour', () => {
    const out = allocateNodeHour(0.192, [
      { id: 'a', split: 0.06, unused: 0.02 },
      { id: 'b', split: 0.09, unused: 0.022 },
    ]);
    expect(out.unallocated).toBe(0);
    expect(sumCents(out.pods.flatMap((p) => [p.cost, p.unused]))).toBe(19);
    expect(out.pods.map((p) => p.id)).toEqual(['a', 'b']);
  });

  it('leaves a node-hour without pod weight unallocated', () => {
    expect(allocateNodeHour(1.5, [{ id: 'a', split: 0, unused: 0 }])).toEqual({
      pods: [{ id: 'a', cost: 0, unused: 0 }],
      unallocated: 1.5,
    });
  });

  it("pods' split plus unused cost equals the node's cost for the hour to the cent (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 50, noNaN: true }),
        fc.array(
          fc.record({
            id: fc.string(),
            split: fc.double({ min: 0, max: 10, noNaN: true }),
            unused: fc.double({ min: 0, max: 10, noNaN: true }),
          }),
          { maxLength: 30 },
        ),
        (nodeCost, pods) => {
          const out = allocateNodeHour(nodeCost, pods);
          const allocated = out.pods.flatMap((p) => [p.cost, p.unused]);
          expect(sumCents([...allocated, out.unallocated])).toBe(Math.round(nodeCost * 100));
          // Nobody gets a negative share of a positive cost.
          for (const v of allocated) expect(v).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('reconcileNodeHours', () => {
  it('counts node-hours whose pods differ from the node by a cent or more', () => {
    const r = reconcileNodeHours([
      { hour: 'h1', node: 'i-1', nodeCost: 0.192, podCost: 0.1921 },
      { hour: 'h1', node: 'i-2', nodeCost: 0.192, podCost: 0.18 },
      { hour: 'h2', node: 'i-3', nodeCost: 0, podCost: 0.1 },
    ]);
    expect(r.nodeHours).toBe(3);
    expect(r.mismatchCount).toBe(1);
    expect(r.mismatches[0]).toMatchObject({ node: 'i-2' });
    expect(r.mismatches[0]?.gap).toBeCloseTo(-0.012, 9);
    expect(r.missingNodes).toBe(1);
  });
});

describe('shareIdle', () => {
  const rows = [
    { cluster: 'prod', key: 'api', split: 6, unused: 2 },
    { cluster: 'prod', key: 'web', split: 2, unused: 1 },
    { cluster: 'dev', key: 'api', split: 1, unused: 4 },
  ];
  const byKey = (out: ReturnType<typeof shareIdle>) => {
    const sums: Record<string, number> = {};
    for (const r of out) sums[r.key] = (sums[r.key] ?? 0) + r.cost;
    return sums;
  };

  it("keeps each cluster's idle as its own line under separate", () => {
    const out = shareIdle(rows, 'separate');
    expect(byKey(out)).toEqual({ api: 7, web: 2, [IDLE_LINE]: 7 });
    expect(out.filter((r) => r.key === IDLE_LINE).map((r) => [r.cluster, r.idle])).toEqual([
      ['prod', 3],
      ['dev', 4],
    ]);
  });

  it('gives each key the unused cost of its own nodes under node', () => {
    expect(byKey(shareIdle(rows, 'node'))).toEqual({ api: 13, web: 3 });
  });

  it("shares each cluster's idle by split cost under cluster", () => {
    // prod idle 3 → api 2.25, web 0.75; dev idle 4 → api.
    expect(byKey(shareIdle(rows, 'cluster'))).toEqual({ api: 6 + 2.25 + 1 + 4, web: 2.75 });
  });

  it('shares all idle across clusters by split cost under proportional', () => {
    // idle 7 over split 9 in cents: prod api 4.67, web 1.55, dev api 0.78.
    const out = byKey(shareIdle(rows, 'proportional'));
    expect(out.api).toBeCloseTo(7 + 4.67 + 0.78, 9);
    expect(out.web).toBeCloseTo(2 + 1.55, 9);
  });

  it('every rule keeps the total split plus unused cost to the cent (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            cluster: fc.constantFrom('a', 'b', 'c'),
            key: fc.constantFrom('x', 'y', 'z', 'w'),
            split: fc.double({ min: 0, max: 1000, noNaN: true }),
            unused: fc.double({ min: 0, max: 1000, noNaN: true }),
          }),
          { maxLength: 20 },
        ),
        fc.constantFrom(...IDLE_RULES),
        (input, rule) => {
          const out = shareIdle(input, rule);
          const expected = sumCents(input.map((r) => r.split + r.unused));
          expect(Math.abs(sumCents(out.map((r) => r.cost)) - expected)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe('recommendRequest', () => {
  const usage = {
    resource: 'cpu' as const,
    podHours: 100,
    reserved: 100, // 1 vCPU requested
    actual: 25,
    p95: 0.35,
    peak: 0.4,
    splitUsage: 100,
    splitCost: 40,
  };

  it('recommends the p95 plus headroom rounded up to 50m, never below the peak, and frees the split cost above it', () => {
    const r = recommendRequest({ ...usage, peak: 0.38 }, 0.2);
    expect(r.recommended).toBe(0.45); // 0.35 × 1.2 = 0.42, rounded up; the peak 0.38 is below
    expect(r).toMatchObject({ requested: 1, averageUsage: 0.25, p95Usage: 0.35, peakUsage: 0.38 });
    expect(r.freedShare).toBeCloseTo(0.55, 9);
    expect(r.windowSaving).toBeCloseTo(22, 9);
    // A spike above p95 × (1 + headroom): the peak is the floor.
    expect(recommendRequest({ ...usage, peak: 0.61 }, 0.2).recommended).toBe(0.65);
  });

  it('recommends a cut of exactly the least cut and leaves a smaller one as it is', () => {
    // 0.75 × 1.2 = 0.9: a cut of exactly 10 % of the 1 vCPU request.
    expect(recommendRequest({ ...usage, p95: 0.75, peak: 0.75 }, 0.2).recommended).toBe(0.9);
    expect(recommendRequest({ ...usage, p95: 0.76, peak: 0.76 }, 0.2).recommended).toBeNull(); // 0.95
    expect(recommendRequest({ ...usage, p95: 0.5, peak: 0.5 }, 0.2, 0.4).recommended).toBe(0.6);
    expect(recommendRequest({ ...usage, p95: 0.51, peak: 0.51 }, 0.2, 0.4).recommended).toBeNull();
  });

  it('leaves a workload at its peak as it is', () => {
    // Its busiest pod uses all it requests at the p95, or peaks at it.
    expect(recommendRequest({ ...usage, p95: 1, peak: 1 }, 0).recommended).toBeNull();
    expect(recommendRequest({ ...usage, p95: 0.2, peak: 1 }, 0.2).recommended).toBeNull();
  });

  it('never goes below one step, and says nothing without observations', () => {
    expect(recommendRequest({ ...usage, p95: 0, peak: 0, actual: 0 }).recommended).toBe(0.05);
    const memory = recommendRequest({ ...usage, resource: 'memory', p95: 0, peak: 0 });
    expect(memory.recommended).toBe(0.0625);
    expect(recommendRequest({ ...usage, podHours: 0 })).toMatchObject({ recommended: null, windowSaving: 0 });
    expect(recommendRequest({ ...usage, reserved: 0 })).toMatchObject({ recommended: null, windowSaving: 0 });
  });

  it('never recommends below the peak nor saves more than the split cost (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 64, noNaN: true }),
        fc.double({ min: 0, max: 64, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        (request, peak, p95Share, headroom, cost) => {
          const r = recommendRequest(
            {
              ...usage,
              reserved: request * 100,
              p95: peak * p95Share,
              peak,
              splitUsage: Math.max(request, peak) * 100,
              splitCost: cost,
            },
            headroom,
          );
          if (r.recommended !== null) {
            expect(r.recommended).toBeGreaterThanOrEqual(peak);
            expect(r.recommended).toBeGreaterThanOrEqual(peak * p95Share * (1 + headroom) - 1e-9);
            expect(r.recommended).toBeLessThan(request);
          }
          expect(r.windowSaving).toBeGreaterThanOrEqual(0);
          expect(r.windowSaving).toBeLessThanOrEqual(cost + 1e-9);
        },
      ),
    );
  });
});

describe('helpers', () => {
  it('tells vCPU rows from memory rows and scales to an average month', () => {
    expect(splitResourceOf('USE1-EKS-EC2-vCPU-Hours')).toBe('cpu');
    expect(splitResourceOf('USE1-EKS-EC2-GB-Hours')).toBe('memory');
    expect(monthly(10, 15)).toBeCloseTo(20.2917, 4);
    expect(monthly(10, 0)).toBe(0);
  });
});
