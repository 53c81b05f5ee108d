/**
 * Savings plan purchase optimiser (the same model serves reservations, see `reservation-optimiser.ts`).
 *
 * Model. x_h ≥ 0 is the commitment-eligible on-demand spend of hour h of the look-back (h = 1…H, $/h at
 * on-demand rates); r = SP rate ÷ on-demand rate (0 < r ≤ 1; the discount is 1 − r). A commitment of c $/h
 * (at SP rates) pays for on-demand-equivalent usage up to k = c / r in every hour, used or not:
 *
 *   cost_h(c) = c + max(0, x_h − c / r)          savings S(c) = Σ_h x_h − cost_h(c) = Σ_h min(x_h, k) − H·r·k
 *
 * S is concave and piecewise linear in k with breakpoints at the x_h; S(0) = 0. Its slope between breakpoints is
 * #{h : x_h > k} − H·r: one more dollar of coverage pays for itself while it is used in more than a fraction r of
 * the hours. With x sorted ascending x_(1) ≤ … ≤ x_(H), the slope on (x_(j), x_(j+1)) is H·(1 − r) − j, so the
 * optimum is k* = x_(j*) with j* = ⌈H·(1 − r)⌉ (the (1 − r)-quantile of the hourly curve; on a flat stretch the
 * smaller commitment is taken) and c* = r·k*.
 *
 * Break-even utilisation is r: a commitment used u of the time saves u·c/r − c, which is ≥ 0 exactly when u ≥ r.
 * Expected utilisation at k is Σ min(x_h, k) ÷ (H·k), expected coverage Σ min(x_h, k) ÷ Σ x_h. The sensitivity band
 * is the range of commitments whose savings stay within `bandTolerance` of the best: a flat optimum means the exact
 * figure matters little, a sharp one that it does. The look-back is assumed to repeat; the caller removes hours
 * that the scheduler will switch off before passing the curve in.
 */
export interface OptimiseOptions {
  /** Commitments are multiples of this on-demand-equivalent step (e.g. one instance's hourly cost); 0 = continuous. */
  step?: number;
  /** The band keeps commitments whose savings are at least (1 − bandTolerance) × the best. Default 0.05. */
  bandTolerance?: number;
  /** Points of the savings curve from 0 to the largest hour. Default 50. */
  curvePoints?: number;
}

export interface CurvePoint {
  /** $/h at commitment rates. */
  commitment: number;
  /** Savings over the look-back against staying on demand. */
  savings: number;
  utilisation: number | null;
  coverage: number | null;
}

export interface CommitmentRecommendation {
  /** The hourly commitment c* ($/h at commitment rates); 0 when no commitment pays. */
  commitment: number;
  /** The on-demand spend per hour it covers (k* = c* / r). */
  coveredOnDemandPerHour: number;
  /** Savings over the look-back (same currency as the curve, summed over its hours). */
  savings: number;
  onDemandCost: number;
  costWithCommitment: number;
  breakEvenUtilisation: number;
  expectedUtilisation: number | null;
  expectedCoverage: number | null;
  curve: CurvePoint[];
  band: { low: number; high: number; tolerance: number };
}

/** Sorted curve with prefix sums, so S(k) costs one binary search. */
interface Prepared {
  sorted: number[];
  prefix: number[];
  total: number;
  hours: number;
  rateRatio: number;
}

function prepare(curve: readonly number[], rateRatio: number): Prepared {
  if (!(rateRatio > 0 && rateRatio <= 1)) throw new RangeError('rateRatio must be in (0, 1]');
  const sorted = curve.map((x) => {
    if (!Number.isFinite(x) || x < 0) throw new RangeError('hourly on-demand spend must be finite and ≥ 0');
    return x;
  });
  sorted.sort((a, b) => a - b);
  const prefix = [0];
  for (const x of sorted) prefix.push((prefix[prefix.length - 1] ?? 0) + x);
  return { sorted, prefix, total: prefix[prefix.length - 1] ?? 0, hours: sorted.length, rateRatio };
}

/** Number of hours with x ≤ k. */
function countAtMost(sorted: readonly number[], k: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] ?? 0) <= k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Σ_h min(x_h, k). */
function coveredSpend(p: Prepared, k: number): number {
  const below = countAtMost(p.sorted, k);
  return (p.prefix[below] ?? 0) + k * (p.hours - below);
}

