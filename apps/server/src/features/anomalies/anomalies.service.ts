import type { Anomaly, AnomalyUpdate } from '@finlens/contracts/anomalies';
import { notFound } from '../../platform/http/http-error';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { AnomaliesRepo, AnomalyFilter } from './anomalies.repo';
import type { AnomalyRow } from './anomalies.tables';
import { EXPLORER_PATH } from './anomaly-detector';

export const DETECT_KIND = 'anomalies.detect';
export const SCAN_KIND = 'anomalies.scan';

function anomalyView(row: AnomalyRow): Anomaly {
  const increase = row.actual_cost - row.expected_cost;
  return {
    id: row.id,
    dimension: row.dimension,
    key: row.scope_key,
    start_date: row.start_date,
    end_date: row.end_date,
    actual_cost: row.actual_cost,
    expected_cost: row.expected_cost,
    increase,
    increase_percent: row.expected_cost > 0 ? (increase / row.expected_cost) * 100 : null,
    score: row.score,
    severity: row.severity,
    status: row.status,
    reason: row.reason,
    status_changed_by: row.status_changed_by,
    status_changed_at: row.status_changed_at === null ? null : new Date(row.status_changed_at).toISOString(),
    drivers: row.drivers,
    explorer: row.explorer,
    explorer_url: `${EXPLORER_PATH}?${new URLSearchParams(row.explorer).toString()}`,
    detected_at: new Date(row.detected_at).toISOString(),
  };
}

/** Lists anomalies, changes their status, and queues detection on demand. */
export function createAnomaliesService({
  repo,
  queue,
}: {
  repo: AnomaliesRepo;
  queue: Pick<JobQueue, 'enqueue'>;
}) {
  return {
    list: async (clientId: string, filter: AnomalyFilter) =>
      (await repo.list(clientId, filter)).map(anomalyView),
    async get(clientId: string, id: string): Promise<Anomaly> {
      const row = await repo.get(clientId, id);
      if (row === null) throw notFound();
      return anomalyView(row);
    },
    async update(clientId: string, userId: string, id: string, body: AnomalyUpdate): Promise<Anomaly> {
      const row = await repo.setStatus(clientId, id, {
        status: body.status,
        reason: body.reason === undefined || body.reason === '' ? null : body.reason,
        userId,
      });
      if (row === null) throw notFound();
      return anomalyView(row);
    },
    /** One queued detection per client at a time (the dedupe key frees up once the minute passes). */
    async detectNow(clientId: string, now = new Date()): Promise<string | null> {
      return queue.enqueue({
        kind: DETECT_KIND,
        payload: { clientId },
        dedupeKey: `${DETECT_KIND}:${clientId}:${now.toISOString().slice(0, 16)}`,
      });
    },
  };
}

export type AnomaliesService = ReturnType<typeof createAnomaliesService>;
