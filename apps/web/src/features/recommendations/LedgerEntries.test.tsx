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
  expect(within(totals).getByText(/^Nothing acted on yet\./)).toBeInTheDocument();
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
