import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CPU_THRESHOLD,
  OPTSCALE_NETWORK_THRESHOLD,
  type ResourceUsage,
  resourceUsage,
  suggestedPositions,
  type UsageHour,
} from './usage-suggestion';
import { HOURS_IN_WEEK } from './week';

const HOUR = 3_600_000;
const T = { cpuPercent: DEFAULT_CPU_THRESHOLD, networkBytesPerSecond: OPTSCALE_NETWORK_THRESHOLD };
/** Monday 2026-01-05 00:00 UTC (winter: Los Angeles is UTC−8). */
const MONDAY = Date.UTC(2026, 0, 5);

/** `days` days of hourly CPU from MONDAY: `busy(utcDay, utcHour)` says 40 %, else 1 %. */
function hours(days: number, busy: (day: number, hour: number) => boolean, network: number | null = 0) {
  const out: UsageHour[] = [];
  for (let i = 0; i < days * 24; i++) {
    const hour = MONDAY + i * HOUR;
    const day = Math.floor(i / 24) % 7;
    out.push({ hour, cpuPercent: busy(day, i % 24) ? 40 : 1, networkBytes: network });
  }
  return out;
}
const officeHours = (day: number, hour: number) => day < 5 && hour >= 8 && hour < 20;
const positionsOf = (days: number[], from: number, to: number) =>
  days.flatMap((d) => Array.from({ length: to - from }, (_, i) => d * 24 + from + i));

describe('resource usage by hour of the week', () => {
  it('two weeks of office hours give Monday–Friday 08:00–20:00 in UTC', () => {
    const usage = resourceUsage(hours(14, officeHours), 'UTC', T);
    expect(usage.verdict).toBe('used');
    expect(usage.quietestHourCpu).toBe(1);
    expect(usage.observedHours).toBe(14 * 24);
    expect(usage.usedPositions).toEqual(positionsOf([0, 1, 2, 3, 4], 8, 20));
  });

  it("reads the hours in the schedule's zone: 08:00 UTC is 00:00 in Los Angeles in January", () => {
    const usage = resourceUsage(hours(14, officeHours), 'America/Los_Angeles', T);
    expect(usage.usedPositions).toEqual(positionsOf([0, 1, 2, 3, 4], 0, 12));
  });

  it('a 45-minute offset puts an hour on the local hour it starts in', () => {
    // Asia/Kathmandu is UTC+05:45: 08:00 UTC is 13:45, position 13; 19:00 UTC is 00:45 the next day.
    const usage = resourceUsage(hours(14, officeHours), 'Asia/Kathmandu', T);
    expect(usage.usedPositions).toEqual(
      [0, 1, 2, 3, 4].flatMap((d) => [...positionsOf([d], 13, 24), (d + 1) * 24]),
    );
  });

  it('one busy week in two makes the hour used; an hour never observed counts as used', () => {
    const onlyFirstWeekTuesday = hours(14, (day, hour) => day === 1 && hour === 3).map((h, i) =>
      i >= 7 * 24 && i < 14 * 24 ? { ...h, cpuPercent: 1 } : h,
    );
    // Drop both Wednesdays' 05:00: never observed.
    const gap = onlyFirstWeekTuesday.filter((_, i) => i % (7 * 24) !== 2 * 24 + 5);
    const usage = resourceUsage(gap, 'UTC', T);
    expect(usage.usedPositions).toEqual([1 * 24 + 3, 2 * 24 + 5]);
  });

  it('network over 1,000 bytes a second counts as use even with an idle CPU', () => {
    const traffic = hours(14, () => false).map((h, i) =>
      i % 24 === 12 ? { ...h, networkBytes: 3600 * 1001 } : { ...h, networkBytes: 3600 * 1000 },
    );
    const usage = resourceUsage(traffic, 'UTC', T);
    expect(usage.usedPositions).toEqual(Array.from({ length: 7 }, (_, d) => d * 24 + 12));
    // Without a network threshold only the CPU counts.
    expect(resourceUsage(traffic, 'UTC', { ...T, networkBytesPerSecond: null }).verdict).toBe('idle');
  });

  it('says idle, busy or not enough data', () => {
    expect(
      resourceUsage(
        hours(14, () => false),
        'UTC',
        T,
      ).verdict,
    ).toBe('idle');
    expect(
      resourceUsage(
        hours(14, () => true),
        'UTC',
        T,
      ).verdict,
    ).toBe('busy');
    const short = resourceUsage(hours(6, officeHours), 'UTC', T);
    expect(short).toMatchObject({ verdict: 'not-enough-data', observedHours: 6 * 24 });
    // Hours with no metric at all are not observations.
    const blank = hours(14, officeHours).map((h, i) =>
      i < 8 * 24 ? { ...h, cpuPercent: null, networkBytes: null } : h,
    );
    expect(resourceUsage(blank, 'UTC', T).verdict).toBe('not-enough-data');
  });
});

describe('suggested running hours of a schedule', () => {
  const used = (usedPositions: number[], verdict: ResourceUsage['verdict'] = 'used'): ResourceUsage => ({
    verdict,
    observedHours: 336,
    usedPositions,
    quietestHourCpu: null,
  });

  it('is the union of its resources’ used hours, leaving out idle and unobserved resources', () => {
    const web = used(positionsOf([0, 1, 2, 3, 4], 8, 20));
    const batch = used(positionsOf([5], 2, 6));
    expect(
      suggestedPositions([web, batch, used([], 'idle'), used(positionsOf([6], 0, 24), 'not-enough-data')]),
    ).toEqual([...positionsOf([0, 1, 2, 3, 4], 8, 20), ...positionsOf([5], 2, 6)]);
  });

  it('fills stops shorter than two hours, across the end of the week too', () => {
    // Running 0–9 and 10–166: the one-hour stop at 9 and the one at 167 (Sunday 23:00, wrapping) are filled.
    const almost = Array.from({ length: HOURS_IN_WEEK }, (_, p) => p).filter((p) => p !== 9 && p !== 167);
    expect(suggestedPositions([used(almost)])).toHaveLength(HOURS_IN_WEEK);
    // A two-hour stop stays.
    const twoHours = Array.from({ length: HOURS_IN_WEEK }, (_, p) => p).filter((p) => p !== 9 && p !== 10);
    expect(suggestedPositions([used(twoHours)])).toEqual(twoHours);
  });

  it('nothing to suggest when no resource counts', () => {
    expect(suggestedPositions([used([], 'idle')])).toEqual([]);
    expect(suggestedPositions([])).toEqual([]);
  });

  it('keeps every used hour and leaves no stop shorter than the minimum', () => {
    const usage = fc
      .uniqueArray(fc.integer({ min: 0, max: HOURS_IN_WEEK - 1 }), { minLength: 1, maxLength: 167 })
      .map((p) => used(p.sort((a, b) => a - b)));
    fc.assert(
      fc.property(
        fc.array(usage, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 6 }),
        (us, min) => {
          const running = new Set(suggestedPositions(us, min));
          for (const u of us) for (const p of u.usedPositions) expect(running.has(p)).toBe(true);
          if (running.size === HOURS_IN_WEEK) return;
          // Every stop (a run of hours not running, the week wrapping) is at least `min` hours long.
          const start = [...running][0] ?? 0;
          let stop = 0;
          for (let i = 1; i <= HOURS_IN_WEEK; i++) {
            if (running.has((start + i) % HOURS_IN_WEEK)) {
              if (stop > 0) expect(stop).toBeGreaterThanOrEqual(min);
              stop = 0;
            } else stop++;
          }
        },
      ),
    );
  });
});
