import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { orderAgainstWaiting } from '../event-loop.test-helper';
import { csvExport } from './csv-export';

describe('csvExport', () => {
  it('writes every row in order, letting work waiting on the event loop run while it is built', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => i);
    const { order, result: csv } = await orderAgainstWaiting(() =>
      csvExport(['n', 'half'], rows, (i) => [i, i / 2]),
    );
    expect(order).toEqual(['waiting request', 'done']);
    const records = parse(csv, { columns: true }) as Record<string, string>[];
    expect(records.map((r) => Number(r.n))).toEqual(rows);
    expect(records[4_999]).toEqual({ n: '4999', half: '2499.5' });
  });

  it('quotes text a spreadsheet would run as a formula, but not numbers or amounts written as text', async () => {
    const cells = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '＝1', 'plain', '-12.50', -7, null];
    const csv = await csvExport(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'], [cells], (row) => row);
    expect(parse(csv)[1]).toEqual([
      "'=1+1",
      "'+SUM(A1)",
      "'-2+3",
      "'@cmd",
      "'\tx",
      "'＝1",
      'plain',
      '-12.50',
      '-7',
      '',
    ]);
  });

  it('is a header line alone without rows', async () => {
    expect(await csvExport(['a', 'b'], [], () => [])).toBe('a,b\n');
  });
});
