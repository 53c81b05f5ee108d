import { ANOMALY_DIMENSIONS, type AnomalyDimension } from '@finlens/contracts/anomalies';
import { type CostQuery, costQueryToParams, OTHERS_KEY } from '@finlens/contracts/cost-query';
import type { DispatchPayload } from '@finlens/contracts/notifications';
import {
  anomalyHistoryDays,
  type DetectedAnomaly,
  detectAnomalies,
  increaseFloor,
} from '@finlens/cost-model/anomaly';
import { addDays, utcDay } from '@finlens/cost-model/utc-calendar';
import { yieldToEventLoop } from '../../platform/event-loop';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { CostQueryPort, CostScope } from '../../warehouse/cost-query/cost-query-port';
import type { CostScopes } from '../../warehouse/cost-scope';
import type { AnomaliesRepo } from './anomalies.repo';

/** Scopes judged per dimension: the most expensive ones over the history window. */
const SCOPES_PER_DIMENSION = 100;
/** Days re-judged on every run (a late import can restate them); older anomalies stay as they were. */
const RECHECK_DAYS = 7;
/** A client's first detection judges this much history (the demo's 13 months), so its past anomalies show. */
const FIRST_RUN_DAYS = 400;
const DRIVERS = 5;
export const EXPLORER_PATH = '/v3/cloud-resource-cost-api/';
const DIMENSION_LABELS: Record<AnomalyDimension, string> = {
  account: 'Account',
  service: 'Service',
  usage_type: 'Usage type',
};

export interface DetectionResult {
  asOf: string | null;
  found: number;
  created: number;
}

const baseQuery = (range: { start_date: string; end_date: string }): CostQuery => ({
  ...range,
  granularity: 'day',
  dimension: null,
  cost_type: 'unblended',
  filters: [],
  top_n: 10,
});

/** The Explorer view of an anomaly: its scope by resource, from two weeks before to a week after. */
export function anomalyExplorer(
  dimension: AnomalyDimension,
  key: string,
  start: string,
  end: string,
  asOf: string,
) {
  const later = addDays(end, 7);
  const params = costQueryToParams({
    ...baseQuery({ start_date: addDays(start, -14), end_date: later < asOf ? later : asOf }),
    dimension: 'line_item_resource_id',
    filters: [{ dimension: ANOMALY_DIMENSIONS[dimension], mode: 'include', values: [key] }],
  });
  return { params, url: `${EXPLORER_PATH}?${new URLSearchParams(params).toString()}` };
}

function money(amount: number, currency: string | null): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency ?? 'USD' }).format(amount);
}

