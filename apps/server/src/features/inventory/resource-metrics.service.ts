import type {
  ResourceMetricName,
  ResourceMetrics,
  ResourceMetricsQuery,
  UtilisationSummary,
} from '@finlens/contracts/resource-metrics';
import { addDays, utcDay } from '@finlens/cost-model/utc-calendar';
import {
  METRIC_NAMES,
  METRICS,
  type MetricName,
  metricAppliesTo,
} from '../../integrations/cloud/cloud-metrics';
import type { ResourceKind } from '../../integrations/cloud/cloud-resources';
import type { ClientCaller } from '../../platform/auth/caller';
import { fieldError, notFound } from '../../platform/http/http-error';
import type { CostScopes, ReadScope } from '../../warehouse/cost-scope';
import { HOURLY_RETENTION_DAYS, type MetricsStore } from '../../warehouse/metrics-store';
import type { ResourceLookupRepo } from './resource-lookup.repo';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Utilisation summaries other features show beside a resource (the Resources Cost list's "p95 CPU (14 d)"):
 * only the warehouse's metrics store and a clock are needed.
 */
export function createUtilisation({
  metrics,
  now = () => new Date(),
}: {
  metrics: MetricsStore;
  now?: () => Date;
}) {
  return {
    /**
     * avg, p95 and max of the hourly values over the last `days` days (1–14, default 14; the hour under way
     * included), per metric, for many resources of the scope's projects in one read. A resource without
     * stored metrics has no entry; the answers follow the order of the warehouse (project, resource).
     */
    async utilisationSummaries(
      scope: Pick<ReadScope, 'projectIds'>,
      resourceIds: readonly string[],
      options: { days?: number; metrics?: readonly ResourceMetricName[] } = {},
    ): Promise<UtilisationSummary[]> {
      const days = Math.min(
        HOURLY_RETENTION_DAYS,
        Math.max(1, Math.floor(options.days ?? HOURLY_RETENTION_DAYS)),
      );
      const to = new Date(Math.floor(now().getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
      const rows = await metrics.summaries({
        projectIds: scope.projectIds,
        resourceIds: [...new Set(resourceIds)],
        metrics: options.metrics ?? [],
        from: new Date(to.getTime() - days * DAY_MS),
        to,
      });
      const out: UtilisationSummary[] = [];
      for (const row of rows) {
        let last = out[out.length - 1];
        if (last?.project_id !== row.projectId || last.resource_id !== row.resourceId) {
          last = { project_id: row.projectId, resource_id: row.resourceId, days, metrics: [] };
          out.push(last);
        }
        last.metrics.push({
          metric: row.metric as ResourceMetricName,
          storage_class: row.storageClass === '' ? null : row.storageClass,
          avg: row.avg,
          p95: row.p95,
          max: row.max,
          points: row.points,
        });
      }
      return out;
    },
  };
}

export type Utilisation = ReturnType<typeof createUtilisation>;

/** A resource's metric series for the caller's client: tenancy through the one cost scope. */
export function createResourceMetricsService({
  metrics,
  lookup,
  scopes,
  now = () => new Date(),
}: {
  metrics: MetricsStore;
  lookup: ResourceLookupRepo;
  scopes: Pick<CostScopes, 'requested'>;
  now?: () => Date;
}) {
  return {
    ...createUtilisation({ metrics, now }),

    /** 404 for a resource of another client (or none); 400 naming project_id when the id is in several projects. */
    async resourceMetrics(
      caller: ClientCaller,
      resourceId: string,
      query: ResourceMetricsQuery,
    ): Promise<ResourceMetrics> {
      const scope = await scopes.requested(
        caller,
        query.project_id === undefined ? null : [query.project_id],
      );
      const found = await lookup.find(scope.projectIds, resourceId);
      const resource = found[0];
      if (resource === undefined) throw notFound();
      if (found.length > 1)
        throw fieldError('project_id', ['This resource id is in several projects: choose one.']);
      const kind = resource.kind as ResourceKind;
      const names = (query.metrics ?? METRIC_NAMES).filter((m) => metricAppliesTo(m, kind));
      const end = query.end_date ?? utcDay(now());
      const start = query.start_date ?? addDays(end, -(HOURLY_RETENTION_DAYS - 1));
      const request = {
        projectId: resource.project_id,
        resourceId,
        metrics: names,
        from: new Date(`${start}T00:00:00Z`),
        to: new Date(`${addDays(end, 1)}T00:00:00Z`),
      };
      const series = new Map<string, ResourceMetrics['series'][number]>();
      const seriesOf = (metric: string, storageClass: string) => {
        const key = `${metric}\u0000${storageClass}`;
        let found = series.get(key);
        if (found === undefined) {
          const name = metric as MetricName;
          found = {
            metric: name,
            unit: METRICS[name].unit,
            storage_class: storageClass === '' ? null : storageClass,
            points: [],
          };
          series.set(key, found);
        }
        return found.points;
      };
      if (names.length > 0 && query.granularity === 'hourly') {
        for (const p of await metrics.hourlySeries(request))
          seriesOf(p.metric, p.storageClass).push({
            timestamp: isoHour(p.hour),
            value: p.value,
            p95: null,
            max: null,
          });
      } else if (names.length > 0) {
        for (const d of await metrics.dailySeries(request))
          seriesOf(d.metric, d.storageClass).push({
            timestamp: `${d.day}T00:00:00.000Z`,
            value: d.avg,
            p95: d.p95,
            max: d.max,
          });
      }
      return {
        project_id: resource.project_id,
        account_id: resource.account_id,
        region: resource.region,
        kind: resource.kind as ResourceMetrics['kind'],
        resource_id: resourceId,
        granularity: query.granularity,
        start_date: start,
        end_date: end,
        series: [...series.values()],
      };
    },
  };
}

const isoHour = (text: string) => new Date(text).toISOString();

export type ResourceMetricsService = ReturnType<typeof createResourceMetricsService>;
