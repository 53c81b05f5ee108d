import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engineHealthSchema } from '@finlens/contracts/health';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDuckDbCostStore } from './duckdb-cost-store';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finlens-duckdb-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('DuckDB cost store', () => {
  it('creates the warehouse file and reports healthy', async () => {
    const path = join(dir, 'nested', 'warehouse.duckdb');
    const store = await openDuckDbCostStore({ path });
    expect(existsSync(path)).toBe(true);
    expect(await store.init()).toEqual(['create line_items']);
    expect(await store.init()).toEqual([]);
    const health = engineHealthSchema.parse(await store.health());
    expect(health).toMatchObject({ kind: 'duckdb', ok: true });
    expect(health.detail).toMatch(/^DuckDB v\d/);
    await store.close();
  });

  it('reports not ok after close, and closing twice is harmless', async () => {
    const store = await openDuckDbCostStore({ path: join(dir, 'warehouse.duckdb') });
    await store.close();
    await store.close();
    expect(await store.health()).toMatchObject({ kind: 'duckdb', ok: false });
  });

  it('reopens the same file', async () => {
    const path = join(dir, 'warehouse.duckdb');
    await (await openDuckDbCostStore({ path })).close();
    const again = await openDuckDbCostStore({ path });
    expect((await again.health()).ok).toBe(true);
    await again.close();
  });
});
