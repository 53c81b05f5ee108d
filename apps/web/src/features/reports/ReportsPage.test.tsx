import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_PACKAGE } from '../../test/identity-fixtures';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { explorerUrlOf } from './report-view';
import {
  HIDDEN_REPORT,
  MEMBERS,
  MY_OTHER_REPORT,
  MY_REPORT,
  SHARED_REPORT,
  TEMPLATE,
} from './reports-fixtures.test-helper';

const requests = recordRequests();
const SLOW = { timeout: 15_000 };
const LIST = '/c/cost_page/reports/';

function answer() {
  server.use(
    http.get(`*${LIST}`, ({ request }) => {
      const hidden = new URL(request.url).searchParams.get('is_hidden') === 'true';
      return HttpResponse.json(hidden ? [HIDDEN_REPORT] : [MY_REPORT, MY_OTHER_REPORT, SHARED_REPORT]);
    }),
    http.get(`*${LIST}global_reports/`, () => HttpResponse.json([TEMPLATE])),
    // The Explorer asks for the report it opens (report= in its URL).
    http.get(`*${LIST}:id/`, ({ params }) =>
      HttpResponse.json(
        [MY_REPORT, MY_OTHER_REPORT, SHARED_REPORT].find((report) => report.id === params.id),
      ),
    ),
    http.post(`*${LIST}`, async ({ request }) => {
      const body = (await request.json()) as { name: string };
      return HttpResponse.json(
        { ...MY_OTHER_REPORT, id: '55555555-5555-4555-8555-555555555555', ...body },
        {
          status: 201,
        },
      );
    }),
    http.patch(`*${LIST}:id/`, async ({ request }) =>
      HttpResponse.json({ ...MY_REPORT, ...((await request.json()) as object) }),
    ),
    http.delete(`*${LIST}:id/`, () => new HttpResponse(null, { status: 204 })),
    http.post(`*${LIST}:id/share_code/`, () => HttpResponse.json({ share_code: 'abc123' }, { status: 201 })),
    http.delete(`*${LIST}:id/share_code/`, () => new HttpResponse(null, { status: 204 })),
    http.post(`*${LIST}:id/send/`, () =>
      HttpResponse.json({ job_id: 'j1', slot: '2026-11-22T10:00:00.000Z' }, { status: 202 }),
    ),
    http.get('*/c/team/members/', () => HttpResponse.json(MEMBERS)),
  );
}

