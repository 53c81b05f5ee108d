import type { CostSeries, Granularity } from '@finlens/contracts/cost-query';
import type { GridSettings, Report } from '@finlens/contracts/reports';
import { formatMoney } from '@finlens/cost-model/format';
import { periodLabel } from '@finlens/cost-model/period-label';
import { forEachPaced } from '../../platform/event-loop';
import { csvExport } from '../../platform/http/csv-export';
import type { WarehouseCostAnswer } from '../../warehouse/cost-query/cost-query-port';

const CHART_WIDTH = 800;
const CHART_HEIGHT = 400;

/**
 * The chart as the Explorer draws it, rendered on the server (ECharts SSR → SVG) and rasterised to PNG on
 * resvg's own thread, off the event loop.
 */
export async function chartPng(
  answer: WarehouseCostAnswer,
  chartType: Report['chart_type'],
  title: string,
): Promise<Buffer> {
  // ECharts and resvg load with the first chart: the server's other work and its tests never need them.
  const [echarts, { renderAsync }] = await Promise.all([import('echarts'), import('@resvg/resvg-js')]);
  const chart = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
  });
  chart.setOption({
    animation: false,
    title: { text: title, left: 'center' },
    ...chartOption(answer, chartType),
  });
  const svg = chart.renderToSVGString();
  chart.dispose();
  const image = await renderAsync(svg, {
    background: 'white',
    fitTo: { mode: 'width', value: CHART_WIDTH * 2 },
  });
  return image.asPng();
}

function chartOption(answer: WarehouseCostAnswer, chartType: Report['chart_type']) {
  if (chartType === 'pie') {
    return {
      series: [
        {
          type: 'pie',
          radius: '60%',
          data: answer.series.map((s) => ({ name: s.label, value: round(s.total) })),
        },
      ],
    };
  }
  const type = chartType === 'line' || chartType === 'area' ? 'line' : 'bar';
  return {
    legend: { bottom: 0, type: 'scroll' },
    grid: { left: 60, right: 20, top: 50, bottom: 60 },
    xAxis: { type: 'category', data: answer.periods },
    yAxis: { type: 'value' },
    series: answer.series.map((s) => ({
      type,
      name: s.label,
      data: s.costs.map(round),
      ...(chartType === 'stacked_bar' || chartType === 'area' ? { stack: 'total' } : {}),
      ...(chartType === 'area' ? { areaStyle: {} } : {}),
    })),
  };
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The grid's rows in its saved order: one per series, sorted by the label, a period's cost or (also when the
 * sorted period is no longer in the range, or for the forecast, which emails leave out) the total.
 */
export function gridRows(answer: WarehouseCostAnswer, grid: GridSettings): CostSeries[] {
  const period = answer.periods.indexOf(grid.sort_by);
  const value = (s: CostSeries) => (period >= 0 ? (s.costs[period] ?? 0) : s.total);
  const direction = grid.sort_direction === 'asc' ? 1 : -1;
  return [...answer.series].sort((x, y) =>
    grid.sort_by === 'label' ? direction * x.label.localeCompare(y.label) : direction * (value(x) - value(y)),
  );
}

/** The grid's amount columns as the app shows them: each visible period, then the total unless hidden. */
function gridColumns(answer: WarehouseCostAnswer, grid: GridSettings) {
  const periods = answer.periods
    .map((period, index) => ({ id: period, index }))
    .filter(({ id }) => !grid.hidden_columns.includes(id));
  return grid.hidden_columns.includes('total') ? periods : [...periods, { id: 'total', index: -1 }];
}

const amount = (series: Pick<CostSeries, 'costs' | 'total'>, index: number) =>
  index < 0 ? series.total : (series.costs[index] ?? 0);

/** The grid as CSV: a header (group, each visible period, Total) and one line per row; amounts unrounded. */
export function gridCsv(answer: WarehouseCostAnswer, grid: GridSettings): Promise<string> {
  const columns = gridColumns(answer, grid);
  const header = ['Group', ...columns.map(({ id }) => (id === 'total' ? 'Total' : id))];
  return csvExport(header, gridRows(answer, grid), (row) => [
    row.label,
    ...columns.map(({ index }) => amount(row, index)),
  ]);
}

export interface PdfContent {
  title: string;
  subtitle: string;
  summary: string[];
  answer: WarehouseCostAnswer;
  granularity: Granularity;
  grid: GridSettings;
  currency: string;
}

const PAGE_MARGIN = 36;
const LABEL_WIDTH = 150;
const AMOUNT_WIDTH = 72;
const ROW_HEIGHT = 14;
/** Grid rows drawn between turns of the event loop: a report grouped by resource may have thousands. */
const PDF_ROWS_PER_TURN = 200;

/**
 * The grid as the app shows it, on landscape A4 pages (pdfkit): title, summary, then the table — a row per
 * group and the total row, a column per visible period and the total. A range wider than a page (a daily
 * month) is printed in bands of columns, each repeating the group column, the way wide sheets are printed.
 * The rows are drawn a batch per turn of the event loop, so other requests are answered meanwhile.
 */
export async function gridPdf(content: PdfContent): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: PAGE_MARGIN,
    info: { Title: content.title },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fontSize(16).text(content.title);
  doc.fontSize(10).fillColor('#555').text(content.subtitle).moveDown();
  doc.fillColor('black');
  for (const line of content.summary) doc.text(line);
  doc.moveDown();
  const perBand = Math.floor((doc.page.width - 2 * PAGE_MARGIN - LABEL_WIDTH) / AMOUNT_WIDTH);
  const columns = gridColumns(content.answer, content.grid);
  for (let from = 0; from < columns.length; from += perBand) {
    const band = columns.slice(from, from + perBand);
    const caption =
      band.length === columns.length ? '' : `Columns ${from + 1}–${from + band.length} of ${columns.length}`;
    await bandTable(doc, content, band, caption);
  }
  doc.end();
  return done;
}

