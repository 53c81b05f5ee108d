import { createClient } from '@clickhouse/client';
import { describe, expect, it } from 'vitest';
import { sqlIdentifier, sqlNumber, sqlString, sqlStringList, sqlUtcDay } from './clickhouse-sql';
import { useTestClickHouse } from './test-clickhouse';

/** Strings aimed at ending a literal early or confusing the lexer's escapes. */
const HOSTILE = [
  "'",
  "\\'",
  "\\\\'",
  "'; DROP TABLE line_items; --",
  "x' OR 1=1 --",
  "x\\' OR 1=1 --",
  "' UNION ALL SELECT name FROM system.tables --",
  '\\',
  'a\\',
  '\\x27',
  '\\u0027',
  '\\0',
  '\0',
  'line\nbreak\r\n\ttab',
  '"double" `back` $dollar$',
  '/* comment */ -- comment',
  'naïve Ω 漢字 🚀',
  '',
  String.fromCharCode(...Array.from({ length: 256 }, (_, i) => i)),
];

describe('ClickHouse literals', () => {
  it('escape the backslash, the quote and control characters', () => {
    expect(sqlString("it's")).toBe("'it\\'s'");
    expect(sqlString('a\\b')).toBe("'a\\\\b'");
    expect(sqlString("\\'")).toBe("'\\\\\\''");
    expect(sqlString('a\nb\0')).toBe("'a\\nb\\0'");
    expect(sqlStringList([])).toBe('(NULL)');
    expect(sqlStringList(['a', "b'"])).toBe("('a', 'b\\'')");
  });

  it('refuse what is not a number, a day or a plain identifier', () => {
    expect(sqlNumber(1.25)).toBe('1.25');
    expect(() => sqlNumber(Number.NaN)).toThrow(/finite/);
    expect(() => sqlNumber(Number.POSITIVE_INFINITY)).toThrow(/finite/);
    expect(sqlUtcDay('2024-02-29')).toBe("toDateTime('2024-02-29 00:00:00', 'UTC')");
    expect(() => sqlUtcDay("2024-01-01' OR 1=1")).toThrow(/YYYY-MM-DD/);
    expect(sqlIdentifier('line_item_usage_type')).toBe('`line_item_usage_type`');
    expect(() => sqlIdentifier('a` OR 1')).toThrow(/identifier/);
  });

  const clickHouse = useTestClickHouse();

  it('round-trip hostile strings through a real server unchanged, as one value', async (context) => {
    if (clickHouse.url === null) return context.skip('clickhouse-server is not installed');
    const client = createClient({ url: clickHouse.url });
    try {
      // Every character on its own, then every hostile string, each as the only column of one row.
      const singles = Array.from({ length: 256 }, (_, i) => String.fromCharCode(i));
      for (const value of [...HOSTILE, ...singles]) {
        const result = await client.query({
          query: `SELECT ${sqlString(value)} AS v, 1 AS marker`,
          format: 'JSONEachRow',
        });
        expect(await result.json()).toEqual([{ v: value, marker: 1 }]);
      }
      const list = await client.query({
        query: `SELECT arrayJoin([${HOSTILE.map(sqlString).join(', ')}]) AS v WHERE v IN ${sqlStringList(HOSTILE)}`,
        format: 'JSONEachRow',
      });
      expect((await list.json<{ v: string }>()).map((r) => r.v)).toEqual(HOSTILE);
    } finally {
      await client.close();
    }
  });
});
