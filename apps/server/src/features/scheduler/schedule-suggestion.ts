import type { ScheduleSuggestion } from '@finlens/contracts/scheduler';
import {
  resourceUsage,
  suggestedPositions,
  type UsageHour,
  type UsageThresholds,
} from '@finlens/cost-model/scheduler/usage-suggestion';
import { HOURLY_RETENTION_DAYS, type MetricsStore } from '../../warehouse/metrics-store';
import type { ScheduledResource } from './scheduled-resources';

const HOUR_MS = 3_600_000;
/** The kinds with a CPU metric of their own (cloud-metrics.ts); the others are listed as no-metrics. */
const MEASURED = new Set(['ec2-instance', 'rds-instance']);
const CPU = ['cpu-utilization'];
const CPU_AND_NETWORK = ['cpu-utilization', 'network-in', 'network-out'];
/** Resources read at once (one hourly read each). */
const PARALLEL_READS = 8;

/** One resource's stored hours as CPU and network (in + out) per hour. */
async function usageHours(
  metrics: Pick<MetricsStore, 'hourlySeries'>,
  resource: ScheduledResource,
  from: Date,
  to: Date,
  withNetwork: boolean,
): Promise<UsageHour[]> {
  const points = await metrics.hourlySeries({
    projectId: resource.project_id,
    resourceId: resource.resource_id,
    metrics: withNetwork ? CPU_AND_NETWORK : CPU,
    from,
    to,
  });
  const byHour = new Map<number, UsageHour>();
  for (const p of points) {
    const hour = Date.parse(p.hour);
    const h = byHour.get(hour) ?? { hour, cpuPercent: null, networkBytes: null };
    if (p.metric === 'cpu-utilization') h.cpuPercent = p.value;
    else h.networkBytes = (h.networkBytes ?? 0) + p.value;
    byHour.set(hour, h);
  }
  return [...byHour.values()];
}

/**
 * A suggested grid for a draft schedule's resources: their used hours of the week over the metrics' hourly
 * retention (the last 14 whole hours × 24 before `now`), in the schedule's zone.
 */
export async function suggestSchedule(
  metrics: Pick<MetricsStore, 'hourlySeries'>,
  resources: readonly ScheduledResource[],
  { zone, thresholds, now }: { zone: string; thresholds: UsageThresholds; now: Date },
): Promise<ScheduleSuggestion> {
  const to = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const from = new Date(to.getTime() - HOURLY_RETENTION_DAYS * 24 * HOUR_MS);
  const usages: (ReturnType<typeof resourceUsage> | null)[] = new Array(resources.length).fill(null);
  for (let i = 0; i < resources.length; i += PARALLEL_READS) {
    await Promise.all(
      resources.slice(i, i + PARALLEL_READS).map(async (r, j) => {
        if (!MEASURED.has(r.kind)) return;
        usages[i + j] = resourceUsage(
          await usageHours(metrics, r, from, to, thresholds.networkBytesPerSecond !== null),
          zone,
          thresholds,
        );
      }),
    );
  }
  const positions = suggestedPositions(usages.filter((u) => u !== null));
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    time_zone: zone,
    cpu_threshold: thresholds.cpuPercent,
    network_threshold: thresholds.networkBytesPerSecond,
    positions,
    running_hours_per_week: positions.length,
    resources: resources.map((r, i) => {
      const usage = usages[i];
      return {
        kind: r.kind,
        resource_id: r.resource_id,
        name: r.name ?? null,
        verdict: usage?.verdict ?? 'no-metrics',
        observed_hours: usage?.observedHours ?? 0,
        used_hours_per_week: usage?.usedPositions.length ?? 0,
        quietest_hour_cpu: usage?.quietestHourCpu ?? null,
      };
    }),
  };
}
