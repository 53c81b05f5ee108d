import { costQueryToParams } from '@finlens/contracts/cost-query';
import type { Insights } from '@finlens/contracts/insights';

const range = { start_date: '2026-09-22', end_date: '2026-11-21' } as const;
const link = (
  dimension: 'product_servicename' | 'product_region' | 'line_item_usage_account_id',
  values: string[],
) =>
  costQueryToParams({
    ...range,
    granularity: 'day',
    dimension,
    cost_type: 'unblended',
    filters: [{ dimension, mode: 'include', values }],
  });

/** 30 days to 2026-11-21 against the 30 before: two increases, one new service, one region shift. */
export const INSIGHTS: Insights = {
  cost_type: 'unblended',
  currency: 'USD',
  start_date: '2026-10-23',
  end_date: '2026-11-21',
  previous_start_date: '2026-09-23',
  previous_end_date: '2026-10-22',
  lookback_start_date: '2026-07-25',
  total: 1500,
  previous_total: 1200,
  as_of: '2026-11-21',
  thresholds: { lookback_periods: 3, min_change: 10, min_percent: 10, limit: 5 },
  insights: [
    {
      kind: 'increase',
      dimension: 'product_servicename',
      key: 'AmazonEC2',
      label: 'AmazonEC2',
      previous: 400,
      current: 650,
      change: 250,
      change_percent: 62.5,
      explorer: link('product_servicename', ['AmazonEC2']),
    },
    {
      kind: 'increase',
      dimension: 'line_item_usage_account_id',
      key: '111122223333',
      label: '111122223333',
      previous: 300,
      current: 400,
      change: 100,
      change_percent: 33.3,
      explorer: link('line_item_usage_account_id', ['111122223333']),
    },
    {
      kind: 'new_service',
      dimension: 'product_servicename',
      key: 'AWSLambda',
      label: 'AWSLambda',
      previous: 0,
      current: 28,
      change: 28,
      change_percent: null,
      explorer: link('product_servicename', ['AWSLambda']),
    },
    {
      kind: 'region_shift',
      dimension: 'product_region',
      from: { key: 'us-east-1', label: 'us-east-1', previous: 800, current: 700 },
      to: { key: 'eu-west-1', label: 'eu-west-1', previous: 100, current: 190 },
      amount: 90,
      explorer: link('product_region', ['us-east-1', 'eu-west-1']),
    },
  ],
};
