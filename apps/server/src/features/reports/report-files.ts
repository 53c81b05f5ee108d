import type { CostSeries } from '@finlens/contracts/cost-query';
import type { Report } from '@finlens/contracts/reports';
import { Resvg } from '@resvg/resvg-js';
import { stringify } from 'csv-stringify/sync';
import * as echarts from 'echarts';
import PDFDocument from 'pdfkit';
import type { WarehouseCostAnswer } from '../../warehouse/cost-query/cost-query-port';

const CHART_WIDTH = 800;
const CHART_HEIGHT = 400;

/** The chart as the Explorer draws it, rendered on the server (ECharts SSR → SVG) and rasterised to PNG. */
export function chartPng(
  answer: WarehouseCostAnswer,
  chartType: Report['chart_type'],
  title: string,
): Buffer {
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
  return new Resvg(svg, { background: 'white', fitTo: { mode: 'width', value: CHART_WIDTH * 2 } })
    .render()
    .asPng();
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

/** The grid's rows in its saved order: one per series, its cost per period and its total. */
export function gridRows(answer: WarehouseCostAnswer, grid: Report['grid']): CostSeries[] {
  const rows = [...answer.series];
  const direction = grid.sort_direction === 'asc' ? 1 : -1;
  rows.sort((x, y) =>
    grid.sort_by === 'label' ? direction * x.label.localeCompare(y.label) : direction * (x.total - y.total),
  );
  return rows;
}

/** The grid as CSV: a header (group, each visible period, Total) and one line per row; amounts unrounded. */
export function gridCsv(answer: WarehouseCostAnswer, grid: Report['grid']): string {
  const periods = answer.periods.map((period, index) => ({ period, index }));
  const shown = periods.filter(({ period }) => !grid.hidden_columns.includes(period));
  const total = !grid.hidden_columns.includes('total');
  const header = ['Group', ...shown.map(({ period }) => period), ...(total ? ['Total'] : [])];
  const lines = gridRows(answer, grid).map((row) => [
    row.label,
    ...shown.map(({ index }) => row.costs[index] ?? 0),
    ...(total ? [row.total] : []),
  ]);
  return stringify([header, ...lines]);
}

export interface PdfContent {
  title: string;
  subtitle: string;
  summary: string[];
  answer: WarehouseCostAnswer;
  grid: Report['grid'];
  currency: string;
}

/**
 * The grid as a one-table PDF (pdfkit): title, summary lines, then each row with its total and share. Periods
 * are left to the CSV: a daily grid has too many columns for a page.
 */
export function gridPdf(content: PdfContent): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: content.title } });
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
  const columns = [40, 360, 470];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    cells.forEach((cell, i) => {
      doc.text(cell, columns[i], y, { width: i === 0 ? 310 : 100, align: i === 0 ? 'left' : 'right' });
    });
    doc.x = columns[0] ?? 40;
  };
  row(['Group', `Total (${content.currency})`, 'Share'], true);
  const total = content.answer.total;
  for (const series of gridRows(content.answer, content.grid)) {
    if (doc.y > doc.page.height - 60) doc.addPage();
    row([
      series.label,
      series.total.toFixed(2),
      total === 0 ? '–' : `${((series.total / total) * 100).toFixed(1)}%`,
    ]);
  }
  doc.end();
  return done;
}
