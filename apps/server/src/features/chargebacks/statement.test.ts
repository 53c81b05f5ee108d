import { describe, expect, it } from 'vitest';
import { orderAgainstWaiting } from '../../platform/event-loop.test-helper';
import { lineOf, previousOf, type RawLine, statementOf } from './statement';
import { statementCsv } from './statement-csv';
import { statementPdf } from './statement-pdf';

const base = {
  showback_id: 'sb',
  showback_name: 'Teams',
  month: '2026-10',
  cost_type: 'amortized' as const,
  currency: 'EUR',
  markups: { web: 10 },
  shared_cost_line: true,
};
const WEB: RawLine = {
  value: 'web',
  direct: 45,
  shared: 7.71,
  markup_percent: 10,
  services: [
    { service: 'AmazonS3', cost: 15 },
    { service: 'AmazonEC2', cost: 30 },
  ],
  previous_month_subtotal: 50,
};
const DB: RawLine = {
  value: 'db',
  direct: 60,
  shared: 10.29,
  markup_percent: -5,
  services: [{ service: 'AmazonRDS', cost: 60 }],
  previous_month_subtotal: 61,
};
const raw = [WEB, DB];
const parts = { row: null, base, raw, previous: null, supersededById: null, visible: null };

describe('statement lines', () => {
  it('keeps markups apart from the subtotal and folds shared cost when asked', () => {
    expect(lineOf(WEB, true, null)).toMatchObject({ subtotal: 52.71, direct: 45, shared: 7.71 });
    expect(lineOf(WEB, true, null).markup).toBeCloseTo(5.271, 9);
    expect(lineOf(WEB, false, null)).toMatchObject({
      direct: 52.71,
      shared: 0,
      subtotal: 52.71,
    });
  });

  it('lists the direct cost per service, most expensive first, with the folded shared part as a line', () => {
    const services = (sharedLine: boolean) =>
      lineOf(WEB, sharedLine, null).services.map((s) => [s.service, s.cost]);
    expect(services(true)).toEqual([
      ['AmazonEC2', 30],
      ['AmazonS3', 15],
    ]);
    expect(services(false)).toEqual([
      ['AmazonEC2', 30],
      ['AmazonS3', 15],
      ['Shared costs', 7.71],
    ]);
    expect(lineOf({ ...WEB, services: null }, true, null).services).toEqual([]);
  });

  it('compares with the version it replaces line by line, a value or service missing there counting as 0', () => {
    const previous = previousOf(
      [
        {
          ...WEB,
          direct: 40,
          shared: 0,
          services: [
            { service: 'AmazonEC2', cost: 25 },
            { service: 'AWSLambda', cost: 15 },
          ],
        },
      ],
      true,
    );
    const web = lineOf(WEB, true, previous);
    expect(web.previous_total).toBeCloseTo(44, 9);
    expect(web.services.map((s) => [s.service, s.cost, s.previous_cost, s.difference])).toEqual([
      ['AmazonEC2', 30, 25, 5],
      ['AmazonS3', 15, 0, 15],
      ['AWSLambda', 0, 15, -15],
    ]);
    expect(lineOf(DB, true, previous)).toMatchObject({ previous_total: 0 });
    expect(lineOf(DB, true, previous).services[0]).toMatchObject({ previous_cost: 0, difference: 60 });
    // A version frozen before services were kept: the value compares, its services do not.
    const old = previousOf([{ ...WEB, services: null }], true);
    expect(lineOf(WEB, true, old).services[0]).toMatchObject({ previous_cost: null, difference: null });
  });

  it('reconciles the lines and Unallocated with the scope total, to the cent', () => {
    const s = statementOf({ ...parts, frozen: { unallocated: 12, scope_total: 135 } });
    expect(s.lines.map((l) => l.value)).toEqual(['db', 'web']);
    expect(s.subtotal).toBeCloseTo(123, 9);
    expect(s.previous_month_subtotal).toBe(111);
    expect(s.difference_cents).toBe(0);
    expect(statementOf({ ...parts, frozen: { unallocated: 12, scope_total: 135.02 } }).difference_cents).toBe(
      -2,
    );
    const older = statementOf({
      ...parts,
      raw: [{ ...WEB, previous_month_subtotal: null }, DB],
      frozen: null,
    });
    expect(older.previous_month_subtotal).toBeNull();
  });

  it('shows a limited caller only their values, totals over them and no reconciliation', () => {
    const s = statementOf({
      ...parts,
      frozen: { unallocated: 12, scope_total: 135 },
      visible: new Set(['db']),
    });
    expect(s.lines.map((l) => l.value)).toEqual(['db']);
    expect(s.total).toBeCloseTo(70.29 * 0.95, 9);
    expect(s.previous_month_subtotal).toBe(61);
    expect(s).toMatchObject({ unallocated: null, scope_total: null, difference_cents: null });
  });
});

describe('statement files', () => {
  // db's three rows (a service, the shared costs, the total) and 300 values of four (two services).
  const teams = Array.from({ length: 300 }, (_, i) => ({
    ...WEB,
    value: `team-${String(i).padStart(3, '0')}`,
  }));
  const many = statementOf({ ...parts, raw: [DB, ...teams], frozen: null });

  it('writes the CSV a batch of rows per turn of the event loop, in order, amounts as they are', async () => {
    const { order, result: csv } = await orderAgainstWaiting(() => statementCsv(many));
    expect(order).toEqual(['waiting request', 'done']);
    const lines = csv.trim().split('\n');
    expect(lines).toHaveLength(1 + 3 + 300 * 4 + 1);
    expect(lines[1]?.startsWith('db,AmazonRDS,60.00,')).toBe(true);
    // A negative markup is a number to the spreadsheet, not a formula to quote.
    expect(csv).toContain('db,Total,70.29,-5,-3.51,');
    const [cost, markup, total, previous] = [
      many.subtotal,
      many.markup,
      many.total,
      many.previous_month_subtotal,
    ].map((n) => n?.toFixed(2));
    expect(lines.at(-1)).toBe(`Total,,${cost},,${markup},${total},${previous},,,EUR`);
  });

  it('draws the PDF a batch of values per turn: a request waiting in the same turn is answered first', async () => {
    const { order, result: pdf } = await orderAgainstWaiting(() => statementPdf(many));
    expect(order).toEqual(['waiting request', 'done']);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
