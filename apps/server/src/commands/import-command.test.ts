import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { billingDataset } from '@finlens/fixtures/datasets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFinlens } from '../cli-run.test-helper';
import { itWithoutPostgresRerun } from '../db/test-app-database';
import { openDuckDbCostStore } from '../warehouse/duckdb/duckdb-cost-store';
import { whileWarehouseHeld } from './held-warehouse.test-helper';

const workshop = billingDataset('aws-cur-legacy-parquet-workshop-oct2018');
const oldFile = join(workshop.dir, workshop.files[0] as string);
const small = billingDataset('aws-cur-legacy-csv-anonymized');
const smallFile = join(small.dir, small.files[0] as string);
let dir: string;
let newFile: string;

/** `finlens <args>` on `dataDir` (in the "(PostgreSQL)" project with that data folder's own database). */
const start = (args: string[], dataDir: string) => startFinlens(args, { DATA_DIR: dataDir });

const importArgs = (file: string) => ['import', file, '--client', 'Acme', '--project', 'Prod'];

async function warehouseTotals(dataDir: string) {
  const store = await openDuckDbCostStore({ path: join(dataDir, 'warehouse.duckdb') });
  try {
    const reader = await store.connection.runAndReadAll(
      'SELECT count(*) AS n, sum(line_item_unblended_cost) AS u, count(DISTINCT import_id) AS imports FROM line_items',
    );
    const row = reader.getRowObjectsJson()[0] ?? {};
    return { rows: Number(row.n), unblended: Number(row.u), imports: Number(row.imports) };
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finlens-import-cli-'));
  newFile = join(dir, 'restated.parquet');
  // A restated October: same rows, every unblended cost doubled, so old and new totals differ.
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await connection.run(
    `COPY (SELECT * REPLACE (line_item_unblended_cost * 2 AS line_item_unblended_cost) FROM read_parquet('${oldFile}')) TO '${newFile}' (FORMAT parquet)`,
  );
  connection.closeSync();
  instance.closeSync();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('finlens import (CLI)', () => {
  const killedDataDir = () => join(dir, 'killed');

  it('prints a summary of the import (client and project made or found in the app database)', async () => {
    const first = await (await start(importArgs(oldFile), killedDataDir())).done;
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/Imported 119307 rows from 1 file \(legacy-athena\)/);
    expect(first.stdout).toMatch(/2018-10\s+119307\s+4064\.4831\s+4195\.9571/);
  }, 300_000);

  // The PostgreSQL rerun keeps only the case above: the others are about the warehouse (a killed import, its
  // lock) or options refused before any database opens, the same whatever the app database.
  itWithoutPostgresRerun(
    'a killed re-import leaves the period whole (old or new, never partial)',
    async () => {
      // The data folder of the case above, with its October imported.
      const dataDir = killedDataDir();
      const old = await warehouseTotals(dataDir);
      expect(old.rows).toBe(119307);

      for (const moment of ['loading rows', 'replacing billing periods']) {
        const run = await start(importArgs(newFile), dataDir);
        let seen = '';
        run.child.stderr.on('data', (c: Buffer) => {
          seen += c.toString();
          if (seen.includes(moment)) run.child.kill('SIGKILL');
        });
        const result = await run.done;
        expect(result.code).toBeNull();
        const after = await warehouseTotals(dataDir);
        expect(after.rows).toBe(119307);
        expect(after.imports).toBe(1);
        const isOld = Math.abs(after.unblended - old.unblended) < 1e-6;
        const isNew = Math.abs(after.unblended - old.unblended * 2) < 1e-3;
        expect(isOld || isNew, `unblended ${after.unblended} after a kill while ${moment}`).toBe(true);
      }
    },
    300_000,
  );

  itWithoutPostgresRerun(
    'waits for a warehouse held by another process (not a server), then fails clearly after --lock-timeout',
    async () => {
      const dataDir = join(dir, 'locked');
      await whileWarehouseHeld(dataDir, async () => {
        const result = await (await start([...importArgs(oldFile), '--lock-timeout', '1'], dataDir)).done;
        expect(result.code).toBe(1);
        expect(result.stderr).toMatch(
          /Waiting for the warehouse in .*: another Finlens process .*\(up to 1 s\)/,
        );
        expect(result.stderr).toMatch(/no running Finlens server of this data folder answers; waited 1 s/);
        expect(result.stdout).toBe('');
      });
    },
    120_000,
  );

  itWithoutPostgresRerun(
    'goes on with the import once the other process lets the warehouse go',
    async () => {
      const dataDir = join(dir, 'released');
      const holder = await openDuckDbCostStore({ path: join(dataDir, 'warehouse.duckdb') });
      const run = await start([...importArgs(smallFile), '--lock-timeout', '120'], dataDir);
      let seen = '';
      let released: Promise<void> | null = null;
      run.child.stderr.on('data', (c: Buffer) => {
        seen += c.toString();
        if (released === null && seen.includes('Waiting for the warehouse')) released = holder.close();
      });
      const result = await run.done;
      await released;
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/Imported 1281 rows from 1 file \(legacy-csv\)/);
    },
    240_000,
  );

  itWithoutPostgresRerun(
    'rejects a --lock-timeout that is not a whole number of seconds',
    async () => {
      const result = await (
        await start([...importArgs(oldFile), '--lock-timeout', 'soon'], join(dir, 'timeout'))
      ).done;
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/--lock-timeout must be a whole number of seconds \(got "soon"\)/);
    },
    120_000,
  );

  itWithoutPostgresRerun(
    'rejects an unknown --format value naming the option',
    async () => {
      const result = await (await start(['import', oldFile, '--format', 'csv'], join(dir, 'format'))).done;
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(/--format must be one of auto, cur2, cur, focus, azure/);
    },
    120_000,
  );
});
