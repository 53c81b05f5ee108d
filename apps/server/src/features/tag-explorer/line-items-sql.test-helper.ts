import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

/**
 * Runs hand-written SQL over a CUR CSV loaded as the view `items` (every column as text, header names as
 * written), in a throw-away in-memory DuckDB: tests compare the API's figures with an independent aggregate.
 */
export async function queryCsv(csv: string, sql: string): Promise<Record<string, unknown>[]> {
  const dir = await mkdtemp(join(tmpdir(), 'finlens-sql-'));
  const file = join(dir, 'items.csv');
  await writeFile(file, csv);
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(
      `CREATE VIEW items AS SELECT * FROM read_csv('${file.replaceAll("'", "''")}', all_varchar = true, header = true)`,
    );
    return (await connection.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];
  } finally {
    connection.closeSync();
    instance.closeSync();
    await rm(dir, { recursive: true, force: true });
  }
}
