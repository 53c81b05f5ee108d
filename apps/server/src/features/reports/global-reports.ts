import type { GlobalReport } from '@finlens/contracts/reports';

const query = (dimension: GlobalReport['query']['dimension'], granularity: 'day' | 'month') => ({
  // The dates are placeholders: a global report runs over its range_preset as of today.
  start_date: '2026-01-01',
  end_date: '2026-01-31',
  granularity,
  dimension,
  cost_type: 'unblended' as const,
  filters: [],
  top_n: 10,
});

/**
 * Built-in templates every client can open and copy (POST them back as a report of one's own). Kept in
 * code rather than rows: they change with releases, not with data (docs/reports.md).
 */
export const GLOBAL_REPORTS: GlobalReport[] = [
  {
    key: 'monthly-spend-by-service',
    name: 'Monthly spend by service',
    description: 'The last six full months and this month to date, one bar per month, stacked by service.',
    query: query('product_servicename', 'month'),
    range_preset: '6M',
    chart_type: 'stacked_bar',
  },
  {
    key: 'daily-spend-by-account',
    name: 'Daily spend by account',
    description: 'The last 30 days, one bar per day, stacked by cloud account.',
    query: query('line_item_usage_account_id', 'day'),
    range_preset: '30D',
    chart_type: 'stacked_bar',
  },
  {
    key: 'month-to-date-by-region',
    name: 'Month to date by region',
    description: 'This month so far, split by region.',
    query: query('product_region', 'day'),
    range_preset: 'MTD',
    chart_type: 'pie',
  },
  {
    key: 'top-usage-types',
    name: 'Top usage types, last 3 months',
    description: 'The three full months before this one and this month to date, by usage type.',
    query: query('line_item_usage_type', 'month'),
    range_preset: '3M',
    chart_type: 'bar',
  },
];
