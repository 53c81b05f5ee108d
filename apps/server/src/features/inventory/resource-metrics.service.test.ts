import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DuckDbCostStore, openDuckDbCostStore } from '../../warehouse/duckdb/duckdb-cost-store';
import { cpuKey, sawtooth } from '../../warehouse/metrics-store.test-helper';
import { createUtilisation } from './resource-metrics.service';

let dir: string;
let store: DuckDbCostStore;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finlens-utilisation-'));
  store = await openDuckDbCostStore({ path: join(dir, 'warehouse.duckdb') });
  await store.init();
});
afterAll(async () => {
  await store?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('utilisation summaries', () => {
  it('summarises the last days of many resources per metric, for the scope only', async () => {
    const key = cpuKey('p1', 'i-1');
    await store.metrics.writeHourly([
      ...sawtooth(key, 48),
      ...sawtooth({ ...key, metric: 'memory-utilization' }, 48).map((p) => ({ ...p, value: 40 })),
      ...sawtooth(cpuKey('p1', 'i-2'), 48).map((p) => ({ ...p, value: 2 })),
      ...sawtooth(cpuKey('p2', 'i-1'), 48).map((p) => ({ ...p, value: 99 })),
    ]);
    // 2026-11-19 23:59: the last day is the 19th's 24 hours (0 … 23), the hour under way included.
    const utilisation = createUtilisation({
      metrics: store.metrics,
      now: () => new Date('2026-11-19T23:59:00Z'),
    });
    const summaries = await utilisation.utilisationSummaries({ projectIds: ['p1'] }, ['i-1', 'i-2', 'i-3'], {
      days: 1,
    });
    expect(summaries).toEqual([
      {
        project_id: 'p1',
        resource_id: 'i-1',
        days: 1,
        metrics: [
          {
            metric: 'cpu-utilization',
            storage_class: null,
            avg: 11.5,
            p95: expect.closeTo(21.85, 9),
            max: 23,
            points: 24,
          },
          { metric: 'memory-utilization', storage_class: null, avg: 40, p95: 40, max: 40, points: 24 },
        ],
      },
      {
        project_id: 'p1',
        resource_id: 'i-2',
        days: 1,
        metrics: [{ metric: 'cpu-utilization', storage_class: null, avg: 2, p95: 2, max: 2, points: 24 }],
      },
    ]);
    const cpuOnly = await utilisation.utilisationSummaries({ projectIds: ['p1'] }, ['i-1'], {
      metrics: ['cpu-utilization'],
    });
    expect(cpuOnly.map((s) => [s.days, s.metrics.map((m) => [m.metric, m.points])])).toEqual([
      [14, [['cpu-utilization', 48]]],
    ]);
    expect(await utilisation.utilisationSummaries({ projectIds: [] }, ['i-1'])).toEqual([]);
  });
});
