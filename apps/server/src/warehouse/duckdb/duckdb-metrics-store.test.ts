import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retentionCutoffs } from '../metrics-store';
import { cpuKey, runMetricsScenario, sawtooth } from '../metrics-store.test-helper';
import { type DuckDbCostStore, openDuckDbCostStore } from './duckdb-cost-store';

let dir: string;
let store: DuckDbCostStore;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finlens-metrics-'));
  store = await openDuckDbCostStore({ path: join(dir, 'warehouse.duckdb') });
  await store.init();
});
afterAll(async () => {
  await store?.close();
  await rm(dir, { recursive: true, force: true });
});

/** R-7 (linear interpolation) percentile, as both engines compute it. */
function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = 0.95 * (sorted.length - 1);
  const low = sorted[Math.floor(index)] as number;
  const high = sorted[Math.ceil(index)] as number;
  return low + (high - low) * (index - Math.floor(index));
}

describe('DuckDB metrics store', () => {
  it('stores hourly points, replaces re-collected hours, aggregates days, summarises, prunes', async () => {
    const answers = await runMetricsScenario(store.metrics, '');
    // 58 hours of i-web, the 20th's first six hours rewritten (the first of them twice: the last write wins).
    expect(answers.hourly).toHaveLength(58);
    const day20 = answers.hourly.filter((p) => p.hour.startsWith('2026-11-20'));
    expect(day20.map((p) => p.value)).toEqual([60, 50, 50, 50, 50, 50, 6, 7, 8, 9]);
    expect(answers.hourly[0]).toEqual({
      metric: 'cpu-utilization',
      storageClass: '',
      hour: '2026-11-18T00:00:00Z',
      value: 0,
    });
    const sawDay = Array.from({ length: 24 }, (_, h) => h);
    const day20Values = day20.map((p) => p.value);
    expect(answers.daily).toEqual([
      { metric: 'cpu-utilization', storageClass: '', day: '2026-09-29', avg: 1.5, p95: 2, max: 3, hours: 0 },
      { metric: 'cpu-utilization', storageClass: '', day: '2026-09-30', avg: 2, p95: 4, max: 6, hours: 0 },
      { metric: 'cpu-utilization', storageClass: '', day: '2026-10-01', avg: 3, p95: 6, max: 9, hours: 0 },
      ...['2026-11-18', '2026-11-19'].map((day) => ({
        metric: 'cpu-utilization',
        storageClass: '',
        day,
        avg: 11.5,
        p95: p95(sawDay),
        max: 23,
        hours: 24,
      })),
      {
        metric: 'cpu-utilization',
        storageClass: '',
        day: '2026-11-20',
        avg: day20Values.reduce((a, b) => a + b, 0) / 10,
        p95: p95(day20Values),
        max: 60,
        hours: 10,
      },
    ]);
    expect(answers.bucketDaily.map((d) => [d.storageClass, d.max])).toEqual([
      ['GLACIER', 7.5e10],
      ['STANDARD', 5e9],
    ]);
    // One call for several ids; unknown ids and other metrics are absent; another project's i-web is not read.
    expect(answers.summaries.map((s) => [s.resourceId, s.points, s.max])).toEqual([
      ['i-idle', 58, 1.4],
      ['i-web', 58, 60],
    ]);
    const web = answers.hourly.map((p) => p.value);
    expect(answers.summaries[1]?.p95).toBeCloseTo(p95(web), 9);
    expect(answers.summaries[1]?.avg).toBeCloseTo(web.reduce((a, b) => a + b, 0) / web.length, 9);
    expect(answers.latest).toEqual([
      { resourceId: 'i-idle', hour: new Date('2026-11-20T09:00:00Z') },
      { resourceId: 'i-web', hour: new Date('2026-11-20T09:00:00Z') },
      { resourceId: 'logs-bucket', hour: new Date('2026-11-19T00:00:00Z') },
    ]);
    // The prune keeps hours from the 19th and days from October.
    expect(answers.pruned.hourly[0]?.hour).toBe('2026-11-19T00:00:00Z');
    expect(answers.pruned.hourly).toHaveLength(34);
    expect(answers.pruned.daily.map((d) => d.day)).toEqual([
      '2026-10-01',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
  });

  it('deleting a project removes its series and only its series', async () => {
    const range = { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-30T00:00:00Z') };
    await store.metrics.writeHourly(sawtooth(cpuKey('doomed', 'i-1'), 30));
    await store.metrics.writeHourly(sawtooth(cpuKey('kept', 'i-1'), 30));
    await store.deleteProject('doomed');
    const read = (projectId: string) =>
      store.metrics.dailySeries({ projectId, resourceId: 'i-1', metrics: [], ...range });
    expect(await read('doomed')).toEqual([]);
    expect((await read('kept')).map((d) => d.hours)).toEqual([24, 6]);
  });

  it('takes writes issued at once in turn on its one write connection: each batch lands whole', async () => {
    const range = { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-30T00:00:00Z') };
    const projects = ['turn-a', 'turn-b', 'turn-c', 'turn-d'];
    await Promise.all(projects.map((p) => store.metrics.writeHourly(sawtooth(cpuKey(p, 'i-1'), 30))));
    for (const projectId of projects) {
      const days = await store.metrics.dailySeries({ projectId, resourceId: 'i-1', metrics: [], ...range });
      expect(
        days.map((d) => d.hours),
        projectId,
      ).toEqual([24, 6]);
    }
  });

  it('keeps 14 whole days of hours and 13 whole months of days', () => {
    expect(retentionCutoffs(new Date('2026-11-20T10:30:00Z'))).toEqual({
      hourlyBefore: new Date('2026-11-06T00:00:00Z'),
      dailyBefore: '2025-10-01',
    });
  });
});
