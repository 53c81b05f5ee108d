import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { duckDbRawLoad, ensureIngestDataset } from './ingest-data';

const root = mkdtempSync(join(tmpdir(), 'finlens-ingest-data-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('ingest benchmark data', () => {
  it.each(['parquet', 'csv.gz'] as const)(
    'generates a %s export once, reuses it, and DuckDB loads every row',
    async (format) => {
      const first = await ensureIngestDataset({ rows: 3_000, months: 2, format, root });
      const stamp = statSync(first.dataFiles[0] as string).mtimeMs;
      const again = await ensureIngestDataset({ rows: 3_000, months: 2, format, root });
      expect(again.dataFiles).toEqual(first.dataFiles);
      expect(statSync(again.dataFiles[0] as string).mtimeMs).toBe(stamp);
      const load = await duckDbRawLoad(first, { databasePath: join(root, `${format}.duckdb`) });
      expect(load.rows).toBe(first.expected.totals.rows);
      expect(load.rowsPerSecond).toBeGreaterThan(0);
    },
    60_000,
  );
});
