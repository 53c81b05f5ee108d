import { describe, expect, it } from 'vitest';
import { viewFromParams } from '../explorer/explorer-view';
import { explorerUrlOf, reportFromView, scheduleSummary } from './report-view';
import { MY_REPORT, TEMPLATE } from './reports-fixtures.test-helper';

const today = new Date('2026-11-22T10:00:00Z');
const paramsOf = (url: string) => new URL(url, 'http://x').searchParams;

describe('report view', () => {
  it('a report with fixed dates opens the Explorer on exactly its query, chart and id', () => {
    const url = explorerUrlOf(MY_REPORT);
    expect(new URL(url, 'http://x').pathname).toBe('/v3/cloud-resource-cost-api/');
    const params = paramsOf(url);
    expect(params.get('report')).toBe(MY_REPORT.id);
    const { view, problem } = viewFromParams(params, today);
    expect(problem).toBeNull();
    expect(view).toEqual({ range: null, query: MY_REPORT.query, chart: 'line', window: 0 });
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
