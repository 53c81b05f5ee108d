import type { Showback, ShowbackDetail } from '@finlens/contracts/showbacks';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { createElement, type ReactNode } from 'react';
import { expect } from 'vitest';
import { TEST_PROFILE } from '../../test/identity-fixtures';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { ShowbackDetailPage } from './ShowbackDetailPage';

export const TEAMS: Showback = {
  id: 'sb-1',
  name: 'Teams',
  tag_keys: ['user_team'],
  allocation_tag_type: 'tag',
  project_ids: null,
  is_active: true,
  combined_values: [{ id: 'cv-1', name: 'web', combined_values: ['web-legacy'] }],
  hide_values: ['retired'],
  showback_values: ['web', 'db'],
  allowed_all_showback_values: true,
  rules_count: 2,
};

export const PRODUCTS: Showback = {
  ...TEAMS,
  id: 'sb-2',
  name: 'Products',
  tag_keys: ['product'],
  allocation_tag_type: 'label',
  is_active: false,
  combined_values: [],
  hide_values: [],
  showback_values: [],
  rules_count: 0,
};

const RANGE = { start_date: '2026-11-01', end_date: '2026-11-22' };

const entry = (value: string, days: number[], prev: number, forecast: number) => {
  const total = days.reduce((sum, cost) => sum + cost, 0);
  return {
    value,
    total,
    direct: total,
    shared: 0,
    granular: days.map((cost, i) => ({ date: `2026-11-0${i + 1}`, cost })),
    forecast,
    prev_total: prev,
    units: null,
    unit_cost: null,
  };
};

/** The detail of TEAMS over 2026-11-01..03: db 60, web 45, Unallocated 15 (120 in total, reconciled). */
export const TEAMS_DETAIL: ShowbackDetail = {
  ...TEAMS,
  ...RANGE,
  cost_type: 'unblended',
  as_of: '2026-11-03',
  total: 120,
  cost_distribution: [entry('db', [20, 20, 20], 55, 440), entry('web', [15, 15, 15], 40, 330)],
  unallocated: entry('Unallocated', [5, 5, 5], 12, 110),
  reconciliation: [
    {
      month: '2026-11',
      cost_type: 'unblended',
      total: 120,
      allocated: 105,
      shared: 0,
      unallocated: 15,
      difference_cents: 0,
    },
  ],
};

export const TEAMS_SERIES = {
  ...RANGE,
  cost_type: 'unblended',
  granularity: 'day',
  periods: ['2026-11-01', '2026-11-02', '2026-11-03'],
  series: [
    { value: 'db', costs: [20, 20, 20], total: 60 },
    { value: 'web', costs: [15, 15, 15], total: 45 },
    { value: 'Unallocated', costs: [5, 5, 5], total: 15 },
  ],
};

const rule = (id: string, name: string, position: number, matched: number, moved: number) => ({
  id,
  name,
  position,
  kind: 'assign' as const,
  target_value: name.toLowerCase(),
  split_method: null,
  splits: [],
  filters: [
    {
      id: `f-${id}`,
      allocation_rule_id: id,
      filter: { dimension: 'product_region' as const, mode: 'include' as const, values: ['eu-west-1'] },
    },
  ],
  matched_cost: matched,
  moved_cost: moved,
});

export const RULES = {
  ...RANGE,
  cost_type: 'unblended',
  rules: [
    rule('r-1', 'Platform', 0, 15, 15),
    rule('r-2', 'Compute', 1, 48, 33),
    rule('r-3', 'Data', 2, 9, 2),
  ],
};

export const RESOURCES = {
  resources: [
    { resource_id: 's3-x', cost: 12 },
    { resource_id: null, cost: 3 },
  ],
  total: 15,
  resource_count: 2,
};

/** The list (TEAMS), the detail and the daily series of sb-1. */
export function answerTeamsDetail(detail: ShowbackDetail = TEAMS_DETAIL, list: Showback[] = [TEAMS]) {
  server.use(
    http.get('*/c/showback/showbacks/', () => HttpResponse.json(list)),
    http.get('*/c/showback/showbacks/sb-1/', () => HttpResponse.json(detail)),
    http.get('*/c/showback/showbacks/sb-1/showback_values_daily_cost/', () =>
      HttpResponse.json({
        ...TEAMS_SERIES,
        series: TEAMS_SERIES.series.filter((s) =>
          s.value === 'Unallocated'
            ? detail.unallocated !== null
            : detail.cost_distribution.some((e) => e.value === s.value),
        ),
      }),
    ),
  );
}

/** The detail page of TEAMS (sb-1). */
export function renderTeamsDetail() {
  return renderAt(
    '/v3/cost/showbacks-detail-api/:key/',
    '/v3/cost/showbacks-detail-api/sb-1/',
    createElement(ShowbackDetailPage),
  );
}

/** Renders `element` at `path` under the showback route `pattern` (so :key and :id are read). */
export function renderAt(pattern: string, path: string, element: ReactNode) {
  return renderWithProviders(path, { routes: [{ path: pattern, element }] });
}

/** The signed-in user is a member (not an admin) of the client: the write buttons are for admins. */
export function answerAsMember() {
  server.use(http.get('*/c/current/user/', () => HttpResponse.json({ ...TEST_PROFILE, is_admin: false })));
}

/** The named button once enabled: write buttons are disabled until the signed-in user is known to be an admin. */
export async function enabledButton(name: string): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getByRole('button', { name })).toBeEnabled(), { timeout: 15_000 });
  return screen.getByRole('button', { name });
}
