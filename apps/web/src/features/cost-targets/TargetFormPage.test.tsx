import { COST_TARGET_PATHS as P } from '@finlens/contracts/cost-targets';
import { NOTIFICATION_PATHS } from '@finlens/contracts/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { SLACK } from '../notifications/notifications-fixtures.test-helper';
import {
  ALERT,
  COMPUTE,
  HISTORY,
  PLAN_TARGET,
  PLANNINGS,
  TARGET_ID,
} from './cost-targets-fixtures.test-helper';
import { TargetFormPage } from './TargetFormPage';

const requests = recordRequests();
const SLOW = { timeout: 15_000 };
const ROUTES = [
  { path: '/v3/create-target/:id?', element: <TargetFormPage /> },
  { path: '/v3/update-target/:id', element: <TargetFormPage /> },
];
const targetPath = P.target.replace(':id', TARGET_ID);
const bodyOf = (call: string) => requests.log.find((entry) => entry.call.startsWith(call))?.body;

function answer(target = COMPUTE) {
  server.use(
    http.post(`*${P.targets}`, () => HttpResponse.json(target, { status: 201 })),
    http.get(`*${P.target}`, () => HttpResponse.json(target)),
    http.patch(`*${P.target}`, async ({ request }) =>
      HttpResponse.json({ ...target, ...((await request.json()) as object) }),
    ),
    http.get(`*${P.alerts}`, () => HttpResponse.json([ALERT])),
    http.get(`*${P.plannings}`, () => HttpResponse.json(PLANNINGS)),
    http.get(`*${P.history}`, () => HttpResponse.json(HISTORY)),
    http.get(`*${NOTIFICATION_PATHS.channels}`, () => HttpResponse.json([SLACK])),
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('TargetFormPage', () => {
  it('creates a target with a POST of the form, then opens it for update', { timeout: 60_000 }, async () => {
    answer();
    const { user, router } = renderWithProviders('/v3/create-target/', { routes: ROUTES });
    const form = await screen.findByRole('form', { name: 'Cost target' }, SLOW);
    await user.click(within(form).getByRole('button', { name: 'Create target' }));
    expect(await within(form).findByText('Enter a name.')).toBeInTheDocument();
    expect(within(form).getByText('Enter the budget of each period.')).toBeInTheDocument();
    expect(requests.calls().some((c) => c.startsWith('POST'))).toBe(false);

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Compute');
    await user.type(within(form).getByRole('spinbutton', { name: 'Budget per period (USD)' }), '1000');
    await user.click(within(form).getByRole('button', { name: 'Create target' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/v3/update-target/${TARGET_ID}`));
    expect(bodyOf(`POST ${P.targets}`)).toEqual({
      name: 'Compute',
      scope: { filters: [] },
      cost_type: 'unblended',
      period: 'MONTHLY',
      start_date: '2026-11-01',
      end_date: null,
      budget_type: 'top_down',
      amount: 1000,
    });
    expect(await screen.findByRole('region', { name: 'Alerts' }, SLOW)).toBeInTheDocument();
  });

  it('updates an existing target with a PATCH, keeping its filters and adding a project', {
    timeout: 60_000,
  }, async () => {
    answer();
    const { user } = renderWithProviders(`/v3/update-target/${TARGET_ID}`, { routes: ROUTES });
    const name = await screen.findByRole('textbox', { name: 'Name' }, SLOW);
    await waitFor(() => expect(name).toHaveValue('Compute'));
    const filters = screen.getByRole('region', { name: 'Filters' });
    expect(within(filters).getByText(/AmazonEC2/)).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Compute EC2');
    await user.click(screen.getByRole('combobox', { name: 'Projects' }));
    await user.click(await screen.findByRole('option', { name: 'Production' }, SLOW));
    await user.click(screen.getByRole('radio', { name: /Bottom-up/ }));
    await user.click(screen.getByRole('button', { name: 'Save target' }));
    expect(await screen.findByText('Target saved.', undefined, SLOW)).toBeInTheDocument();
    expect(requests.calls().some((c) => c.startsWith(`POST ${P.targets}`))).toBe(false);
    expect(bodyOf(`PATCH ${targetPath}`)).toMatchObject({
      name: 'Compute EC2',
      scope: { ...COMPUTE.scope, project_ids: ['p1'] },
      budget_type: 'bottom_up',
      start_date: '2026-01-01',
    });
  });

  it('lists every bad row of an uploaded plan CSV', { timeout: 30_000 }, async () => {
    answer(PLAN_TARGET);
    server.use(
      http.post(`*${P.uploadCsv}`, () =>
        HttpResponse.json(
          {
            detail: 'rows.2.amount: "abc" is not an amount of 0 or more.',
            errors: {
              'rows.3.month': ['1999-01 is outside the target.'],
              'rows.2.amount': ['"abc" is not an amount of 0 or more.'],
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders(`/v3/update-target/${TARGET_ID}`, { routes: ROUTES });
    const plan = await screen.findByRole('region', { name: 'Plan' }, SLOW);
    expect(await within(plan).findByRole('spinbutton', { name: 'Plan for 2027-01' }, SLOW)).toHaveValue(300);
    const csv = 'month,amount\n2026-11,999\n2026-12,abc\n1999-01,5\n';
    await user.upload(
      within(plan).getByLabelText('Plan CSV file'),
      new File([csv], 'plan.csv', { type: 'text/csv' }),
    );
    const errors = await within(plan).findByRole('table', { name: 'CSV errors' }, SLOW);
    const rows = within(errors)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Row 2', 'amount', '"abc" is not an amount of 0 or more.'],
      ['Row 3', 'month', '1999-01 is outside the target.'],
    ]);
    expect(bodyOf(`POST ${P.uploadCsv.replace(':id', TARGET_ID)}`)).toEqual({ csv });
  });

  it('fills the plan from a lookback and saves a month edited by hand', { timeout: 30_000 }, async () => {
    answer(PLAN_TARGET);
    server.use(
      http.post(`*${P.createPlannings}`, () => HttpResponse.json(PLANNINGS, { status: 201 })),
      http.post(`*${P.plannings}`, async ({ request }) =>
        HttpResponse.json({ ...PLANNINGS[1], ...((await request.json()) as object) }, { status: 201 }),
      ),
    );
    const { user } = renderWithProviders(`/v3/update-target/${TARGET_ID}`, { routes: ROUTES });
    const plan = await screen.findByRole('region', { name: 'Plan' }, SLOW);
    await user.click(within(plan).getByRole('button', { name: 'Create from lookback' }));
    expect(
      await within(plan).findByText('Plan created from the lookback.', undefined, SLOW),
    ).toBeInTheDocument();
    expect(bodyOf(`POST ${P.createPlannings.replace(':id', TARGET_ID)}`)).toEqual({
      method: 'lookback',
      lookback_months: 3,
    });
    const december = within(plan).getByRole('spinbutton', { name: 'Plan for 2026-12' });
    await user.clear(december);
    await user.type(december, '250');
    await user.click(within(plan).getByRole('button', { name: 'Save plan' }));
    expect(await within(plan).findByText('Plan saved.', undefined, SLOW)).toBeInTheDocument();
    expect(bodyOf(`POST ${P.plannings}`)).toEqual({ cost_target: TARGET_ID, month: '2026-12', amount: 250 });
    const history = within(plan).getByRole('table', { name: 'Plan history' });
    expect(within(history).getByText('2026-12')).toBeInTheDocument();
    expect(within(history).getByText('$200.00 → $250.00')).toBeInTheDocument();
    expect(within(history).getByText('admin@example.com')).toBeInTheDocument();
  });

  it('adds an alert on the forecast and syncs the frequency of all alerts', {
    timeout: 60_000,
  }, async () => {
    answer();
    server.use(
      http.post(`*${P.alerts}`, async ({ request }) =>
        HttpResponse.json({ ...ALERT, ...((await request.json()) as object) }, { status: 201 }),
      ),
      http.post(`*${P.syncAlertFrequencies}`, () => HttpResponse.json([{ ...ALERT, frequency: 'weekly' }])),
    );
    const { user } = renderWithProviders(`/v3/update-target/${TARGET_ID}`, { routes: ROUTES });
    const alerts = await screen.findByRole('region', { name: 'Alerts' }, SLOW);
    expect(await within(alerts).findByText('90% of budget', undefined, SLOW)).toBeInTheDocument();
    expect(within(alerts).getByText('ops@example.com, 1 user(s) or channel(s)')).toBeInTheDocument();
    await user.click(within(alerts).getByRole('combobox', { name: 'Alert on' }));
    await user.click(await screen.findByRole('option', { name: 'Forecast total' }));
    await user.clear(within(alerts).getByRole('spinbutton', { name: 'Threshold' }));
    await user.type(within(alerts).getByRole('spinbutton', { name: 'Threshold' }), '5000');
    await user.click(within(alerts).getByRole('combobox', { name: 'Threshold type' }));
    await user.click(await screen.findByRole('option', { name: 'Amount (USD)' }));
    await user.click(within(alerts).getByRole('textbox', { name: 'Recipient emails' }));
    await user.paste('cfo@example.com');
    await user.click(within(alerts).getByRole('combobox', { name: 'Channels' }));
    await user.click(await screen.findByRole('option', { name: SLACK.name }));
    await user.keyboard('{Escape}');
    expect(within(alerts).getByRole('combobox', { name: 'Channels' })).toHaveTextContent(SLACK.name);
    await user.click(within(alerts).getByRole('button', { name: 'Add alert' }));
    await waitFor(() =>
      expect(bodyOf(`POST ${P.alerts}`)).toEqual({
        cost_target: TARGET_ID,
        basis: 'forecast',
        threshold_type: 'amount',
        threshold: 5000,
        frequency: 'daily',
        recipients: { user_ids: [], channel_ids: [SLACK.id], emails: ['cfo@example.com'] },
      }),
    );
    await user.click(within(alerts).getByRole('combobox', { name: 'Frequency' }));
    await user.click(await screen.findByRole('option', { name: 'Weekly digest' }));
    await waitFor(() =>
      expect(bodyOf(`POST ${P.syncAlertFrequencies}`)).toEqual({
        cost_target_id: TARGET_ID,
        frequency: 'weekly',
      }),
    );
  });

  it('edits an alert with a PATCH, keeping the users the form does not show', {
    timeout: 30_000,
  }, async () => {
    answer();
    server.use(
      http.patch(`*${P.alert}`, async ({ request }) =>
        HttpResponse.json({ ...ALERT, ...((await request.json()) as object) }),
      ),
    );
    const { user } = renderWithProviders(`/v3/update-target/${TARGET_ID}`, { routes: ROUTES });
    const alerts = await screen.findByRole('region', { name: 'Alerts' }, SLOW);
    await user.click(
      await within(alerts).findByRole('button', { name: 'Edit alert at 90% of budget' }, SLOW),
    );
    const threshold = within(alerts).getByRole('spinbutton', { name: 'Threshold' });
    await waitFor(() => expect(threshold).toHaveValue(90));
    await user.clear(threshold);
    await user.type(threshold, '95');
    await user.click(within(alerts).getByRole('button', { name: 'Save alert' }));
    await waitFor(() =>
      expect(bodyOf(`PATCH ${P.alert.replace(':id', ALERT.id)}`)).toEqual({
        basis: 'forecast',
        threshold_type: 'percent',
        threshold: 95,
        frequency: 'daily',
        recipients: ALERT.recipients,
      }),
    );
  });
});
