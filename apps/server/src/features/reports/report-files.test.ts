import { DEFAULT_GRID_SETTINGS, type GridSettings } from '@finlens/contracts/reports';
import { describe, expect, it } from 'vitest';
import { orderAgainstWaiting } from '../../platform/event-loop.test-helper';
import type { WarehouseCostAnswer } from '../../warehouse/cost-query/cost-query-port';
import { pdfText } from './report-attachments.test-helper';
import { chartPng, gridCsv, gridPdf, gridRows } from './report-files';

function answer(periods: string[], series: [string, number[]][]): WarehouseCostAnswer {
  const rows = series.map(([label, costs]) => ({
    key: label,
    label,
    costs,
    total: costs.reduce((sum, c) => sum + c, 0),
  }));
  return {
    periods,
    series: rows,
    total: rows.reduce((sum, s) => sum + s.total, 0),
    group_count: rows.length,
    source: 'rollup',
    reads: [],
    as_of: periods.at(-1) ?? null,
    currency: 'USD',
  };
}

const MONTHS = answer(
  ['2026-08-01', '2026-09-01', '2026-10-01'],
  [
    ['Amazon EC2', [100, 200, 300]],
    ['Amazon S3', [1200.5, 10, 10]],
    ['AWS Lambda', [1, 2, 3]],
  ],
);

const PDF_CONTENT = {
  title: 'Services by month',
  subtitle: '2026-08-01 to 2026-10-31',
  summary: ['Total: $1,826.50'],
  answer: MONTHS,
  granularity: 'month' as const,
  grid: DEFAULT_GRID_SETTINGS,
  currency: 'USD',
};

const pdf = (content: WarehouseCostAnswer, grid: GridSettings, granularity: 'day' | 'month' = 'month') =>
  gridPdf({ ...PDF_CONTENT, answer: content, granularity, grid }).then(pdfText);

/** The words between two markers of the PDF's text. */
const between = (text: string, from: string, to: string) =>
  text.slice(text.indexOf(from), text.indexOf(to, text.indexOf(from) + from.length) + to.length);

describe('report grid files', () => {
  it('the PDF has the grid as in the app: a column per period, the total, a row per group and the total row', async () => {
    const text = await pdf(MONTHS, DEFAULT_GRID_SETTINGS);
    expect(text).toContain('Services by month');
    expect(text).toMatch(/Group\s+Aug, 2026\s+Sep, 2026\s+Oct, 2026\s+Total/);
    // Rows by total, largest first; each amount under its period.
    expect(text).toMatch(/Amazon S3\s+\$1,200\.50\s+\$10\.00\s+\$10\.00\s+\$1,220\.50/);
    expect(text).toMatch(/Amazon EC2\s+\$100\.00\s+\$200\.00\s+\$300\.00\s+\$600\.00/);
    expect(text).toMatch(/AWS Lambda\s+\$1\.00\s+\$2\.00\s+\$3\.00\s+\$6\.00/);
    expect(text).toMatch(/Total\s+\$1,301\.50\s+\$212\.00\s+\$313\.00\s+\$1,826\.50/);
    expect(text.indexOf('Amazon S3')).toBeLessThan(text.indexOf('Amazon EC2'));
    expect(text.indexOf('Amazon EC2')).toBeLessThan(text.indexOf('AWS Lambda'));
  });

  it('keeps the saved sort (a period column, ascending) and leaves hidden columns out of the PDF and CSV', async () => {
    const grid: GridSettings = {
      ...DEFAULT_GRID_SETTINGS,
      sort_by: '2026-10-01',
      sort_direction: 'asc',
      hidden_columns: ['2026-08-01'],
    };
    expect(gridRows(MONTHS, grid).map((s) => s.label)).toEqual(['AWS Lambda', 'Amazon S3', 'Amazon EC2']);
    const text = await pdf(MONTHS, grid);
    expect(text).toMatch(/Group\s+Sep, 2026\s+Oct, 2026\s+Total/);
    expect(text).not.toContain('Aug, 2026');
    expect(text).toMatch(/AWS Lambda\s+\$2\.00\s+\$3\.00\s+\$6\.00\s+Amazon S3/);
    expect((await gridCsv(MONTHS, grid)).split('\n')[0]).toBe('Group,2026-09-01,2026-10-01,Total');
    // A sorted period no longer in the range (a rolling report) falls back to the total.
    const gone = gridRows(MONTHS, { ...grid, sort_by: '2025-01-01', sort_direction: 'desc' });
    expect(gone.map((s) => s.label)).toEqual(['Amazon S3', 'Amazon EC2', 'AWS Lambda']);
  });

  it('prints a daily month in bands of columns, every band with the group column and the total row', async () => {
    const days = Array.from({ length: 31 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`);
    const daily = answer(days, [
      ['Amazon EC2', days.map((_, i) => i + 1)],
      ['Amazon S3', days.map(() => 0.5)],
    ]);
    const text = await pdf(daily, DEFAULT_GRID_SETTINGS, 'day');
    const labels = [...text.matchAll(/(\d{2}) Oct, 2026/g)].map((m) => Number(m[1]));
    expect(labels).toEqual(days.map((_, i) => i + 1));
    const bands = [...text.matchAll(/Columns (\d+)–(\d+) of 32/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(bands.length).toBeGreaterThan(1);
    expect(bands.at(-1)?.[1]).toBe(32);
    expect(text.match(/Amazon EC2/g)).toHaveLength(bands.length);
    expect(text.match(/Group/g)).toHaveLength(bands.length);
    // The last band ends with the totals: EC2 1+…+31 = 496, S3 15.50, all 511.50.
    const last = between(text, `Columns ${bands.at(-1)?.[0]}`, '$511.50');
    expect(last).toMatch(/Amazon EC2 .*\$496\.00 .*Amazon S3 .*\$15\.50 .*Total .*\$511\.50$/);
  });
});

describe('report files of a large grid', () => {
  // A report grouped by resource: 500 rows, the largest first.
  const LARGE = answer(
    MONTHS.periods,
    Array.from({ length: 500 }, (_, i): [string, number[]] => [`=res-${i}`, [500 - i, 1, 1]]),
  );

  it('draws the PDF a batch of rows per turn: a request waiting in the same turn is answered first', async () => {
    const { order, result: file } = await orderAgainstWaiting(() =>
      gridPdf({ ...PDF_CONTENT, answer: LARGE }),
    );
    expect(order).toEqual(['waiting request', 'done']);
    expect(await pdfText(file)).toMatch(/=res-0\s[\s\S]*=res-1\s[\s\S]*=res-499\s/);
  });

  it('writes the CSV through the shared export: rows in order, a group that reads as a formula quoted', async () => {
    const { order, result: csv } = await orderAgainstWaiting(() => gridCsv(LARGE, DEFAULT_GRID_SETTINGS));
    expect(order).toEqual(['waiting request', 'done']);
    const lines = csv.trim().split('\n');
    expect(lines).toHaveLength(501);
    expect(lines[1]).toBe("'=res-0,500,1,1,502");
    expect(lines[500]).toBe("'=res-499,1,1,1,3");
  });
});

describe('report chart', () => {
  it('is a PNG rasterised off the event loop: a waiting request runs before it is ready', async () => {
    // A chart drawn on the loop would be ready before the waiting request; one rasterised on another thread
    // comes back in a later turn.
    const { order, result: png } = await orderAgainstWaiting(() =>
      chartPng(MONTHS, 'stacked_bar', 'Services by month'),
    );
    expect(order).toEqual(['waiting request', 'done']);
    // PNG signature, then the IHDR's width: twice the chart's 800 px.
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(1600);
  });
});
