import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DuckDbCostStore, openDuckDbCostStore } from '../duckdb/duckdb-cost-store';

let dir: string;
let store: DuckDbCostStore;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finlens-newest-day-'));
  store = await openDuckDbCostStore({ path: join(dir, 'warehouse.duckdb') });
  await store.init();
});
afterAll(async () => {
  await store?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the newest usage day', () => {
  it('is read from the line items when the rollups have none (rows not loaded by an import)', async () => {
    const scope = { clientId: 'c1', projectIds: ['p1'] };
    expect(await store.newestUsageDay(scope)).toBeNull();
    // Written straight into the line items, as a backfill-less warehouse or a test loads them: no rollup rows.
    await store.connection.run(
      `INSERT INTO line_items (client_id, project_id, billing_period, line_item_usage_start_date, product_servicename, line_item_resource_id, line_item_unblended_cost, line_item_amortized_cost)
       VALUES ('c1', 'p1', DATE '2026-11-01', TIMESTAMP '2026-11-10 05:00:00', 'Amazon Elastic Compute Cloud', 'i-1', 1, 1),
              ('c1', 'p1', DATE '2026-11-01', TIMESTAMP '2026-11-12 23:00:00', 'Amazon Elastic Compute Cloud', 'i-1', 1, 1),
              ('c2', 'p1', DATE '2026-11-01', TIMESTAMP '2026-11-20 05:00:00', 'Amazon Elastic Compute Cloud', 'i-2', 1, 1)`,
    );
    expect(await store.newestUsageDay(scope)).toBe('2026-11-12');
    expect(await store.newestUsageDay({ ...scope, projectIds: ['p2'] })).toBeNull();
  });
});
