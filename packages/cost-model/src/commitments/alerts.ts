/**
 * When a commitment alert is due (issue: expiring commitments at 90/30/7 days, utilisation below a threshold,
 * coverage drops, a newly purchased commitment). Evaluated against the previous evaluation, so each expiry
 * threshold fires once however often the job runs; when several are crossed at once only the most urgent fires.
 */
export const EXPIRY_ALERT_DAYS = [90, 30, 7] as const;
export type ExpiryAlertDays = (typeof EXPIRY_ALERT_DAYS)[number];

const DAY_MS = 86_400_000;

export function expiryAlertDue(end: Date, previousCheck: Date | null, now: Date): ExpiryAlertDays | null {
  const leftNow = (end.getTime() - now.getTime()) / DAY_MS;
  const leftBefore =
    previousCheck === null ? Number.POSITIVE_INFINITY : (end.getTime() - previousCheck.getTime()) / DAY_MS;
  if (leftNow <= 0) return null;
  const crossed = EXPIRY_ALERT_DAYS.filter((days) => leftNow <= days && leftBefore > days);
  return crossed.length === 0 ? null : (Math.min(...crossed) as ExpiryAlertDays);
}

/** Utilisation under the threshold (a ratio in [0, 1]); no figure, no alert. */
export function utilisationAlertDue(utilisation: number | null, threshold: number): boolean {
  return utilisation !== null && utilisation < threshold;
}

/** Coverage fell by at least `points` (in ratio points, 0.1 = ten percentage points) since the previous period. */
export function coverageDropDue(previous: number | null, current: number | null, points: number): boolean {
  return previous !== null && current !== null && previous - current >= points;
}

/** Commitment ids seen now that were not known before: finance hears of every purchase. */
export function newlyPurchased(known: ReadonlySet<string>, current: Iterable<string>): string[] {
  return [...new Set(current)].filter((id) => !known.has(id)).sort();
}