function savingsAt(p: Prepared, k: number): number {
  return coveredSpend(p, k) - p.hours * p.rateRatio * k;
}

function pointAt(p: Prepared, k: number): CurvePoint {
  const covered = coveredSpend(p, k);
  return {
    commitment: p.rateRatio * k,
    savings: covered - p.hours * p.rateRatio * k,
    utilisation: k > 0 && p.hours > 0 ? Math.min(1, covered / (p.hours * k)) : null,
    coverage: p.total > 0 ? Math.min(1, covered / p.total) : null,
  };
}

/** The best on-demand-equivalent coverage k*, on the step grid when there is one. */
function bestCoverage(p: Prepared, step: number): number {
  if (p.hours === 0) return 0;
  const j = Math.ceil(p.hours * (1 - p.rateRatio) - 1e-9);
  // Around the closed form, guard against rounding in H·(1 − r): take the best nearby breakpoint.
  const candidates = [j - 1, j, j + 1]
    .filter((i) => i >= 1 && i <= p.hours)
    .map((i) => p.sorted[i - 1] ?? 0)
    .concat(0);
  const snapped =
    step > 0
      ? candidates.flatMap((k) => [Math.floor(k / step) * step, Math.ceil(k / step) * step])
      : candidates;
  let best = 0;
  let bestSavings = 0;
  for (const k of snapped) {
    const s = savingsAt(p, k);
    if (s > bestSavings + 1e-12 || (Math.abs(s - bestSavings) <= 1e-12 && k < best)) {
      best = k;
      bestSavings = s;
    }
  }
  return best;
}

/** Where the concave S crosses `target` between k = a (S(a) on one side) and b, by bisection on the exact S. */
function crossing(p: Prepared, a: number, b: number, target: number): number {
  const outside = savingsAt(p, a) >= target;
  let lo = a;
  let hi = b;
  for (let i = 0; i < 200 && Math.abs(hi - lo) > 1e-12 * Math.max(1, Math.abs(hi)); i++) {
    const mid = (lo + hi) / 2;
    if (savingsAt(p, mid) >= target === outside) lo = mid;
    else hi = mid;
  }
  return (savingsAt(p, lo) >= target ? lo : hi) * p.rateRatio;
}

/** Savings, utilisation and coverage of a given hourly commitment (e.g. the one a user drags on the chart). */
export function evaluateCommitment(
  curve: readonly number[],
  rateRatio: number,
  commitment: number,
): CurvePoint {
  if (!(commitment >= 0)) throw new RangeError('commitment must be ≥ 0');
  const p = prepare(curve, rateRatio);
  return pointAt(p, commitment / rateRatio);
}

export function optimiseCommitment(
  curve: readonly number[],
  rateRatio: number,
  options: OptimiseOptions = {},
): CommitmentRecommendation {
  const p = prepare(curve, rateRatio);
  const step = options.step ?? 0;
  const tolerance = Math.min(0.99, Math.max(0, options.bandTolerance ?? 0.05));
  const points = Math.max(2, options.curvePoints ?? 50);
  const kStar = bestCoverage(p, step);
  const best = pointAt(p, kStar);
  const max = p.sorted[p.hours - 1] ?? 0;
  const curvePoints = Array.from({ length: points + 1 }, (_, i) => pointAt(p, (max * i) / points));
  curvePoints.push(best);
  curvePoints.sort((a, b) => a.commitment - b.commitment);
  const target = best.savings * (1 - tolerance);
  // Beyond the largest hour S falls with slope −H·r, so it reaches the target by kEnd.
  const kEnd = max + (best.savings - target) / Math.max(p.hours * p.rateRatio, 1e-12) + 1;
  const band =
    best.savings > 0
      ? { low: crossing(p, 0, kStar, target), high: crossing(p, kEnd, kStar, target), tolerance }
      : { low: best.commitment, high: best.commitment, tolerance };
  return {
    commitment: best.commitment,
    coveredOnDemandPerHour: kStar,
    savings: best.savings,
    onDemandCost: p.total,
    costWithCommitment: p.total - best.savings,
    breakEvenUtilisation: rateRatio,
    expectedUtilisation: best.utilisation,
    expectedCoverage: best.coverage,
    curve: curvePoints,
    band,
  };
}
