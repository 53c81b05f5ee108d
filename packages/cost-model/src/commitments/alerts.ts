/**
 * Which commitment alerts are due (issue: expiring commitments at 90/30/7 days, utilisation below a threshold,
 * coverage drops, a newly purchased commitment). Stateless: each alert carries a key naming its one slot (a
 * commitment's expiry threshold, its utilisation in a month, the client's coverage in a month, a purchase), so
 * the sender sends each key once however often the evaluation runs; when several expiry thresholds are crossed
 * at once only the most urgent is due.
 */
export const EXPIRY_ALERT_DAYS = [90, 30, 7] as const;

export interface CommitmentAlertSettings {
  /** Days before the end at which an expiry alert fires (each once). */
  expiryDays: readonly number[];
  /** A commitment used less than this share (0–1) over the recent window is under-used. */
  utilisationBelow: number;
  /** Coverage of the last week below that of the four weeks before by at least this many ratio points. */
  coverageDropPoints: number;
  /** A commitment that started at most this many days ago is newly purchased. */
  purchaseDays: number;
}

export const DEFAULT_COMMITMENT_ALERT_SETTINGS: CommitmentAlertSettings = {
  expiryDays: EXPIRY_ALERT_DAYS,
  utilisationBelow: 0.8,
  coverageDropPoints: 0.1,
  purchaseDays: 14,
};

export interface AlertedCommitment {
  arn: string;
  kind: 'reservation' | 'savings_plan';
  /** What it is, for people: "m5.xlarge × 48 (AmazonEC2, us-east-1)", "ComputeSavingsPlans $12.50/h". */
  label: string;
  start: Date | null;
  /** When it ends: the owner account's exact instant where described, else the bill's. */
  end: Date | null;
  /**
   * The bill's end where `end` is the account's: the expiry alert's key stays the bill's, so an alert is not sent
   * again when the account's answer is first known or missing for a day.
   */
  billedEnd?: Date | null;
  /** Used share of the commitment over the recent window; null when the window holds none of it. */
  utilisation: number | null;
  /** Its unused cost over the same window. */
  unusedCost: number;
}

export interface CommitmentAlertInput {
  now: Date;
  /** The bill's newest day (YYYY-MM-DD): utilisation and coverage alerts are once per month of it. */
  newestDay: string;
  commitments: readonly AlertedCommitment[];
  coverage: { recent: number | null; previous: number | null };
}

interface AlertBase {
  /** Unique per client for the alert's slot: the sender's deduplication key. */
  key: string;
  severity: 'info' | 'warning' | 'critical';
}
export type CommitmentAlert =
  | (AlertBase & { kind: 'expiry'; commitment: AlertedCommitment; threshold: number; daysLeft: number })
  | (AlertBase & {
      kind: 'utilisation';
      commitment: AlertedCommitment;
      utilisation: number;
      threshold: number;
    })
  | (AlertBase & { kind: 'coverage'; previous: number; current: number; points: number })
  | (AlertBase & { kind: 'purchase'; commitment: AlertedCommitment });

const DAY_MS = 86_400_000;

/** The most urgent threshold `daysLeft` has reached (the smallest not below it); none once it has ended. */
export function expiryThresholdReached(daysLeft: number, thresholds: readonly number[]): number | null {
  if (!(daysLeft > 0)) return null;
  const reached = thresholds.filter((days) => daysLeft <= days);
  return reached.length === 0 ? null : Math.min(...reached);
}

/** Utilisation under the threshold (a ratio in [0, 1]); no figure, no alert. */
export function utilisationAlertDue(utilisation: number | null, threshold: number): boolean {
  return utilisation !== null && utilisation < threshold;
}

/** Coverage fell by at least `points` (in ratio points, 0.1 = ten percentage points) from the previous window. */
export function coverageDropDue(previous: number | null, current: number | null, points: number): boolean {
  return previous !== null && current !== null && previous - current >= points - 1e-12;
}

/** Every alert due now, most urgent first (expiries by days left, then under-use, coverage, purchases). */
export function commitmentAlerts(
  input: CommitmentAlertInput,
  settings: CommitmentAlertSettings = DEFAULT_COMMITMENT_ALERT_SETTINGS,
): CommitmentAlert[] {
  const month = input.newestDay.slice(0, 7);
  const alerts: CommitmentAlert[] = [];
  for (const c of input.commitments) {
    if (c.end !== null) {
      const daysLeft = (c.end.getTime() - input.now.getTime()) / DAY_MS;
      const threshold = expiryThresholdReached(daysLeft, settings.expiryDays);
      if (threshold !== null) {
        alerts.push({
          kind: 'expiry',
          key: `expiry:${c.arn}:${(c.billedEnd ?? c.end).toISOString()}:${threshold}`,
          severity: threshold <= 7 ? 'critical' : threshold <= 30 ? 'warning' : 'info',
          commitment: c,
          threshold,
          daysLeft,
        });
      }
    }
    const ended = c.end !== null && c.end.getTime() <= input.now.getTime();
    if (!ended && c.utilisation !== null && utilisationAlertDue(c.utilisation, settings.utilisationBelow)) {
      alerts.push({
        kind: 'utilisation',
        key: `utilisation:${c.arn}:${month}`,
        severity: 'warning',
        commitment: c,
        utilisation: c.utilisation,
        threshold: settings.utilisationBelow,
      });
    }
    if (c.start !== null) {
      const age = (input.now.getTime() - c.start.getTime()) / DAY_MS;
      if (age >= 0 && age <= settings.purchaseDays) {
        alerts.push({ kind: 'purchase', key: `purchase:${c.arn}`, severity: 'info', commitment: c });
      }
    }
  }
  const { previous, recent } = input.coverage;
  if (
    previous !== null &&
    recent !== null &&
    coverageDropDue(previous, recent, settings.coverageDropPoints)
  ) {
    alerts.push({
      kind: 'coverage',
      key: `coverage:${month}`,
      severity: 'warning',
      previous,
      current: recent,
      points: settings.coverageDropPoints,
    });
  }
  const order = { expiry: 0, utilisation: 1, coverage: 2, purchase: 3 } as const;
  return alerts.sort(
    (a, b) =>
      order[a.kind] - order[b.kind] ||
      (a.kind === 'expiry' && b.kind === 'expiry' ? a.daysLeft - b.daysLeft : 0) ||
      a.key.localeCompare(b.key),
  );
}
