import type {
  Alert,
  BurnDown,
  CostTarget,
  Planning,
  planningHistoryListSchema,
} from '@finlens/contracts/cost-targets';
import type { z } from 'zod';

export const TARGET_ID = '11111111-1111-4111-8111-111111111111';
const OTHER_ID = '22222222-2222-4222-8222-222222222222';
const ENDED_ID = '33333333-3333-4333-8333-333333333333';

const current = (over: Partial<NonNullable<CostTarget['current']>>): NonNullable<CostTarget['current']> => ({
  period_start: '2026-11-01',
  period_end: '2026-11-30',
  budget: 1000,
  actual: 500,
  forecast: 900,
  forecast_low: 850,
  forecast_high: 950,
  percent_used: 50,
  status: 'on_track',
  as_of: '2026-11-21',
  ...over,
});

const base: Omit<CostTarget, 'id' | 'name' | 'current'> = {
  scope: { filters: [] },
  cost_type: 'unblended',
  period: 'MONTHLY',
  start_date: '2026-01-01',
  end_date: null,
  budget_type: 'top_down',
  amount: 1000,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

export const COMPUTE: CostTarget = {
  ...base,
  id: TARGET_ID,
  name: 'Compute',
  scope: { filters: [{ dimension: 'product_servicename', mode: 'include', values: ['AmazonEC2'] }] },
  current: current({}),
};
export const STORAGE: CostTarget = {
  ...base,
  id: OTHER_ID,
  name: 'Storage',
  amount: 200,
  current: current({
    budget: 200,
    actual: 250,
    forecast: 400,
    forecast_low: 380,
    forecast_high: 420,
    percent_used: 125,
    status: 'over',
  }),
};
export const ENDED: CostTarget = { ...base, id: ENDED_ID, name: 'Old project', current: null };

export const PLAN_TARGET: CostTarget = {
  ...COMPUTE,
  budget_type: 'bottom_up',
  amount: null,
  start_date: '2026-11-01',
  end_date: '2027-01-31',
};

export const PLANNINGS: Planning[] = ['2026-11', '2026-12', '2027-01'].map((month, i) => ({
  id: `p-${month}`,
  cost_target: TARGET_ID,
  month,
  amount: 100 * (i + 1),
  updated_at: '2026-11-01T00:00:00.000Z',
}));

export const ALERT: Alert = {
  id: '44444444-4444-4444-8444-444444444444',
  cost_target: TARGET_ID,
  basis: 'forecast',
  threshold_type: 'percent',
  threshold: 90,
  frequency: 'daily',
  recipients: {
    user_ids: ['55555555-5555-4555-8555-555555555555'],
    emails: ['ops@example.com'],
    channel_ids: [],
  },
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

/** A 30-day period seen on day 3: actual through the 3rd, forecast with its band after. */
export const BURN_DOWN: BurnDown = {
  target_id: TARGET_ID,
  period_start: '2026-11-01',
  period_end: '2026-11-30',
  budget: 1000,
  as_of: '2026-11-03',
  days: Array.from({ length: 30 }, (_, i) => {
    const day = i + 1;
    const past = day <= 3;
    return {
      date: `2026-11-${String(day).padStart(2, '0')}`,
      actual: past ? 30 * day : null,
      plan: (1000 / 30) * day,
      forecast: past ? null : 30 * day,
      forecast_low: past ? null : 27 * day,
      forecast_high: past ? null : 33 * day,
    };
  }),
};

export const HISTORY: z.infer<typeof planningHistoryListSchema> = [
  {
    id: 'h-1',
    cost_target: TARGET_ID,
    month: '2026-12',
    source: 'manual',
    before: 200,
    after: 250,
    changed_by: { id: 'u-1', email: 'admin@example.com' },
    changed_at: '2026-11-21T09:30:00.000Z',
  },
];