async function openPage() {
  answer();
  const view = renderWithProviders('/v3/reports-api/', { signedIn: true });
  await screen.findByRole('heading', { level: 1, name: 'Analysis' }, SLOW);
  const table = await screen.findByRole('table', { name: 'My reports' }, SLOW);
  return { ...view, table };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('ReportsPage', () => {
  it('lists my reports with owner, schedule and last send; search filters by name', {
    timeout: 60_000,
  }, async () => {
    const { table, user } = await openPage();
    const row = within(table).getByRole('link', { name: 'Open EC2 by region in the Explorer' }).closest('tr');
    expect(row).not.toBeNull();
    expect(row).toHaveTextContent('Ada Lovelace');
    expect(row).toHaveTextContent('Weekly on Mon, Thu at 07:30 (Europe/Berlin)');
    expect(row).toHaveTextContent('Sent 2026-11-19 06:30 UTC');
    expect(within(table).getByText('Monthly storage')).toBeInTheDocument();
    expect(within(table).queryByText('Team spend')).not.toBeInTheDocument();
    expect(requests.calls()).toContain(`GET ${LIST}?is_hidden=false&imply_client=true`);

    await user.type(screen.getByRole('searchbox', { name: 'Search reports' }), 'ec2');
    expect(within(table).queryByText('Monthly storage')).not.toBeInTheDocument();
    expect(within(table).getByText('EC2 by region')).toBeInTheDocument();
  });

  it('the shared tab, the hidden toggle and the global templates', { timeout: 60_000 }, async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('tab', { name: 'Shared with me' }));
    const shared = screen.getByRole('table', { name: 'Shared with me' });
    expect(within(shared).getByText('Team spend')).toBeInTheDocument();
    expect(within(shared).getByText('Grace Hopper')).toBeInTheDocument();
    // A colleague's report can be duplicated but not changed.
    expect(within(shared).getByRole('button', { name: 'Duplicate Team spend' })).toBeInTheDocument();
    expect(within(shared).queryByRole('button', { name: 'Delete Team spend' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search reports' }), 'nothing like it');
    expect(screen.getByText('No reports match "nothing like it".')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search reports' }));

    await user.click(screen.getByRole('tab', { name: 'My reports' }));
    await user.click(screen.getByRole('switch', { name: 'Hidden reports' }));
    const hidden = await screen.findByRole('table', { name: 'My reports' });
    expect(await within(hidden).findByText('Old experiment')).toBeInTheDocument();
    expect(requests.calls()).toContain(`GET ${LIST}?is_hidden=true&imply_client=true`);
    await user.click(within(hidden).getByRole('button', { name: 'Unhide Old experiment' }));
    await waitFor(() =>
      expect(requests.bodyOf(`PATCH ${LIST}${HIDDEN_REPORT.id}/`)).toEqual({ is_hidden: false }),
    );

    await user.click(screen.getByRole('tab', { name: 'Global templates' }));
    const templates = await screen.findByRole('table', { name: 'Global templates' });
    expect(within(templates).getByText(TEMPLATE.description)).toBeInTheDocument();
  });

  it('duplicates a report and copies a global template as new private reports', {
    timeout: 60_000,
  }, async () => {
    const { table, user } = await openPage();
    await user.click(within(table).getByRole('button', { name: 'Duplicate EC2 by region' }));
    const dialog = screen.getByRole('dialog', { name: 'Duplicate report' });
    expect(within(dialog).getByRole('textbox', { name: 'Report name' })).toHaveValue('Copy of EC2 by region');
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(requests.bodyOf(`POST ${LIST}`)).toBeDefined());
    expect(requests.bodyOf(`POST ${LIST}`)).toEqual({
      name: 'Copy of EC2 by region',
      query: MY_REPORT.query,
      range_preset: null,
      chart_type: 'line',
      grid: MY_REPORT.grid,
      visibility: 'private',
      is_hidden: false,
      schedule: null,
    });
    expect(await screen.findByText('Saved "Copy of EC2 by region" to My reports.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Global templates' }));
    await user.click(await screen.findByRole('button', { name: 'Copy Daily spend by account' }));
    const copy = screen.getByRole('dialog', { name: 'Copy global template' });
    const name = within(copy).getByRole('textbox', { name: 'Report name' });
    await user.clear(name);
    await user.click(within(copy).getByRole('button', { name: 'Copy' }));
    expect(within(copy).getByText('Enter a name.')).toBeInTheDocument();
    await user.type(name, 'Accounts daily{Enter}');
    await waitFor(() =>
      expect(requests.log.filter((entry) => entry.call === `POST ${LIST}`).at(-1)?.body).toMatchObject({
        name: 'Accounts daily',
        query: TEMPLATE.query,
        range_preset: '30D',
        chart_type: 'stacked_bar',
      }),
    );
  });

  it('works from the keyboard: actions open with Enter, Escape closes, days toggle with Space', {
    timeout: 60_000,
  }, async () => {
    const { table, user } = await openPage();
    within(table).getByRole('button', { name: 'Rename EC2 by region' }).focus();
    await user.keyboard('{Enter}');
    const rename = await screen.findByRole('dialog', { name: 'Rename report' });
    expect(within(rename).getByRole('textbox', { name: 'Report name' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    within(table).getByRole('button', { name: 'Share EC2 by region' }).focus();
    await user.keyboard('{Enter}');
    const share = await screen.findByRole('dialog', { name: 'Share "EC2 by region"' });
    within(share).getByRole('button', { name: 'Sat' }).focus();
    await user.keyboard(' ');
    expect(within(share).getByRole('button', { name: 'Sat' })).toHaveAttribute('aria-pressed', 'true');
    within(share).getByRole('button', { name: 'Save' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(requests.bodyOf(`PATCH ${LIST}${MY_REPORT.id}/`)).toMatchObject({
        schedule: { days_of_week: [1, 4, 6] },
      }),
    );
  });

  it('renames and deletes (after confirming)', { timeout: 60_000 }, async () => {
    const { table, user } = await openPage();
    await user.click(within(table).getByRole('button', { name: 'Rename Monthly storage' }));
    const rename = screen.getByRole('dialog', { name: 'Rename report' });
    const name = within(rename).getByRole('textbox', { name: 'Report name' });
    await user.clear(name);
    await user.type(name, 'Storage per month{Enter}');
    await waitFor(() =>
      expect(requests.bodyOf(`PATCH ${LIST}${MY_OTHER_REPORT.id}/`)).toEqual({ name: 'Storage per month' }),
    );
    await user.click(within(table).getByRole('button', { name: 'Delete Monthly storage' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete report' });
    expect(requests.calls().some((call) => call.startsWith('DELETE'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests.calls()).toContain(`DELETE ${LIST}${MY_OTHER_REPORT.id}/`));
  });

  it('opening a report goes to the Explorer URL of its exact view', { timeout: 60_000 }, async () => {
    const { table, user, router } = await openPage();
    const link = within(table).getByRole('link', { name: 'Open EC2 by region in the Explorer' });
    expect(link).toHaveAttribute('href', explorerUrlOf(MY_REPORT));
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/v3/cloud-resource-cost-api/'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      start_date: '2026-09-01',
      end_date: '2026-10-31',
      granularity: 'month',
      dimension: 'product_region',
      cost_type: 'unblended',
      top_n: '10',
      product_servicename: '["AmazonEC2"]',
      chart: 'line',
      report: MY_REPORT.id,
    });
    // The Explorer then loads that report (its name and owner for the save bar).
    await waitFor(() => expect(requests.calls()).toContain(`GET ${LIST}${MY_REPORT.id}/`));
  });

  it('the share dialog saves visibility and a monthly schedule, manages the link and sends now', {
    timeout: 60_000,
  }, async () => {
    const { table, user } = await openPage();
    await user.click(within(table).getByRole('button', { name: 'Share Monthly storage' }));
    const dialog = screen.getByRole('dialog', { name: 'Share "Monthly storage"' });

    await user.click(within(dialog).getByRole('button', { name: 'Create share link' }));
    const link = await within(dialog).findByRole('textbox', { name: 'Share link' });
    expect(link).toHaveValue(`${window.location.origin}/v3/reports-api/?share_code=abc123`);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(requests.calls()).toContain(`DELETE ${LIST}${MY_OTHER_REPORT.id}/share_code/`),
    );
    expect(await within(dialog).findByRole('button', { name: 'Create share link' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Visibility' }));
    await user.click(await screen.findByRole('option', { name: 'Shared with my organisation' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Send by email on a schedule' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Frequency' }));
    await user.click(await screen.findByRole('option', { name: 'Monthly' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Day of the month' }));
    await user.click(await screen.findByRole('option', { name: '15' }));
    const time = within(dialog).getByLabelText('Time');
    await user.clear(time);
    await user.type(time, '06:45');
    const zone = within(dialog).getByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'Tokyo');
    await user.click(await screen.findByRole('option', { name: 'Asia/Tokyo' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Users of my organisation' }));
    await user.click(await screen.findByRole('option', { name: 'Grace Hopper <grace@acme.test>' }));
    await user.type(
      within(dialog).getByRole('combobox', { name: 'External email addresses' }),
      'cfo@example.com{Enter}',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await within(dialog).findByText(/The report is on its way/)).toBeInTheDocument();
    expect(requests.bodyOf(`POST ${LIST}${MY_OTHER_REPORT.id}/send/`)).toEqual({
      recipients: { user_ids: ['7'], emails: ['cfo@example.com'] },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.bodyOf(`PATCH ${LIST}${MY_OTHER_REPORT.id}/`)).toBeDefined());
    expect(requests.bodyOf(`PATCH ${LIST}${MY_OTHER_REPORT.id}/`)).toEqual({
      visibility: 'client',
      schedule: {
        frequency: 'monthly',
        days_of_week: [],
        day_of_month: 15,
        time: '06:45',
        time_zone: 'Asia/Tokyo',
        recipients: { user_ids: ['7'], emails: ['cfo@example.com'] },
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a weekly schedule needs a day and is saved with the chosen days', { timeout: 60_000 }, async () => {
    const { table, user } = await openPage();
    await user.click(within(table).getByRole('button', { name: 'Share EC2 by region' }));
    const dialog = screen.getByRole('dialog', { name: 'Share "EC2 by region"' });
    const days = within(dialog).getByRole('group', { name: 'Days of the week' });
    expect(within(days).getByRole('button', { name: 'Mon' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(days).getByRole('button', { name: 'Mon' }));
    await user.click(within(days).getByRole('button', { name: 'Thu' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Choose at least one day.')).toBeInTheDocument();
    await user.click(within(days).getByRole('button', { name: 'Fri' }));
    await user.click(within(days).getByRole('button', { name: 'Tue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.bodyOf(`PATCH ${LIST}${MY_REPORT.id}/`)).toMatchObject({
        schedule: { frequency: 'weekly', days_of_week: [5, 2], time: '07:30', time_zone: 'Europe/Berlin' },
      }),
    );
  });

  it('a share link opens the report read-only, and says when the link is revoked', {
    timeout: 60_000,
  }, async () => {
    answer();
    server.use(
      http.get(`*${LIST}`, ({ request }) => {
        const code = new URL(request.url).searchParams.get('share_code');
        if (code === 'good') return HttpResponse.json([{ ...SHARED_REPORT, share_code: null }]);
        if (code !== null) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
        return HttpResponse.json([MY_REPORT]);
      }),
    );
    renderWithProviders('/v3/reports-api/?share_code=good', { signedIn: true });
    const card = await screen.findByRole('region', { name: 'Shared report' }, SLOW);
    expect(within(card).getByText('Team spend')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open in the Explorer' })).toHaveAttribute(
      'href',
      explorerUrlOf(SHARED_REPORT),
    );
    expect(requests.calls()).toContain(`GET ${LIST}?share_code=good`);
    cleanup();
    renderWithProviders('/v3/reports-api/?share_code=revoked', { signedIn: true });
    expect(await screen.findByText(/does not open a report/, undefined, SLOW)).toBeInTheDocument();
  });

  it('without inform_paid explains the package and requests the upgrade', { timeout: 60_000 }, async () => {
    const locked = { ...TEST_PACKAGE, inform_paid: false };
    server.use(
      http.get('*/payment/package/', () => HttpResponse.json(locked)),
      http.post('*/payment/package/request_upgrade/', () =>
        HttpResponse.json({ detail: 'Your administrator has been told.', package: locked }),
      ),
    );
    const { user } = renderWithProviders('/v3/reports-api/', { signedIn: true });
    const region = await screen.findByRole('region', { name: 'Inform paid package' }, SLOW);
    expect(requests.calls().some((call) => call.startsWith(`GET ${LIST}`))).toBe(false);
    await user.click(within(region).getByRole('button', { name: 'Request upgrade' }));
    expect(await within(region).findByText('Your administrator has been told.')).toBeInTheDocument();
    expect(requests.calls()).toContain('POST /payment/package/request_upgrade/');
  });
});
