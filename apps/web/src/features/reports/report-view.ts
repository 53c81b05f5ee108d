import {
  DEFAULT_GRID_SETTINGS,
  type GlobalReport,
  type Report,
  type ReportCreate,
  type ReportSchedule,
} from '@finlens/contracts/reports';
import { isRangePreset } from '@finlens/cost-model/range-presets';
import type { ChartKind } from '../../components/Chart';
import { explorerHref } from '../cost-explorer/api/explorer-href';
import { type ExplorerView, viewToParams } from '../cost-explorer/explorer-view';

export const ANALYSIS_PATH = '/v3/reports-api/';
/** `report=<id>` in an Explorer URL names the report it was opened from (the view reader ignores it). */
export const REPORT_PARAM = 'report';

/** The Explorer draws a stacked bar, a line or a stacked area; a report's plain bar and pie open as the bar. */
const EXPLORER_CHART: Record<Report['chart_type'], ChartKind> = {
  stacked_bar: 'bar',
  bar: 'bar',
  line: 'line',
  area: 'area',
  pie: 'bar',
};
const REPORT_CHART: Record<ChartKind, Report['chart_type']> = {
  bar: 'stacked_bar',
  line: 'line',
  area: 'area',
};

type SavedView = Pick<GlobalReport, 'query' | 'range_preset' | 'chart_type'> & Partial<Pick<Report, 'grid'>>;

/** A report's saved view in the Explorer's terms. */
function savedView(report: SavedView): ExplorerView {
  const preset = report.range_preset;
  return {
    range: preset !== null && isRangePreset(preset) ? preset : null,
    query: report.query,
    chart: EXPLORER_CHART[report.chart_type],
    window: 0,
    grid: report.grid ?? DEFAULT_GRID_SETTINGS,
  };
}

/** A report's saved view as Explorer search params (no report id). */
const savedParams = (report: SavedView) => viewToParams(savedView(report));

/**
 * The Explorer URL that restores a report's view: its CostQuery, its range preset (or fixed dates), its chart
 * and its grid settings (a global template has none: the grid's defaults).
 */
export function explorerUrlOf(report: SavedView & { id?: string }): string {
  return explorerHref(savedView(report), report.id === undefined ? {} : { [REPORT_PARAM]: report.id });
}

/**
 * The saved view of a report: what "Save" in the Explorer writes over its report (PATCH) and "Save as" copies.
 * A report's plain bar or pie, which the Explorer draws as its bar, stays what it was while the bar is kept.
 */
export function savedViewOf(
  view: ExplorerView,
  saved?: Report['chart_type'],
): Pick<ReportCreate, 'query' | 'range_preset' | 'chart_type' | 'grid'> {
  const keep = saved !== undefined && EXPLORER_CHART[saved] === view.chart;
  return {
    query: view.query,
    range_preset: view.range,
    chart_type: keep ? saved : REPORT_CHART[view.chart],
    grid: view.grid,
  };
}

/** The body that saves an Explorer view as a new private report. */
export function reportFromView(name: string, view: ExplorerView): ReportCreate {
  return { name, ...savedViewOf(view), visibility: 'private', is_hidden: false, schedule: null };
}

/** Whether the Explorer shows exactly the report's saved view (its URL, the chart window aside). */
export function showsReport(report: SavedView, view: ExplorerView): boolean {
  const sorted = (params: URLSearchParams) => [...params.entries()].map(String).sort().join('&');
  return sorted(savedParams(report)) === sorted(viewToParams({ ...view, window: 0 }));
}

/** A copy of a report or a global template: an ordinary private report of the caller's. */
export function copyOf(source: SavedView, name: string): ReportCreate {
  return {
    name,
    query: source.query,
    range_preset: source.range_preset,
    chart_type: source.chart_type,
    grid: source.grid ?? DEFAULT_GRID_SETTINGS,
    visibility: 'private',
    is_hidden: false,
    schedule: null,
  };
}

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** "Weekly on Mon, Thu at 07:30 (Europe/Berlin)"; "Not scheduled" without a schedule. */
export function scheduleSummary(schedule: ReportSchedule | null): string {
  if (schedule === null) return 'Not scheduled';
  const at = `at ${schedule.time} (${schedule.time_zone})`;
  switch (schedule.frequency) {
    case 'daily':
      return `Daily ${at}`;
    case 'weekly':
      return `Weekly on ${[...schedule.days_of_week]
        .sort()
        .map((d) => WEEKDAYS[d])
        .join(', ')} ${at}`;
    case 'monthly':
      return `Monthly on day ${schedule.day_of_month} ${at}`;
  }
}

/** The last send as one line: "Sent 2026-11-20 07:30 UTC", "Failed …: error", or "Never sent". */
export function lastSentSummary(report: Pick<Report, 'last_send'>): string {
  const send = report.last_send;
  if (send === null) return 'Never sent';
  const when = `${send.updated_at.slice(0, 16).replace('T', ' ')} UTC`;
  if (send.status === 'sent') return `Sent ${when}`;
  if (send.status === 'sending') return `Sending since ${when}`;
  return `Failed ${when}${send.error ? `: ${send.error}` : ''}`;
}

export type ReportTab = 'mine' | 'shared' | 'global';

/** The tab's reports that match the search (name or owner, any case). */
export function filterReports(reports: Report[], tab: 'mine' | 'shared', userId: string, search: string) {
  const needle = search.trim().toLowerCase();
  return reports.filter(
    (r) =>
      (tab === 'mine' ? r.owner.id === userId : r.owner.id !== userId) &&
      (needle === '' ||
        r.name.toLowerCase().includes(needle) ||
        r.owner.name.toLowerCase().includes(needle) ||
        r.owner.email.toLowerCase().includes(needle)),
  );
}

/** Global templates matching the search (name or description). */
export function filterTemplates(templates: GlobalReport[], search: string) {
  const needle = search.trim().toLowerCase();
  return templates.filter(
    (t) => needle === '' || `${t.name} ${t.description}`.toLowerCase().includes(needle),
  );
}
