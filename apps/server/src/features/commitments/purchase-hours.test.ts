/**
 * The purchase analyses read their hours from the hourly commitment rollup built at import; before it they read
 * the line items' commitment rows by hour. Both ways must give the same curves, rates and commitments: the
 * workshop legacy CUR (EC2 and RDS on demand and under reservations, October 2018) imported into DuckDB and
 * ClickHouse (when installed), every look-back, term and payment option, savings plans and reservations.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  LOOK_BACKS,
  type PurchaseAnalysisQuery,
  purchaseAnalysisQuerySchema,
} from '@finlens/contracts/commitments';
import { billingDataset } from '@finlens/fixtures/datasets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../ingest/duckdb/import-files';
import { localSource } from '../../ingest/sources/local-source';
import type { ClientCaller } from '../../platform/auth/caller';
import { openClickHouseCostStore } from '../../warehouse/clickhouse/clickhouse-cost-store';
import { useTestClickHouse } from '../../warehouse/clickhouse/test-clickhouse';
import { costScopesOver } from '../../warehouse/cost-scope';
import type { CostStore } from '../../warehouse/cost-store';
import { type DuckDbCostStore, openDuckDbCostStore } from '../../warehouse/duckdb/duckdb-cost-store';
import { createCommitmentsService } from './commitments.service';

const clickHouse = useTestClickHouse(1);
/** The import writes through the DuckDB connection of either store (ClickHouse's stages its files there). */
const stores: (CostStore & { connection: DuckDbCostStore['connection'] })[] = [];
let dir = '';
const workshop = billingDataset('aws-cur-legacy-parquet-workshop-oct2018');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finlens-purchase-hours-'));
  stores.push(await openDuckDbCostStore({ path: join(dir, 'w.duckdb') }));
  if (clickHouse.url !== null) stores.push(await openClickHouseCostStore({ url: clickHouse.url }));
  const files = await localSource(join(workshop.dir, workshop.files[0] as string)).listFiles();
  for (const store of stores) {
    await store.init();
    await importFiles({
      warehouse: store,
      importId: `${store.kind}-workshop`,
      clientId: 'client',
      projectId: 'workshop',
      files,
      format: 'auto',
    });
  }
}, 240_000);
afterAll(async () => {
  for (const store of stores) await store.close();
  await rm(dir, { recursive: true, force: true });
});

/** Every number of `got` within 1e-6 of `want`'s at the same place; everything else equal. */
function expectNear(got: unknown, want: unknown, path: string): void {
  if (typeof want === 'number' && typeof got === 'number') {
    expect(Math.abs(got - want), path).toBeLessThanOrEqual(1e-6);
  } else if (Array.isArray(want) && Array.isArray(got)) {
    expect(got.length, path).toBe(want.length);
    for (const [i, w] of want.entries()) expectNear(got[i], w, `${path}[${i}]`);
  } else if (typeof want === 'object' && want !== null && typeof got === 'object' && got !== null) {
    expect(Object.keys(got).sort(), path).toEqual(Object.keys(want).sort());
    for (const [key, w] of Object.entries(want))
      expectNear((got as Record<string, unknown>)[key], w, `${path}.${key}`);
  } else expect(got, path).toEqual(want);
}

describe.each(['duckdb', 'clickhouse'] as const)('purchase analyses on %s', (kind) => {
  it('give from the hourly rollup the curves, rates and commitments of the line items’ rows', async (context) => {
    const store = stores.find((s) => s.kind === kind);
    if (store === undefined) return context.skip('clickhouse-server is not installed');
    const scopes = costScopesOver(async () => [{ id: 'workshop', name: 'Workshop', cloudType: 'aws' }]);
    const now = () => new Date('2018-11-01T00:00:00Z');
    const fromRollup = createCommitmentsService({ scopes, warehouse: store, now });
    // The read before the rollup: a warehouse that gives only rows, read from the line items.
    const fromLineItems = createCommitmentsService({
      scopes,
      warehouse: {
        commitmentRows: (q) => store.commitmentRows({ ...q, useRollup: false }),
        runCostQuery: (q) => store.runCostQuery(q),
      },
      now,
    });
    const caller = { clientId: 'client' } as ClientCaller;
    let analysed = 0;
    for (const look_back of LOOK_BACKS)
      for (const [term, payment_option] of [
        ['1yr', 'No Upfront'],
        ['3yr', 'All Upfront'],
      ] as const) {
        const query: PurchaseAnalysisQuery = purchaseAnalysisQuerySchema.parse({
          look_back,
          term,
          payment_option,
        });
        const what = `${look_back} days ${term} ${payment_option}`;
        const plan = await fromRollup.purchaseAnalysis(caller, query);
        expectNear(plan, await fromLineItems.purchaseAnalysis(caller, query), `savings plan ${what}`);
        const reservations = await fromRollup.reservationAnalysis(caller, query);
        expectNear(
          reservations,
          await fromLineItems.reservationAnalysis(caller, query),
          `reservations ${what}`,
        );
        if (plan.recommendation !== null && plan.recommendation.commitment > 0) analysed++;
        analysed += reservations.results.filter((r) => (r.recommendation?.instances ?? 0) > 0).length;
      }
    // The comparison met curves worth buying for.
    expect(analysed).toBeGreaterThan(0);
  });
});
