import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { billingDataset } from '@finlens/fixtures/datasets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finlens } from '../../cli-run.test-helper';
import { queryClickHouse, useTestClickHouse } from './test-clickhouse';

const clickHouse = useTestClickHouse();
let dataDir = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'finlens-ch-cli-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function clickHouseRows(url: string, sql: string): Promise<string> {
  return (await queryClickHouse(url, sql)).trim();
}

describe('finlens with CLICKHOUSE_URL', () => {
  it('migrate creates the ClickHouse table; import fills it; no DuckDB warehouse file appears', async (context) => {
    const url = clickHouse.url;
    if (url === null) return context.skip('clickhouse-server is not installed');
    const env = { DATA_DIR: dataDir, CLICKHOUSE_URL: url };
    const first = await finlens(['migrate'], env);
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain('Warehouse (ClickHouse (CLICKHOUSE_URL)): ');
    expect(first.stdout).toContain('create line_items');
    expect((await finlens(['migrate'], env)).stdout).toMatch(
      /Warehouse \(ClickHouse \(CLICKHOUSE_URL\)\): already up to date/,
    );

    const ds = billingDataset('aws-cur-legacy-csv-anonymized');
    const imported = await finlens(
      ['import', join(ds.dir, ds.files[0] as string), '--project', 'Legacy'],
      env,
    );
    expect(imported.code, imported.stderr).toBe(0);
    const figures = ds.reference.figures as { row_count: number };
    expect(await clickHouseRows(url, 'SELECT count() FROM line_items')).toBe(String(figures.row_count));
    // The import swapped the rollups in with the line items.
    expect(Number(await clickHouseRows(url, 'SELECT count() FROM cost_rollup_daily_scope'))).toBeGreaterThan(
      0,
    );
    expect(existsSync(join(dataDir, 'warehouse.duckdb'))).toBe(false);
    // Three CLI processes (each starts tsx); slow on a busy machine.
  }, 180_000);
});
