import { SUGGESTION_CPU_THRESHOLD } from '@finlens/contracts/scheduler';
import { HOURS_IN_WEEK } from './week';
import { minuteOfWeek } from './zone-time';

/**
 * Schedule suggestions from usage (issue 22 item 5): the hours of the week in which a resource was in use,
 * found in its hourly metrics, offered as a pre-filled 168-hour grid. The rule is OptScale's "instances for
 * shutdown": an hour of the week is inactive when, in every week observed, the resource's CPU stayed at or
 * under a threshold (5 %) and, when a network threshold is given, its traffic (in + out) at or under it
 * (OptScale's 1,000 bytes a second).
 *
 * - Hours are placed on the schedule's own week (its time zone, daylight saving included): a UTC hour lands on
 *   the local hour it starts in (zones with 30- or 45-minute offsets: the local hour holding its start).
 * - An hour of the week never observed counts as used (nothing says it is safe to stop).
 * - A resource observed for fewer than MIN_OBSERVED_DAYS days gets no suggestion of its own.
 * - A schedule runs its resources together, so its suggestion is the union of their used hours; stops shorter
 *   than MIN_STOP_HOURS are filled in (a stop and a start an hour apart saves little and risks a slow start).
 */

export const DEFAULT_CPU_THRESHOLD = SUGGESTION_CPU_THRESHOLD;
/** OptScale's network threshold; Finlens applies one only when the user gives it (see the contract). */
export const OPTSCALE_NETWORK_THRESHOLD = 1000;
export const MIN_OBSERVED_DAYS = 7;
export const MIN_STOP_HOURS = 2;

const HOUR_MS = 3_600_000;

/** One hour of a resource's metrics; null: the metric has no point that hour. */
export interface UsageHour {
  /** Start of the hour (ms since the epoch, UTC). */
  hour: number;
  cpuPercent: number | null;
  /** Bytes in + out over the hour. */
  networkBytes: number | null;
}

export interface UsageThresholds {
  cpuPercent: number;
  /** null: network does not count. */
  networkBytesPerSecond: number | null;
}

export type UsageVerdict =
  /** Used in some hours of the week and idle in others: its used hours count. */
  | 'used'
  /** Never over the thresholds in any hour observed. */
  | 'idle'
  /** Over the thresholds in every hour of the week. */
  | 'busy'
  /** Fewer than MIN_OBSERVED_DAYS days observed. */
  | 'not-enough-data';

export interface ResourceUsage {
  verdict: UsageVerdict;
  /** Distinct hours observed. */
  observedHours: number;
  /** Hours of the week (0–167) in which it was used, or never observed. */
  usedPositions: number[];
  /**
   * The highest CPU of its quietest hour of the week (over the weeks observed): a CPU threshold at or above
   * this finds at least one idle hour. null without any CPU value.
   */
  quietestHourCpu: number | null;
}

/** Whether an hour's metrics say the resource was in use: either metric over its threshold. */
export function hourInUse(h: UsageHour, t: UsageThresholds): boolean {
  return (
    (h.cpuPercent !== null && h.cpuPercent > t.cpuPercent) ||
    (t.networkBytesPerSecond !== null &&
      h.networkBytes !== null &&
      h.networkBytes / 3600 > t.networkBytesPerSecond)
  );
}

/** One resource's used hours of the week, in `zone`. Hours without any metric are not observations. */
export function resourceUsage(hours: readonly UsageHour[], zone: string, t: UsageThresholds): ResourceUsage {
  const observed = new Set<number>();
  const seen = new Array<boolean>(HOURS_IN_WEEK).fill(false);
  const used = new Array<boolean>(HOURS_IN_WEEK).fill(false);
  const peakCpu = new Array<number>(HOURS_IN_WEEK).fill(Number.NEGATIVE_INFINITY);
  for (const h of hours) {
    if (h.cpuPercent === null && h.networkBytes === null) continue;
    observed.add(Math.floor(h.hour / HOUR_MS));
    const position = Math.floor(minuteOfWeek(zone, h.hour) / 60);
    seen[position] = true;
    if (hourInUse(h, t)) used[position] = true;
    if (h.cpuPercent !== null) peakCpu[position] = Math.max(peakCpu[position] ?? 0, h.cpuPercent);
  }
  const quietest = Math.min(...peakCpu.filter((c) => c > Number.NEGATIVE_INFINITY));
  const usedPositions = used.flatMap((u, p) => (u || !seen[p] ? [p] : []));
  const anyUse = used.some(Boolean);
  const verdict: UsageVerdict =
    observed.size < MIN_OBSERVED_DAYS * 24
      ? 'not-enough-data'
      : !anyUse
        ? 'idle'
        : usedPositions.length === HOURS_IN_WEEK
          ? 'busy'
          : 'used';
  return {
    verdict,
    observedHours: observed.size,
    usedPositions,
    quietestHourCpu: Number.isFinite(quietest) ? quietest : null,
  };
}

/**
 * The running hours a schedule over these resources would keep: the union of the used hours of those with a
 * verdict of used or busy, with stops shorter than `minStopHours` filled in (the week wraps). Empty when no
 * resource counts (none observed long enough, or all idle: nothing to run, nothing for a schedule to do).
 */
export function suggestedPositions(
  usages: readonly ResourceUsage[],
  minStopHours: number = MIN_STOP_HOURS,
): number[] {
  const counted = usages.filter((u) => u.verdict === 'used' || u.verdict === 'busy');
  if (counted.length === 0) return [];
  const running = new Array<boolean>(HOURS_IN_WEEK).fill(false);
  for (const u of counted) for (const p of u.usedPositions) running[p] = true;
  const first = running.indexOf(true);
  if (first === -1) return [];
  // Walk the week once from a running hour, so a stop that wraps Sunday → Monday is one run.
  let stop: number[] = [];
  for (let i = 1; i <= HOURS_IN_WEEK; i++) {
    const p = (first + i) % HOURS_IN_WEEK;
    if (!running[p]) {
      stop.push(p);
      continue;
    }
    if (stop.length > 0 && stop.length < minStopHours) for (const q of stop) running[q] = true;
    stop = [];
  }
  return running.flatMap((r, p) => (r ? [p] : []));
}
