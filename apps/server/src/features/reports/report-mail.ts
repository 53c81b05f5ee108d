import { gridSettingsSchema } from '@finlens/contracts/reports';
import { formatMoney, formatPercent } from '@finlens/cost-model/format';
import type { MailMessage } from '../../platform/mail/mailer';
import { chartPng, gridCsv, gridPdf } from './report-files';
import type { ReportRun } from './report-run';
import type { StoredReport } from './reports.repo';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The summary lines every part of the email shares (text, HTML, PDF). */
export function summaryLines(run: ReportRun, currency: string): string[] {
  const { summary } = run;
  const money = (value: number) => formatMoney(value, currency);
  const change =
    summary.change_ratio === null
      ? `${money(summary.change)} (no cost in the previous period)`
      : `${money(summary.change)} (${formatPercent(summary.change_ratio * 100)})`;
  return [
    `Total: ${money(summary.total)}`,
    `Previous period (${summary.previous_start} to ${summary.previous_end}): ${money(summary.previous_total)}`,
    `Change: ${change}`,
    ...(summary.top_movers.length === 0 ? [] : [`Top movers by ${summary.movers_dimension}:`]),
    ...summary.top_movers.map(
      (m) =>
        `  ${m.label}: ${money(m.previous)} → ${money(m.current)} (${m.change > 0 ? '+' : ''}${money(m.change)})`,
    ),
  ];
}

/** The report email: summary in the body, the chart inline as PNG, the grid as CSV and PDF attachments. */
export async function reportMail({
  report,
  run,
  to,
  link,
}: {
  report: StoredReport;
  run: ReportRun;
  to: string[];
  link: string;
}): Promise<MailMessage> {
  const currency = run.answer.currency ?? 'USD';
  const range = `${run.query.start_date} to ${run.query.end_date}`;
  const lines = summaryLines(run, currency);
  const grid = gridSettingsSchema.parse(report.grid);
  const chartType = report.chart_type as Parameters<typeof chartPng>[1];
  const base = report.name.replace(/[^\w.-]+/g, '-').toLowerCase() || 'report';
  const pdf = await gridPdf({
    title: report.name,
    subtitle: `${range} · ${run.query.cost_type} cost · by ${run.query.granularity}`,
    summary: lines,
    answer: run.answer,
    granularity: run.query.granularity,
    grid,
    currency,
  });
  const text = `${report.name} (${range})\n\n${lines.join('\n')}\n\nOpen the report: ${link}\n\n— Finlens\n`;
  const html = `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">
<h2>${escapeHtml(report.name)}</h2>
<p style="color: #555">${escapeHtml(range)}</p>
<pre style="font-family: sans-serif">${escapeHtml(lines.join('\n'))}</pre>
<p><img src="cid:report-chart" alt="Chart of ${escapeHtml(report.name)}" width="800"></p>
<p><a href="${escapeHtml(link)}">Open the report</a></p>
<p>— Finlens</p>
</body></html>`;
  return {
    to: to.join(', '),
    subject: `Finlens report: ${report.name} (${range})`,
    text,
    html,
    link,
    attachments: [
      {
        filename: `${base}.png`,
        content: await chartPng(run.answer, chartType, report.name),
        contentType: 'image/png',
        cid: 'report-chart',
      },
      {
        filename: `${base}.csv`,
        content: Buffer.from(await gridCsv(run.answer, grid)),
        contentType: 'text/csv',
      },
      { filename: `${base}.pdf`, content: pdf, contentType: 'application/pdf' },
    ],
  };
}
