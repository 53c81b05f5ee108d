import { DEFAULT_GRID_SETTINGS } from '@finlens/contracts/reports';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { explorerUrlOf } from '../reports/report-view';
import { MY_REPORT } from '../reports/reports-fixtures.test-helper';

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
  it('posts the current view (CostQuery, range preset, chart) and offers the Analysis page', {
    timeout: 30_000,
  }, async () => {
    const url =
      '/v3/cloud-resource-cost-api/?range=7D&granularity=day&dimension=product_region&cost_type=amortized&chart=area&product_servicename=%5B%22AmazonEC2%22%5D';
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
      grid: DEFAULT_GRID_SETTINGS,
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