/** Runs detection for one client through the warehouse port and records what it finds. */
export function createAnomalyDetector({
  repo,
  scopes,
  warehouse,
  queue,
  clock = () => new Date(),
}: {
  repo: AnomaliesRepo;
  scopes: CostScopes;
  warehouse: Pick<CostQueryPort, 'runCostQuery'>;
  queue: Pick<JobQueue, 'enqueue'>;
  clock?: () => Date;
}) {
  async function drivers(scope: CostScope, dimension: AnomalyDimension, key: string, found: DetectedAnomaly) {
    const answer = await warehouse.runCostQuery({
      ...scope,
      ...baseQuery({ start_date: found.start, end_date: found.end }),
      dimension: 'line_item_resource_id',
      filters: [{ dimension: ANOMALY_DIMENSIONS[dimension], mode: 'include', values: [key] }],
      top_n: DRIVERS,
      useRollups: false,
    });
    return answer.series
      .filter((series) => series.key !== OTHERS_KEY)
      .map((series) => ({ resource_id: series.key, cost: series.total }));
  }

  async function notify(
    clientId: string,
    id: string,
    { dimension, key, link }: { dimension: AnomalyDimension; key: string; link: string },
    found: DetectedAnomaly,
    currency: string | null,
  ) {
    const increase = found.actual - found.expected;
    const percent = found.expected > 0 ? ` (+${Math.round((increase / found.expected) * 100)}%)` : '';
    const payload: DispatchPayload = {
      clientId,
      source: 'anomaly',
      sourceId: id,
      subject: `Cost anomaly: ${DIMENSION_LABELS[dimension]} ${key} up ${money(increase, currency)}${percent}`,
      text: `${DIMENSION_LABELS[dimension]} ${key} cost ${money(found.actual, currency)} from ${found.start} to ${found.end}, against ${money(found.expected, currency)} expected from the same weekdays of the previous weeks.`,
      link,
      severity: found.severity,
      facts: {
        [DIMENSION_LABELS[dimension]]: key,
        Start: found.start,
        Increase: money(increase, currency),
        Expected: money(found.expected, currency),
      },
      recipients: { userIds: await repo.adminIds(clientId), emails: [], channelIds: [] },
    };
    await queue.enqueue({ kind: 'notifications.dispatch', payload, dedupeKey: `anomaly-notice:${id}` });
  }

  return {
    /**
     * Judges the last RECHECK_DAYS days; a client's first detection judges its history too, recording older
     * anomalies without notifying anyone of them.
     */
    async detect(clientId: string): Promise<DetectionResult> {
      const first = !(await repo.hasFinishedRun(clientId));
      await repo.startRun(clientId, clock());
      // Every project of the client: anomalies are the organisation's (RBAC-restricted members do not see them).
      const { projects, ...scope } = await scopes.saved({ clientId });
      const today = utcDay(clock());
      const probe = await warehouse.runCostQuery({
        ...scope,
        ...baseQuery({ start_date: today, end_date: today }),
        useRollups: true,
      });
      // Data dated after today (a generated or restated month) is not judged yet.
      const asOf = probe.as_of === null || probe.as_of < today ? probe.as_of : today;
      if (asOf === null || projects.length === 0) {
        await repo.finishRun(clientId, asOf);
        return { asOf, found: 0, created: 0 };
      }
      const recent = addDays(asOf, -(RECHECK_DAYS - 1));
      const from = first ? addDays(asOf, -(FIRST_RUN_DAYS - 1)) : recent;
      let found = 0;
      let created = 0;
      for (const dimension of Object.keys(ANOMALY_DIMENSIONS) as AnomalyDimension[]) {
        const answer = await warehouse.runCostQuery({
          ...scope,
          ...baseQuery({ start_date: addDays(from, -anomalyHistoryDays()), end_date: asOf }),
          dimension: ANOMALY_DIMENSIONS[dimension],
          top_n: SCOPES_PER_DIMENSION,
          useRollups: true,
        });
        // Days before the client's first cost are unknown, not zero-cost days.
        const firstIndex = answer.periods.findIndex((_, index) =>
          answer.series.some((series) => (series.costs[index] ?? 0) !== 0),
        );
        if (firstIndex < 0) continue;
        const days = answer.periods.slice(firstIndex);
        const daily = (costs: readonly number[]) =>
          days.map((date, index) => ({ date, cost: costs[index + firstIndex] ?? 0 }));
        // Every series together (the top ones, the rest and the untagged) is the organisation's daily spend.
        const total = answer.periods.map((_, index) =>
          answer.series.reduce((sum, series) => sum + (series.costs[index] ?? 0), 0),
        );
        const floor = increaseFloor(daily(total));
        for (const series of answer.series) {
          // Scoring a year of days is CPU work; a turn between series keeps other requests answered.
          await yieldToEventLoop();
          if (series.key === null || series.key === OTHERS_KEY) continue;
          for (const anomaly of detectAnomalies(daily(series.costs), { from, to: asOf, floor })) {
            found += 1;
            const explorer = anomalyExplorer(dimension, series.key, anomaly.start, anomaly.end, asOf);
            const { row, created: isNew } = await repo.upsert(clientId, {
              dimension,
              scopeKey: series.key,
              startDate: anomaly.start,
              endDate: anomaly.end,
              actualCost: anomaly.actual,
              expectedCost: anomaly.expected,
              score: anomaly.peakScore,
              severity: anomaly.severity,
              drivers: await drivers(scope, dimension, series.key, anomaly),
              explorer: explorer.params,
            });
            if (isNew) created += 1;
            if (isNew && anomaly.end >= recent) {
              await notify(
                clientId,
                row.id,
                { dimension, key: series.key, link: explorer.url },
                anomaly,
                answer.currency,
              );
            }
          }
        }
      }
      await repo.finishRun(clientId, asOf);
      return { asOf, found, created };
    },
  };
}

export type AnomalyDetector = ReturnType<typeof createAnomalyDetector>;
