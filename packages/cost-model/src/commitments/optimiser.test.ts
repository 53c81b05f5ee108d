import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { optimiseCommitment } from './optimiser';
import { optimiseReservation } from './reservation-optimiser';

/** The model written out hour by hour, independently of the optimiser's sorted prefix sums. */
function bruteSavings(curve: readonly number[], r: number, c: number): number {
  let savings = 0;
  for (const x of curve) savings += x - (c + Math.max(0, x - c / r));
  return savings;
}

/** Best savings over a fine grid of commitments plus every breakpoint r·x_h, and the commitments that reach it. */
function bruteForce(curve: readonly number[], r: number) {
  const max = Math.max(0, ...curve) * r;
  const grid = Array.from({ length: 2001 }, (_, i) => (max * i) / 2000).concat(curve.map((x) => x * r));
  let best = 0;
  for (const c of grid) best = Math.max(best, bruteSavings(curve, r, c));
  const optimal = grid.filter((c) => bruteSavings(curve, r, c) >= best - 1e-9 * Math.max(1, best));
  return { best, low: Math.min(...optimal), high: Math.max(...optimal) };
}

const curveArb = fc.array(fc.oneof(fc.constant(0), fc.double({ min: 0, max: 500, noNaN: true })), {
  minLength: 1,
  maxLength: 300,
});
const ratioArb = fc.double({ min: 0.2, max: 1, noNaN: true });

