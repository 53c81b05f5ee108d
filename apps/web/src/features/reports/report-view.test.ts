import { describe, expect, it } from 'vitest';
import { viewFromParams } from '../cost-explorer/explorer-view';
import { explorerUrlOf, reportFromView, savedViewOf, scheduleSummary, showsReport } from './report-view';
import { MY_REPORT, TEMPLATE } from './reports-fixtures.test-helper';

const today = new Date('2026-11-22T10:00:00Z');
const SORTED = {
  ...MY_REPORT,
  grid: {
    sort_by: '2026-10-01',
    sort_direction: 'asc' as const,
    page_size: 10 as const,
    hidden_columns: ['total'],
  },
};
const paramsOf = (url: string) => new URL(url, 'http://x').searchParams;

describe('report view', () => {
  it('a report with fixed dates opens the Explorer on exactly its query, chart, grid settings and id', () => {
    const url = explorerUrlOf(SORTED);
    expect(new URL(url, 'http://x').pathname).toBe('/v3/cloud-resource-cost-api/');
    const params = paramsOf(url);
    expect(params.get('report')).toBe(MY_REPORT.id);
    const { view, problem } = viewFromParams(params, today);
    expect(problem).toBeNull();
    expect(view).toEqual({
      range: null,
      query: MY_REPORT.query,
      chart: 'line',
      window: 0,
      grid: SORTED.grid,
    });
    expect(showsReport(SORTED, { ...view, window: 2 })).toBe(true);
    expect(showsReport(SORTED, { ...view, grid: { ...view.grid, page_size: 50 } })).toBe(false);
    expect(showsReport(SORTED, { ...view, chart: 'area' })).toBe(false);
    expect(savedViewOf(view, SORTED.chart_type)).toEqual({
      query: MY_REPORT.query,
      range_preset: null,
      chart_type: 'line',
      grid: SORTED.grid,
    });
  });

  it('saving over a pie or plain bar report keeps its chart while the Explorer shows its bar', () => {
    const { view } = viewFromParams(paramsOf(explorerUrlOf({ ...MY_REPORT, chart_type: 'pie' })), today);
    expect(view.chart).toBe('bar');
    expect(savedViewOf(view, 'pie').chart_type).toBe('pie');
    expect(savedViewOf({ ...view, chart: 'line' }, 'pie').chart_type).toBe('line');
    expect(savedViewOf(view).chart_type).toBe('stacked_bar');
  });

  it('a template with a range preset follows the calendar; saving that view gives the template back', () => {
    const { view } = viewFromParams(paramsOf(explorerUrlOf(TEMPLATE)), today);
    expect(view.range).toBe('30D');
    expect(view.query.dimension).toBe('line_item_usage_account_id');
    expect(reportFromView('Mine', view)).toMatchObject({
      name: 'Mine',
      range_preset: '30D',
      chart_type: 'stacked_bar',
      query: { dimension: 'line_item_usage_account_id', granularity: 'day' },
      visibility: 'private',
      schedule: null,
    });
  });

  it('summarises schedules', () => {
    expect(scheduleSummary(MY_REPORT.schedule)).toBe('Weekly on Mon, Thu at 07:30 (Europe/Berlin)');
    expect(scheduleSummary(null)).toBe('Not scheduled');
  });
});
