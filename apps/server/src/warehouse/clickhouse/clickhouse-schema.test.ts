import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { LINE_ITEM_COLUMNS } from './clickhouse-schema';

/** The DuckDB expressions that write a map column as the CSV fields of its key and value arrays. */
function tagArrays(): string {
  const [keys, values] = ['resource_tags_keys', 'resource_tags_values'].map(
    (name) => LINE_ITEM_COLUMNS.find((c) => c.name === name)?.fromDuckDb,
  );
  return `${keys} AS k, ${values} AS v`;
}

describe('map columns as ClickHouse array literals', () => {
  it.each([
    ["MAP {'team': 'core', 'env': 'prod'}", "['team','env']", "['core','prod']"],
    ["MAP {'a': NULL, 'b': 'x'}", "['a','b']", "[NULL,'x']"],
    ["MAP {'it''s': 'a\\b'}", "['it\\'s']", "['a\\\\b']"],
    ["MAP {'x' || chr(1): 'y' || chr(1) || 'z'}", "['x\x01']", "['y\x01z']"],
    ['MAP {}::MAP(VARCHAR, VARCHAR)', '[]', '[]'],
    ['NULL::MAP(VARCHAR, VARCHAR)', '[]', '[]'],
  ])('%s', async (map, keys, values) => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      const result = await connection.runAndReadAll(
        `SELECT ${tagArrays()} FROM (SELECT ${map} AS resource_tags)`,
      );
      expect(result.getRowObjectsJson()).toEqual([{ k: keys, v: values }]);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });
});
