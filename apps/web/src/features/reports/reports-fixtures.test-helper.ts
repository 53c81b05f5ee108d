import { DEFAULT_GRID_SETTINGS, type GlobalReport, type Report } from '@finlens/contracts/reports';
import type { TeamMember } from '@finlens/contracts/team';

const query = {
  start_date: '2026-10-24',
  end_date: '2026-11-22',
  granularity: 'day' as const,
  dimension: 'product_servicename' as const,
  cost_type: 'unblended' as const,
  filters: [],
  top_n: 10,
};

function report(overrides: Partial<Report>): Report {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    client_id: 'c1',
    owner: { id: '42', email: 'ada@acme.test', name: 'Ada Lovelace' },
    name: 'Report',
    query,
    range_preset: '30D',
    chart_type: 'stacked_bar',
    grid: DEFAULT_GRID_SETTINGS,
    visibility: 'private',
    is_hidden: false,
    share_code: null,
    schedule: null,
    next_send_at: null,
    last_send: null,
    can_manage: true,
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
    ...overrides,
  };
}

/** The test user's (id 42) report: EC2 in eu-west-1 by region, fixed dates, a line chart, scheduled weekly. */
export const MY_REPORT = report({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'EC2 by region',
  query: {
    ...query,
    start_date: '2026-09-01',
    end_date: '2026-10-31',
    granularity: 'month',
    dimension: 'product_region',
    filters: [{ dimension: 'product_servicename', mode: 'include', values: ['AmazonEC2'] }],
  },
  range_preset: null,
  chart_type: 'line',
  schedule: {
    frequency: 'weekly',
    days_of_week: [1, 4],
    day_of_month: null,
    time: '07:30',
    time_zone: 'Europe/Berlin',
    recipients: { user_ids: ['42'], emails: [] },
  },
  last_send: {
    slot: '2026-11-19T06:30:00Z',
    trigger: 'schedule',
    status: 'sent',
    attempts: 1,
    error: null,
    updated_at: '2026-11-19T06:30:05Z',
  },
});

/** Another of the user's reports, unscheduled. */
export const MY_OTHER_REPORT = report({
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Monthly storage',
});

/** A colleague's report shared with the client: readable, not manageable. */
export const SHARED_REPORT = report({
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Team spend',
  owner: { id: '7', email: 'grace@acme.test', name: 'Grace Hopper' },
  visibility: 'client',
  can_manage: false,
});

export const HIDDEN_REPORT = report({
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Old experiment',
  is_hidden: true,
});

export const TEMPLATE: GlobalReport = {
  key: 'daily-spend-by-account',
  name: 'Daily spend by account',
  description: 'The last 30 days, one bar per day, stacked by cloud account.',
  query: { ...query, dimension: 'line_item_usage_account_id' },
  range_preset: '30D',
  chart_type: 'stacked_bar',
};

export const MEMBERS: TeamMember[] = [
  {
    user_id: '42',
    email: 'ada@acme.test',
    first_name: 'Ada',
    last_name: 'Lovelace',
    role: 'admin',
    email_verified: true,
    invitation_pending: false,
    joined_at: '2026-01-01T00:00:00Z',
    last_login_at: null,
  },
  {
    user_id: '7',
    email: 'grace@acme.test',
    first_name: 'Grace',
    last_name: 'Hopper',
    role: 'member',
    email_verified: true,
    invitation_pending: false,
    joined_at: '2026-01-01T00:00:00Z',
    last_login_at: null,
  },
];
