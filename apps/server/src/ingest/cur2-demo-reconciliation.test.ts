import { join } from 'node:path';
import { generateDemoCur2 } from '@finlens/fixtures/demo/generate-demo-cur2';
import { describe, expect, it } from 'vitest';
import type { CostType } from '../warehouse/canonical-schema';
import { importPath, tempWarehouse } from './import-file.test-helper';

// No real CUR 2.0 export may be published, so CUR 2.0 is checked against the demo generator, which writes
// the Data Exports layout (map columns as MAP in Parquet and JSON text in CSV.gz, RI and SP rows with fees,
// negations, discounts, split-cost rows) and keeps its own ledger of every cost type per period.
const LEDGER_TYPES: CostType[] = [
  'unblended',
  'amortized',
  'blended',
  'list',
  'net_unblended',
  'net_amortized',
];
const OPTIONS = { seed: 11, months: 2, endMonth: '2026-02', rows: 15_000 } as const;

const warehouse = tempWarehouse('finlens-cur2-');

type Totals = Record<string, number>;
const expectClose = (actual: number | undefined, expected: number | undefined, what: string) =>
  expect(Math.abs((actual ?? 0) - (expected ?? 0)), `${what}: ${actual} vs ${expected}`).toBeLessThan(1e-6);

describe.each(['parquet', 'csv.gz'] as const)('CUR 2.0 (%s) against the generator ledger', (format) => {
  it('imports every period with the ledger totals per period, account and line-item type', async () => {
    const outDir = join(warehouse.dir, format);
    const { expected } = await generateDemoCur2({ ...OPTIONS, outDir, format });
    const projectId = `cur2-${format}`;
    const { staged } = await importPath(warehouse.store, outDir, projectId);
    expect(staged.format).toBe('cur2');
    const periods = await warehouse.store.periodTotals({ projectId });
    const ledger = expected.periods as Record<
      string,
      { totals: Totals; byAccount: Record<string, Totals>; byLineItemType: Record<string, Totals> }
    >;
    expect(periods.map((p) => p.billingPeriod.slice(0, 7))).toEqual(Object.keys(ledger).sort());
    for (const period of periods) {
      const want = ledger[period.billingPeriod.slice(0, 7)]?.totals;
      expect(period.rows).toBe(want?.rows);
      for (const t of LEDGER_TYPES) expectClose(period.totals[t], want?.[t], `${period.billingPeriod} ${t}`);
    }
    const accounts = await warehouse.store.totalsBy({ projectId, column: 'line_item_usage_account_id' });
    for (const account of accounts) {
      const want = Object.values(ledger).reduce(
        (sum, p) => sum + (p.byAccount[account.group ?? '']?.unblended ?? 0),
        0,
      );
      expectClose(account.totals.unblended, want, `account ${account.group}`);
    }
    const types = await warehouse.store.totalsBy({ projectId, column: 'line_item_line_item_type' });
    for (const type of types) {
      for (const t of LEDGER_TYPES) {
        const want = Object.values(ledger).reduce(
          (sum, p) => sum + (p.byLineItemType[type.group ?? '']?.[t] ?? 0),
          0,
        );
        expectClose(type.totals[t], want, `line item type ${type.group} ${t}`);
      }
    }
    const tagged = await warehouse.store.connection.runAndReadAll(
      `SELECT count(*) FILTER (WHERE cardinality(resource_tags) > 0) AS tagged, count(*) FILTER (WHERE cardinality(product) > 0) AS with_product FROM line_items WHERE project_id = '${projectId}'`,
    );
    const counts = tagged.getRowObjectsJson()[0] ?? {};
    expect(Number(counts.tagged)).toBeGreaterThan(0);
    expect(Number(counts.with_product)).toBeGreaterThan(0);
  }, 120_000);
});
