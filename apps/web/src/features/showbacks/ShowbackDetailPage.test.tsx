import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/msw-server';
import { recordRequests } from '../../test/request-log';
import { ShowbackDetailPage } from './ShowbackDetailPage';
import { answerTeamsDetail, renderAt, TEAMS_DETAIL, TEAMS_SERIES } from './showback-fixtures.test-helper';

const requests = recordRequests();
const SLOW = { timeout: 15_000 };
const PATTERN = '/v3/cost/showbacks-detail-api/:key/';
const queryOf = (prefix: string) =>
  requests
    .calls()
    .filter((call) => call.startsWith(prefix))
    .map((call) => Object.fromEntries(new URL(call.slice(call.indexOf(' ') + 1), 'http://x').searchParams));

const answer = answerTeamsDetail;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('ShowbackDetailPage', () => {
  it('shows a row per value with a column per period, totals, previous period and forecast, and the reconciliation', {
    timeout: 30_000,
  }, async () => {
    answer();
    renderAt(PATTERN, '/v3/cost/showbacks-detail-api/sb-1/', <ShowbackDetailPage />);
    const grid = await screen.findByRole('region', { name: 'Cost by value' }, SLOW);
    const web = await within(grid).findByRole('link', { name: 'web' }, SLOW);
    expect(web).toHaveAttribute(
      'href',
      '/v3/cost/showbacks-allocation-api/sb-1/showback-resources/?range=MTD&value=web',
    );
    // Three rows (jsdom draws the first two); Unallocated also links from the header.
    expect(grid).toHaveTextContent('1 to 3 of 3');
    expect(screen.getByRole('link', { name: 'Unallocated resources' })).toHaveAttribute(
      'href',
      '/v3/cost/showbacks-allocation-api/sb-1/unallocated-resources/?range=MTD',
    );
    expect(within(grid).getByRole('columnheader', { name: '2026-11-02' })).toBeInTheDocument();
    // Total row: 120 over the range, 107 the period before, 880 forecast.
    expect(within(grid).getByText('$120.00')).toBeInTheDocument();
    expect(within(grid).getByText('$107.00')).toBeInTheDocument();
    expect(within(grid).getByText('$880.00')).toBeInTheDocument();
    expect(within(grid).getByText('$440.00')).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cost by showback value' })).toBeInTheDocument();
    expect(screen.getByLabelText('Showback summary')).toHaveTextContent(
      '2026-11-01 – 2026-11-22: $120.00 in total, $15.00 unallocated, data up to 2026-11-03',
    );
    const check = screen.getByRole('region', { name: 'Reconciliation' });
    expect(within(check).getByText(/equals the total cost to the cent/)).toBeInTheDocument();
    expect(within(check).getAllByRole('row')[1]).toHaveTextContent('2026-11$105.00-$15.00$120.00-');
    expect(queryOf('GET /c/showback/showbacks/sb-1/?')[0]).toEqual({
      start_date: '2026-11-01',
      end_date: '2026-11-22',
      imply_client: 'true',
      use_query_optimization: 'true',
    });
  });

  it('range and granularity change the queries', { timeout: 30_000 }, async () => {
    answer();
    const { user } = renderAt(PATTERN, '/v3/cost/showbacks-detail-api/sb-1/', <ShowbackDetailPage />);
    await screen.findByRole('region', { name: 'Cost by value' }, SLOW);
    await user.click(screen.getByRole('combobox', { name: 'Granularity' }));
    await user.click(await screen.findByRole('option', { name: 'Monthly' }));
    await waitFor(() =>
      expect(queryOf('GET /c/showback/showbacks/sb-1/showback_values_daily_cost/').at(-1)).toMatchObject({
        granularity: 'month',
      }),
    );
    await user.click(screen.getByRole('combobox', { name: 'Range' }));
    await user.click(await screen.findByRole('option', { name: '7D' }));
    await waitFor(() =>
      expect(queryOf('GET /c/showback/showbacks/sb-1/?').at(-1)).toMatchObject({
        start_date: '2026-11-16',
        end_date: '2026-11-22',
      }),
    );
  });

  it('flags a range that does not reconcile, and shows the empty state', { timeout: 30_000 }, async () => {
    answer({
      ...TEAMS_DETAIL,
      reconciliation: [{ ...(TEAMS_DETAIL.reconciliation?.[0] ?? ({} as never)), difference_cents: 3 }],
    });
    const view = renderAt(PATTERN, '/v3/cost/showbacks-detail-api/sb-1/', <ShowbackDetailPage />);
    expect(
      await screen.findByText(
        'Allocated + shared + unallocated differs from the total cost.',
        undefined,
        SLOW,
      ),
    ).toBeInTheDocument();
    view.unmount();
    server.use(
      http.get('*/c/showback/showbacks/sb-1/showback_values_daily_cost/', () =>
        HttpResponse.json({ ...TEAMS_SERIES, periods: [], series: [] }),
      ),
    );
    renderAt(PATTERN, '/v3/cost/showbacks-detail-api/sb-1/', <ShowbackDetailPage />);
    expect(await screen.findByText('No cost in this range.', undefined, SLOW)).toBeInTheDocument();
  });
});
