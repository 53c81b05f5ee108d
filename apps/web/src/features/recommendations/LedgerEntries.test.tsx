import type { LedgerEntry } from '@finlens/contracts/savings-ledger';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, it } from 'vitest';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';

const requests = recordRequests();
const SLOW = { timeout: 30_000 };

const SCHEDULE_ENTRY: LedgerEntry = {
  ...{ id: 'e2', source: 'schedule', recommendation_id: null, schedule_id: 's1', closed_at: null },
  ...{ type: 'resource_schedule', title: 'EC2 instance i-0abc stopped by the schedule "Dev"' },
  ...{ project_id: 'p1', account_id: '111', region: 'us-east-1', resource_id: 'i-0abc' },
  ...{ resource_kind: 'ec2-instance', state: 'verified', status_reason: null, snoozed_until: null },
  ...{ estimated_monthly_saving: 46.96, on_demand_monthly_saving: 46.96, current_monthly_cost: 73.05 },
  ...{ showback_values: [], proposed_by: null, approved_by: null, applied_at: '2026-11-09T20:00:30.000Z' },
  ...{ applied_via: 'cloud', apply_status: 'succeeded', apply_error: null, safety_snapshot_id: null },
  verification: {
    ...{ outcome: 'verified', rate_before: 2.4, rate_after: 0.857, before_days: 14, after_days: 7 },
    ...{ realised_monthly_saving: 46.9, realised_to_date: 10.8, billed_through: '2026-11-16' },
    verified_at: '2026-11-17T06:00:00.000Z',
  },
  ...{ available_actions: [], updated_at: '2026-11-17T06:00:00.000Z' },
};
const REC_ENTRY: LedgerEntry = {
  ...SCHEDULE_ENTRY,
  ...{ id: 'e1', source: 'recommendation', recommendation_id: 'rec-1', schedule_id: null },
  ...{ type: 'ec2-idle', title: 'Stop idle web-1', state: 'accepted', verification: null },
};

it('lists the ledger entries of recommendations and schedules, filtered by source', {
  timeout: 60_000,
}, async () => {
  server.use(
    http.get('*/c/essentials/summary/', () =>
      HttpResponse.json({ detail: 'not in this test' }, { status: 500 }),
    ),
    http.get('*/c/savings_ledger/totals/', () =>
      HttpResponse.json({
        ...{ group_by: 'month', rows: [], estimated_monthly_saving: 0, applied_monthly_saving: 0 },
        ...{ realised_monthly_saving: 0, realised_to_date: 0 },
      }),
    ),
    http.get('*/c/savings_ledger/entries/', ({ request }) => {
      const source = new URL(request.url).searchParams.get('source');
      const all = [REC_ENTRY, SCHEDULE_ENTRY];
      return HttpResponse.json({ results: all.filter((e) => source === null || e.source === source) });
    }),
  );
  const { user } = renderWithProviders('/v3/essentials/summary/', { signedIn: true });
  // An empty ledger says what will be there, not "Estimated - · applied -".
  const totals = await screen.findByRole('region', { name: 'Savings ledger totals' }, SLOW);
  expect(await within(totals).findByText(/^Nothing acted on yet\./, {}, SLOW)).toBeInTheDocument();
  const grid = await screen.findByRole('region', { name: 'Ledger entries' }, SLOW);
  const link = await within(grid).findByRole('link', { name: SCHEDULE_ENTRY.title }, SLOW);
  expect(link).toHaveAttribute('href', '/v3/essentials/scheduler-details/schedule/s1');
  expect(within(grid).getByRole('link', { name: 'Stop idle web-1' })).toHaveAttribute(
    'href',
    '/v3/essentials/recommendations/ec2-idle',
  );
  await user.click(screen.getByRole('button', { name: 'Schedules' }));
  expect(await screen.findByRole('link', { name: SCHEDULE_ENTRY.title }, SLOW)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('link', { name: 'Stop idle web-1' })).toBeNull());
  expect(requests.calls()).toContain('GET /c/savings_ledger/entries/?source=schedule');
  expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    '/c/savings_ledger/export/?source=schedule',
  );
});

it('shows the ledger totals per month accepted, per account or per showback value', {
  timeout: 60_000,
}, async () => {
  const rowOf = (key: string, estimated: number, realised: number) => ({
    ...{ key, entries: 1, estimated_monthly_saving: estimated, applied_monthly_saving: estimated },
    ...{ realised_monthly_saving: realised, realised_to_date: realised / 4 },
  });
  const ROWS = {
    month: [rowOf('2026-11', 46.96, 46.9)],
    account: [rowOf('111', 46.96, 46.9)],
    showback_value: [rowOf('Teams: web', 30, 28), rowOf('(no showback value)', 16.96, 18.9)],
  } as const;
  server.use(
    http.get('*/c/essentials/summary/', () =>
      HttpResponse.json({ detail: 'not in this test' }, { status: 500 }),
    ),
    http.get('*/c/savings_ledger/totals/', ({ request }) => {
      const group = (new URL(request.url).searchParams.get('group_by') ?? 'month') as keyof typeof ROWS;
      return HttpResponse.json({
        ...{ group_by: group, rows: ROWS[group], estimated_monthly_saving: 46.96 },
        ...{ applied_monthly_saving: 46.96, realised_monthly_saving: 46.9, realised_to_date: 11.725 },
      });
    }),
    http.get('*/c/savings_ledger/entries/', () => HttpResponse.json({ results: [SCHEDULE_ENTRY] })),
  );
  const { user } = renderWithProviders('/v3/essentials/summary/', { signedIn: true });
  const totals = await screen.findByRole('region', { name: 'Savings ledger totals' }, SLOW);
  const byMonth = await within(totals).findByRole('table', { name: 'Savings per month' }, SLOW);
  expect(within(byMonth).getByRole('row', { name: /2026-11/ })).toBeInTheDocument();

  await user.click(within(totals).getByRole('button', { name: 'Account' }));
  const byAccount = await within(totals).findByRole('table', { name: 'Savings per account' }, SLOW);
  expect(within(byAccount).getByRole('columnheader', { name: 'Account' })).toBeInTheDocument();
  expect(
    within(byAccount).getByRole('row', { name: /^111 1 \$46\.96 \$46\.96 \$46\.90$/ }),
  ).toBeInTheDocument();

  await user.click(within(totals).getByRole('button', { name: 'Showback value' }));
  const byValue = await within(totals).findByRole('table', { name: 'Savings per showback value' }, SLOW);
  expect(
    within(byValue)
      .getAllByRole('row')
      .map((r) => r.textContent),
  ).toEqual([
    'Showback valueEntriesEstimatedAppliedRealised',
    'Teams: web1$30.00$30.00$28.00',
    '(no showback value)1$16.96$16.96$18.90',
  ]);
  expect(requests.calls()).toEqual(
    expect.arrayContaining([
      'GET /c/savings_ledger/totals/?group_by=month',
      'GET /c/savings_ledger/totals/?group_by=account',
      'GET /c/savings_ledger/totals/?group_by=showback_value',
    ]),
  );
});