describe('optimiseCommitment', () => {
  it('commits to all of a flat curve', () => {
    const rec = optimiseCommitment(Array(100).fill(10), 0.7);
    expect(rec.commitment).toBeCloseTo(7, 12);
    expect(rec.savings).toBeCloseTo(300, 9);
    expect(rec.expectedUtilisation).toBe(1);
    expect(rec.expectedCoverage).toBe(1);
    expect(rec.breakEvenUtilisation).toBe(0.7);
  });

  it('buys for half-time usage only when the discount beats the idle half', () => {
    const curve = Array.from({ length: 100 }, (_, h) => (h % 2 ? 10 : 0));
    expect(optimiseCommitment(curve, 0.7).commitment).toBe(0);
    const cheap = optimiseCommitment(curve, 0.4);
    expect(cheap.commitment).toBeCloseTo(4, 12);
    expect(cheap.savings).toBeCloseTo(50 * 10 - 100 * 4, 9);
    expect(cheap.expectedUtilisation).toBeCloseTo(0.5, 12);
  });

  it('takes the (1 − r)-quantile of a stepped curve', () => {
    // 60 hours at 5, 30 at 8, 10 at 20 $/h. Coverage above 5 is used 40% of the hours, above 8 only 10%.
    const curve = [...Array(60).fill(5), ...Array(30).fill(8), ...Array(10).fill(20)];
    const dear = optimiseCommitment(curve, 0.75);
    expect(dear.coveredOnDemandPerHour).toBe(5);
    expect(dear.commitment).toBeCloseTo(3.75, 12);
    const cheap = optimiseCommitment(curve, 0.35);
    expect(cheap.coveredOnDemandPerHour).toBe(8);
    expect(cheap.commitment).toBeCloseTo(2.8, 12);
    expect(cheap.savings).toBeCloseTo(bruteSavings(curve, 0.35, 2.8), 9);
    expect(cheap.band.low).toBeLessThanOrEqual(cheap.commitment);
    expect(cheap.band.high).toBeGreaterThanOrEqual(cheap.commitment);
  });

  it('rejects bad input', () => {
    expect(() => optimiseCommitment([1], 0)).toThrow(RangeError);
    expect(() => optimiseCommitment([1], 1.2)).toThrow(RangeError);
    expect(() => optimiseCommitment([-1], 0.5)).toThrow(RangeError);
    expect(() => optimiseCommitment([Number.NaN], 0.5)).toThrow(RangeError);
    expect(optimiseCommitment([], 0.5).commitment).toBe(0);
  });

  it('property: the chosen commitment is within 0.5% of the brute-force optimum over the same curve', () => {
    fc.assert(
      fc.property(curveArb, ratioArb, (curve, r) => {
        const rec = optimiseCommitment(curve, r);
        const bf = bruteForce(curve, r);
        const tol = 1e-9 * Math.max(1, bf.best);
        expect(bruteSavings(curve, r, rec.commitment)).toBeGreaterThanOrEqual(bf.best - tol);
        expect(rec.savings).toBeCloseTo(bruteSavings(curve, r, rec.commitment), 6);
        expect(rec.commitment).toBeGreaterThanOrEqual(bf.low * 0.995 - 1e-12);
        expect(rec.commitment).toBeLessThanOrEqual(bf.high * 1.005 + 1e-12);
      }),
      { numRuns: 200 },
    );
  });

  it('property: savings at c = 0 are 0, never negative at the optimum; utilisation and coverage in [0, 1]', () => {
    fc.assert(
      fc.property(curveArb, ratioArb, (curve, r) => {
        const rec = optimiseCommitment(curve, r);
        expect(rec.curve[0]?.commitment).toBe(0);
        expect(rec.curve[0]?.savings).toBe(0);
        expect(rec.savings).toBeGreaterThanOrEqual(0);
        const ratios = [
          ...rec.curve,
          { utilisation: rec.expectedUtilisation, coverage: rec.expectedCoverage },
        ]
          .flatMap((point) => [point.utilisation, point.coverage])
          .filter((ratio) => ratio !== null);
        expect(ratios.every((ratio) => ratio >= 0 && ratio <= 1)).toBe(true);
        const ceiling = rec.savings + 1e-9 * Math.max(1, rec.savings);
        expect(rec.curve.every((point) => point.savings <= ceiling)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('property: the band holds the optimum and its edges keep savings within the tolerance', () => {
    fc.assert(
      fc.property(curveArb, ratioArb, (curve, r) => {
        const rec = optimiseCommitment(curve, r, { bandTolerance: 0.05 });
        expect(rec.band.low).toBeLessThanOrEqual(rec.commitment + 1e-9);
        expect(rec.band.high).toBeGreaterThanOrEqual(rec.commitment - 1e-9);
        const floor = rec.savings * 0.95 - 1e-6 * Math.max(1, rec.savings);
        expect(bruteSavings(curve, r, rec.band.low)).toBeGreaterThanOrEqual(floor);
        expect(bruteSavings(curve, r, rec.band.high)).toBeGreaterThanOrEqual(floor);
      }),
      { numRuns: 200 },
    );
  });
});

/** Reservations of `unitsPerInstance` normalised units at `r` × the on-demand rate per unit-hour. */
const buy = (hourlyUnits: number[], unitsPerInstance: number, r = 0.6, pod = 0.024) =>
  optimiseReservation({
    hourlyUnits,
    onDemandRatePerUnit: pod,
    reservedRatePerUnit: r * pod,
    unitsPerInstance,
  });

describe('optimiseReservation', () => {
  it('buys whole instances by normalised units', () => {
    // Two large (8 units) run all the time, a third large (4 more) half the time; RIs at 60% of on demand.
    const hourlyUnits = Array.from({ length: 48 }, (_, h) => (h % 2 ? 12 : 8));
    const xlarge = buy(hourlyUnits, 8);
    expect(xlarge.instances).toBe(1);
    expect(xlarge.normalisedUnits).toBeCloseTo(8, 9);
    // With large RIs (4 units) the half-time third large is still not worth reserving at r = 0.6.
    expect(buy(hourlyUnits, 4).instances).toBe(2);
  });

  it('property: the whole-instance choice is the best multiple by brute force', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 64 }), { minLength: 1, maxLength: 200 }),
        fc.double({ min: 0.3, max: 0.95, noNaN: true }),
        fc.constantFrom(0.5, 1, 4, 8, 16),
        (hourlyUnits, r, unitsPerInstance) => {
          const pod = 0.05;
          const rec = buy(hourlyUnits, unitsPerInstance, r, pod);
          const curve = hourlyUnits.map((u) => u * pod);
          const savingsOf = (n: number) => bruteSavings(curve, r, n * unitsPerInstance * pod * r);
          const best = Math.max(...Array.from({ length: 130 }, (_, n) => savingsOf(n)));
          expect(savingsOf(rec.instances)).toBeGreaterThanOrEqual(best - 1e-9);
        },
      ),
      { numRuns: 150 },
    );
  });
});
