import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DuckDbCostStore, openDuckDbCostStore } from './duckdb-cost-store';

let dir: string;
let store: DuckDbCostStore;

const rows: [string, string, string, string | null, number][] = [
  // client, project, usage start, operation, unblended
  ['c1', 'p1', '2024-01-31 23:00:00', 'RunInstances', 10],
  ['c1', 'p1', '2024-01-31 23:00:00', 'EKSPod-EC2', 6],
  ['c1', 'p1', '2024-02-01 00:00:00', 'ECSTask-EC2', 4],
  ['c1', 'p1', '2024-02-01 00:00:00', null, 1],
  ['c1', 'p2', '2024-02-29 12:00:00', 'RunInstances', 2],
  ['c1', 'p3', '2024-02-10 12:00:00', 'RunInstances', 100],
  ['c2', 'p1', '2024-02-10 12:00:00', 'RunInstances', 1000],
  ['c1', 'p1', '2024-03-01 00:00:00', 'RunInstances', 50],
];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finlens-cost-by-period-'));
  store = await openDuckDbCostStore({ path: join(dir, 'w.duckdb') });
  await store.init();
  for (const [client, project, start, operation, cost] of rows) {
    await store.connection.run(
      'INSERT INTO line_items (client_id, project_id, line_item_usage_start_date, line_item_operation, line_item_unblended_cost) VALUES ($1, $2, CAST($3 AS TIMESTAMP), $4, $5)',
      [client, project, start, operation, cost] as never,
    );
  }
});
afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const query = {
  clientId: 'c1',
  projectIds: ['p1', 'p2'],
  from: '2024-01-31',
  to: '2024-02-29',
  granularity: 'month' as const,
  groupBy: null,
  costType: 'unblended' as const,
};

describe('DuckDB costByPeriod', () => {
  it('sums the client and projects asked for over inclusive dates, leaving split-cost rows out', async () => {
    expect(await store.costByPeriod(query)).toEqual({
      total: 13,
      rows: [
        { period: '2024-01', group: null, cost: 10 },
        { period: '2024-02', group: null, cost: 3 },
      ],
    });
  });

  it('groups by a canonical column per day; no projects means nothing', async () => {
    const daily = await store.costByPeriod({ ...query, granularity: 'day', groupBy: 'project_id' });
    expect(daily.rows).toEqual([
      { period: '2024-01-31', group: 'p1', cost: 10 },
      { period: '2024-02-01', group: 'p1', cost: 1 },
      { period: '2024-02-29', group: 'p2', cost: 2 },
    ]);
    expect(await store.costByPeriod({ ...query, projectIds: [] })).toEqual({ total: 0, rows: [] });
  });

  it('refuses a column outside the canonical schema', async () => {
    await expect(store.costByPeriod({ ...query, groupBy: '1; DROP TABLE line_items' })).rejects.toThrow(
      /unknown column/,
    );
  });
});
