import type { MetricName } from '../cloud-metrics';
import type { MetricProfile } from './scenario-schema';

/**
 * Deterministic hourly load for the simulated cloud: a profile shape times a level, with noise that is a
 * hash of (seed, resource, hour), so any hour can be computed alone and every run gives the same numbers.
 */

const HOUR_MS = 3_600_000;
export const hourOf = (date: Date): number => Math.floor(date.getTime() / HOUR_MS);
export const hourStart = (hour: number): Date => new Date(hour * HOUR_MS);

/** FNV-1a over the parts, finished with a murmur-style mix: a uniform number in [0, 1). */
export function noise(seed: number, key: string, hour: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  const text = `${key}#${hour}`;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

export const DEFAULT_LEVEL: Record<MetricProfile, number> = {
  idle: 1,
  steady: 40,
  diurnal: 30,
  bursty: 15,
  growing: 20,
};

export interface LoadInput {
  profile: MetricProfile;
  level: number;
  seed: number;
  key: string;
  hour: number;
  /** Hours since the resource was created (growing profile). */
  ageHours: number;
}

/** CPU percent for one hour, in [0, 100]. */
export function cpuPercent({ profile, level, seed, key, hour, ageHours }: LoadInput): number {
  const n = noise(seed, key, hour);
  const jitter = 0.9 + 0.2 * n;
  let value: number;
  switch (profile) {
    case 'idle':
      value = level * (0.5 + n);
      break;
    case 'steady':
      value = level * jitter;
      break;
    case 'diurnal': {
      const date = hourStart(hour);
      const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
      const daylight = Math.max(0, Math.sin((Math.PI * (date.getUTCHours() - 7)) / 12));
      value = level * (weekend ? 0.3 : 0.3 + 1.4 * daylight) * jitter;
      break;
    }
    case 'bursty':
      value = n < 0.06 ? level * 5 : level * 0.4 * (0.5 + n);
      break;
    case 'growing':
      value = level * (1 + Math.max(0, ageHours) / (24 * 30)) * jitter;
      break;
  }
  return Math.min(100, Math.max(0, value));
}

/** Per hour at 100% load; sum metrics scale linearly with load, gauges as written. */
const FULL_SCALE: Partial<Record<MetricName, number>> = {
  'network-in': 20e9,
  'network-out': 12e9,
  'disk-read-bytes': 2e9,
  'disk-write-bytes': 3e9,
  'ebs-read-ops': 3e6,
  'ebs-write-ops': 4e6,
  'ebs-read-bytes': 40e9,
  'ebs-write-bytes': 60e9,
  'rds-connections': 400,
  'rds-read-iops': 3000,
  'rds-write-iops': 2000,
  'elb-requests': 2e6,
  's3-get-requests': 50_000,
  'nat-bytes-out': 8e9,
  'nat-bytes-in': 30e9,
  'lambda-invocations': 40_000,
};

/**
 * An idle resource's traffic is background chatter (agents, health checks), not its CPU's share of a busy
 * box's: a few MB a day, below the idle thresholds of AWS Trusted Advisor (5 MB of network a day).
 */
const IDLE_TRAFFIC = 0.0002;

/** The hourly value of a metric given the hour's CPU percent and the fraction of the hour it ran. */
export function metricFromLoad(
  metric: MetricName,
  cpu: number,
  runningFraction: number,
  profile?: MetricProfile,
): number {
  if (metric === 'cpu-utilization') return cpu * runningFraction;
  if (metric === 'memory-utilization') return runningFraction === 0 ? 0 : Math.min(100, 25 + 0.6 * cpu);
  const scale = (FULL_SCALE[metric] ?? 0) * (profile === 'idle' ? IDLE_TRAFFIC : 1);
  const value = (scale * cpu * runningFraction) / 100;
  return metric === 'rds-connections' ? Math.round(value) : value;
}

/**
 * A function's hourly duration (ms) and peak memory used (MiB) at a load level: at 40 % a function uses about
 * three quarters of its memory, at a few percent under half (the over-allocated case).
 */
export function lambdaMetric(metric: MetricName, memoryMiB: number, load: number): number | null {
  if (metric === 'lambda-duration') return 20 + 8 * load;
  if (metric === 'lambda-memory-used') return Math.round(memoryMiB * Math.min(1, 0.4 + load / 100));
  return null;
}