/** One band of the table; the header row is repeated on every new page. */
async function bandTable(
  doc: PDFKit.PDFDocument,
  content: PdfContent,
  band: { id: string; index: number }[],
  caption: string,
): Promise<void> {
  const money = (value: number) => formatMoney(value, content.currency);
  const { answer } = content;
  const line = (label: string, cells: string[], bold: boolean) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    doc.text(label, PAGE_MARGIN, y, { width: LABEL_WIDTH - 6, height: ROW_HEIGHT, ellipsis: true });
    cells.forEach((cell, i) => {
      const x = PAGE_MARGIN + LABEL_WIDTH + i * AMOUNT_WIDTH;
      doc.text(cell, x, y, { width: AMOUNT_WIDTH - 4, align: 'right', lineBreak: false });
    });
    doc.x = PAGE_MARGIN;
    doc.y = y + ROW_HEIGHT;
  };
  const full = () => doc.y > doc.page.height - PAGE_MARGIN - 2 * ROW_HEIGHT;
  const header = () => {
    if (full()) doc.addPage();
    const labels = band.map(({ id }) => (id === 'total' ? 'Total' : periodLabel(id, content.granularity)));
    line('Group', labels, true);
  };
  const row = (series: Pick<CostSeries, 'label' | 'costs' | 'total'>, bold = false) => {
    if (full()) {
      doc.addPage();
      header();
    }
    line(
      series.label,
      band.map(({ index }) => money(amount(series, index))),
      bold,
    );
  };
  doc.moveDown();
  if (caption !== '') doc.font('Helvetica').fontSize(9).fillColor('#555').text(caption).fillColor('black');
  header();
  await forEachPaced(gridRows(answer, content.grid), PDF_ROWS_PER_TURN, (series) => row(series));
  const costs = answer.periods.map((_, i) => answer.series.reduce((sum, s) => sum + (s.costs[i] ?? 0), 0));
  row({ label: 'Total', costs, total: answer.total }, true);
}
