import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { explorerUrlOf } from '../reports/report-view';
import { MY_REPORT, SHARED_REPORT } from '../reports/reports-fixtures.test-helper';

const requests = recordRequests();
const SLOW = { timeout: 15_000 };
const LIST = '/c/cost_page/reports/';
const NEW_ID = '55555555-5555-4555-8555-555555555555';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  server.use(
    http.get(`*${LIST}:id/`, ({ params }) =>
      params.id === MY_REPORT.id
        ? HttpResponse.json(MY_REPORT)
        : HttpResponse.json({ ...MY_REPORT, id: NEW_ID, name: 'Regions in October' }),
    ),
    http.post(`*${LIST}`, async ({ request }) => {
      const body = (await request.json()) as object;
      return HttpResponse.json({ ...MY_REPORT, ...body, id: NEW_ID }, { status: 201 });
    }),
  );
});
afterEach(() => vi.useRealTimers());

describe('Explorer: Save as report', () => {
  it('posts the current view (CostQuery, range preset, chart, grid settings) and offers the Analysis page', {
    timeout: 30_000,
  }, async () => {
    const url =
      '/v3/cloud-resource-cost-api/?range=7D&granularity=day&dimension=product_region&cost_type=amortized&chart=area&product_servicename=%5B%22AmazonEC2%22%5D&sort=label&sort_dir=asc&page_size=20&hide=total';
    const { user, router } = renderWithProviders(url, { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Save as report' }, SLOW));
    const dialog = screen.getByRole('dialog', { name: 'Save as report' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Report name' }),
      'Regions in October{Enter}',
    );
    await waitFor(() => expect(requests.bodyOf(`POST ${LIST}`)).toBeDefined());
    expect(requests.bodyOf(`POST ${LIST}`)).toEqual({
      name: 'Regions in October',
      query: {
        start_date: '2026-11-16',
        end_date: '2026-11-22',
        granularity: 'day',
        dimension: 'product_region',
        cost_type: 'amortized',
        filters: [{ dimension: 'product_servicename', mode: 'include', values: ['AmazonEC2'] }],
        top_n: 10,
      },
      range_preset: '7D',
      chart_type: 'area',
      grid: { sort_by: 'label', sort_direction: 'asc', page_size: 20, hidden_columns: ['total'] },
      visibility: 'private',
      is_hidden: false,
      schedule: null,
    });
    expect(await screen.findByText(/Saved "Regions in October"/)).toBeInTheDocument();
    // The view now names its report; the link goes to Analysis.
    expect(new URLSearchParams(router.state.location.search).get('report')).toBe(NEW_ID);
    expect(await screen.findByLabelText('Opened report', undefined, SLOW)).toHaveTextContent(
      'Report: Regions in October',
    );
    await user.click(screen.getByRole('link', { name: 'Open Analysis' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/v3/reports-api/'));
  });

  it('opened from a report, shows its name and the report view', { timeout: 30_000 }, async () => {
    renderWithProviders(explorerUrlOf(MY_REPORT), { signedIn: true });
    expect(await screen.findByLabelText('Opened report', undefined, SLOW)).toHaveTextContent(
      'Report: EC2 by region',
    );
    await waitFor(() =>
      expect(
        requests.calls().find((call) => call.startsWith('GET /c/cost_page/dimension_daily_cost/')),
      ).toBeDefined(),
    );
    const call = requests.calls().find((c) => c.startsWith('GET /c/cost_page/dimension_daily_cost/')) ?? '';
    expect(Object.fromEntries(new URL(call.slice(4), 'http://x').searchParams)).toMatchObject({
      start_date: '2026-09-01',
      end_date: '2026-10-31',
      granularity: 'month',
      dimension: 'product_region',
      product_servicename: '["AmazonEC2"]',
    });
  });
});

const SORTED_REPORT = {
  ...MY_REPORT,
  grid: {
    sort_by: '2026-11-03',
    sort_direction: 'asc' as const,
    page_size: 10 as const,
    hidden_columns: ['2026-11-02'],
  },
};

/** The group of the grid's first row (jsdom has no layout, so AG Grid draws only that one and the total). */
function firstGroup(grid: HTMLElement): string | null {
  const first = grid.querySelector('[role="row"][aria-rowindex="2"] [col-id="label"]');
  return first?.textContent ?? null;
}

describe('Explorer: the grid settings of a report', () => {
  it('opening a report restores its sort, page size and hidden columns', { timeout: 30_000 }, async () => {
    server.use(http.get(`*${LIST}:id/`, () => HttpResponse.json(SORTED_REPORT)));
    renderWithProviders(explorerUrlOf(SORTED_REPORT), { signedIn: true });
    const grid = await screen.findByRole('region', { name: 'Cost table' }, SLOW);
    await within(grid).findByText('AmazonEC2', undefined, SLOW);
    // By 03 Nov ascending S3 (3) comes before EC2 (30), the other way round from the default (total, desc).
    await waitFor(() => expect(firstGroup(grid)).toBe('AmazonS3'), SLOW);
    expect(within(grid).getByRole('columnheader', { name: /03 Nov, 2026/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(within(grid).queryByRole('columnheader', { name: /02 Nov, 2026/ })).toBeNull();
    expect(within(grid).getByRole('columnheader', { name: /01 Nov, 2026/ })).toBeInTheDocument();
    // 10 rows a page, where the window width alone gives 20.
    expect(within(grid).getByRole('combobox', { name: 'Page Size' })).toHaveTextContent('10');
  });

  it('"Save" writes the changed view and grid over the report; "Save as new report" stays beside it', {
    timeout: 30_000,
  }, async () => {
    server.use(
      http.get(`*${LIST}:id/`, () => HttpResponse.json(SORTED_REPORT)),
      http.patch(`*${LIST}:id/`, async ({ request }) =>
        HttpResponse.json({ ...SORTED_REPORT, ...((await request.json()) as object) }),
      ),
    );
    const { user, router } = renderWithProviders(explorerUrlOf(SORTED_REPORT), { signedIn: true });
    const grid = await screen.findByRole('region', { name: 'Cost table' }, SLOW);
    await waitFor(() => expect(firstGroup(grid)).toBe('AmazonS3'), SLOW);
    const save = await screen.findByRole('button', { name: 'Save' }, SLOW);
    expect(save).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save as new report' })).toBeEnabled();

    // Sort by the total instead (largest first): the URL keeps it with the report's id, and Save comes on.
    const header = within(grid).getByRole('columnheader', { name: /Total/ });
    await user.click(header.querySelector('.ag-header-cell-label') ?? header);
    const url = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
    await waitFor(() => expect(firstGroup(grid)).toBe('AmazonEC2'), SLOW);
    await waitFor(
      () => expect(url()).toMatchObject({ page_size: '10', hide: '2026-11-02', report: SORTED_REPORT.id }),
      SLOW,
    );
    expect([url().sort, url().sort_dir]).toEqual([undefined, undefined]);
    expect(within(grid).getByRole('columnheader', { name: /Total/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled(), SLOW);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.bodyOf(`PATCH ${LIST}${SORTED_REPORT.id}/`)).toBeDefined(), SLOW);
    expect(requests.bodyOf(`PATCH ${LIST}${SORTED_REPORT.id}/`)).toEqual({
      query: SORTED_REPORT.query,
      range_preset: null,
      chart_type: 'line',
      grid: { ...SORTED_REPORT.grid, sort_by: 'total', sort_direction: 'desc' },
    });
    expect(await screen.findByText(/Saved "EC2 by region"/)).toBeInTheDocument();
  });

  it('"Columns" shows the hidden period again and hides the total, in the URL', {
    timeout: 30_000,
  }, async () => {
    server.use(http.get(`*${LIST}:id/`, () => HttpResponse.json(SORTED_REPORT)));
    const { user, router } = renderWithProviders(explorerUrlOf(SORTED_REPORT), { signedIn: true });
    const grid = await screen.findByRole('region', { name: 'Cost table' }, SLOW);
    const hide = () => new URLSearchParams(router.state.location.search).get('hide');
    await user.click(within(grid).getByRole('button', { name: 'Columns' }));
    const hidden = screen.getByRole('menuitemcheckbox', { name: '02 Nov, 2026' });
    expect(hidden).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('menuitemcheckbox', { name: 'Total' })).toHaveAttribute('aria-checked', 'true');
    await user.click(hidden);
    await waitFor(() => expect(hide()).toBeNull(), SLOW);
    await user.keyboard('{Escape}');
    expect(await within(grid).findByRole('columnheader', { name: /02 Nov, 2026/ })).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: /^Total/ })).toBeInTheDocument();
    await user.click(within(grid).getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Total' }));
    await waitFor(() => expect(hide()).toBe('total'), SLOW);
    await user.keyboard('{Escape}');
    await waitFor(
      () => expect(within(grid).queryByRole('columnheader', { name: /^Total/ })).toBeNull(),
      SLOW,
    );
  });

  it('a report the user may not change offers only "Save as report"', { timeout: 30_000 }, async () => {
    server.use(http.get(`*${LIST}:id/`, () => HttpResponse.json({ ...SHARED_REPORT, can_manage: false })));
    renderWithProviders(explorerUrlOf(SHARED_REPORT), { signedIn: true });
    expect(await screen.findByLabelText('Opened report', undefined, SLOW)).toHaveTextContent('Team spend');
    expect(screen.getByRole('button', { name: 'Save as report' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
