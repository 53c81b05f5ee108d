import { mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CUR2_TEST_COLUMNS, importPath, tempWarehouse } from './import-file.test-helper';

/**
 * CUR 2.0 CSV cells as the normaliser reads them: offsets converted to UTC, text trimmed of ASCII and Unicode
 * spaces, literal nulls, US dates, and a bad cell named.
 */
const warehouse = tempWarehouse('finlens-cur2-cells-');

const HEADER = [...CUR2_TEST_COLUMNS, 'product', 'resource_tags'];

const row = (start: string, cost: string, resource: string, tags = '{"user_team":"web"}') => [
  '2025-03-01T00:00:00Z',
  '012345678901',
  'Usage',
  start,
  cost,
  'USD',
  resource,
  '{"product_name":"Amazon Elastic Compute Cloud"}',
  tags,
];

async function cur2Folder(lines: string[][]): Promise<string> {
  const folder = await mkdtemp(join(warehouse.dir, 'cur2-'));
  const csv = [HEADER, ...lines]
    .map((l) => l.map((c) => `"${c.replaceAll('"', '""')}"`).join(','))
    .join('\n');
  await writeFile(join(folder, 'export-00001.csv'), `${csv}\n`);
  return folder;
}

async function imported(projectId: string) {
  const reader = await warehouse.store.connection.runAndReadAll(
    `SELECT CAST(line_item_usage_start_date AS VARCHAR) AS start, line_item_unblended_cost AS cost, line_item_resource_id AS resource, resource_tags['user_team'] AS team
     FROM line_items WHERE project_id = '${projectId}' ORDER BY line_item_usage_start_date, line_item_resource_id`,
  );
  return reader.getRowObjectsJson();
}

describe('CUR 2.0 CSV cells', () => {
  it('converts offsets to UTC, trims text (ASCII and Unicode spaces) and reads a literal null as NULL', async () => {
    const folder = await cur2Folder([
      row('2025-03-01T05:00:00+05:00', '1.25', '  i-1 ', '{"user_team":"web"}'),
      row('2025-03-01T01:00:00Z', ' 2 ', '\u00a0i-2\u3000'),
      row('2025-03-01T02:00:00Z', '3', 'null'),
    ]);
    await importPath(warehouse.store, folder, 'typed');
    expect(await imported('typed')).toEqual([
      { start: '2025-03-01 00:00:00', cost: 1.25, resource: 'i-1', team: 'web' },
      { start: '2025-03-01 01:00:00', cost: 2, resource: 'i-2', team: 'web' },
      { start: '2025-03-01 02:00:00', cost: 3, resource: null, team: 'web' },
    ]);
  });

  it('reads US dates and a literal null cost', async () => {
    const folder = await cur2Folder([
      row('03/01/2025', 'null', 'i-1'),
      row('2025-03-01T01:00:00Z', '4', 'i-2'),
    ]);
    await importPath(warehouse.store, folder, 'fallback');
    expect(await imported('fallback')).toEqual([
      { start: '2025-03-01 00:00:00', cost: null, resource: 'i-1', team: 'web' },
      { start: '2025-03-01 01:00:00', cost: 4, resource: 'i-2', team: 'web' },
    ]);
  });

  it('names the file, row and column of a cell it cannot read, and keeps nothing', async () => {
    const folder = await cur2Folder([
      row('2025-03-01T00:00:00Z', '1', 'i-1'),
      row('2025-03-01T01:00:00Z', '1.2.3', 'i-2'),
    ]);
    await expect(importPath(warehouse.store, folder, 'bad')).rejects.toThrow(
      /^export-00001\.csv, row 2, column line_item_unblended_cost: cannot read "1\.2\.3"/,
    );
    expect(await imported('bad')).toEqual([]);
  });
});
