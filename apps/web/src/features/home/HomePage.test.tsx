import { formatMoney } from '@finlens/cost-model/format';
import { endOfMonth, inclusiveDays, startOfMonth, utcDay } from '@finlens/cost-model/utc-calendar';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEST_COST_SUMMARY, TEST_STATUS } from '../../test/identity-fixtures';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { viewFromParams } from '../cost-explorer/explorer-view';
import { dailyAnswer } from './cost-answer.test-helper';
import { homeQueries } from './home-queries';

/** Answers each Home cost query by its dimension and range: $10 a day; EC2 doubled and S3 halved. */
function answerCosts(today: Date) {
  const q = homeQueries(today);
  server.use(
    http.get('*/c/cost_page/dimension_daily_cost/', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const start = params.get('start_date') ?? '';
      const end = params.get('end_date') ?? '';
      switch (params.get('dimension')) {
        case null:
          return HttpResponse.json(
            dailyAnswer(start, end, [
              { key: 'total', label: 'Total', total: 10 * inclusiveDays(start, end) },
            ]),
          );
        case 'product_servicename':
          return HttpResponse.json(
            start === q.services.start_date
              ? dailyAnswer(start, end, [
                  { key: 'Amazon EC2', total: 600 },
                  { key: 'Amazon S3', total: 150 },
                  { key: 'AWS Lambda', total: 60 },
                ])
              : dailyAnswer(start, end, [
                  { key: 'Amazon EC2', total: 300 },
                  { key: 'Amazon S3', total: 300 },
                  { key: 'AWS Lambda', total: 60 },
                ]),
          );
        default:
          return HttpResponse.json(
            dailyAnswer(start, end, [
              { key: '111122223333', total: 700 },
              { key: null, total: 100 },
            ]),
          );
      }
    }),
  );
}

describe('home', () => {
  it('month-to-date spend and delta, the forecast for the month, top services and accounts, the movers', async () => {
    const today = new Date();
    answerCosts(today);
    renderWithProviders('/v3/home', { signedIn: true });
    const mtd = await screen.findByRole('group', { name: 'Month-to-date spend' });
    expect(await within(mtd).findByText(formatMoney(TEST_COST_SUMMARY.mtd_spend))).toBeInTheDocument();
    expect(within(mtd).getByText(/\+12\.50% vs the same days last month/)).toBeInTheDocument();

    // $10 every day of the 40 days of history: the forecast is $10 for every day of this month.
    const day = utcDay(today);
    const monthDays = inclusiveDays(startOfMonth(day), endOfMonth(day));
    const forecast = screen.getByRole('group', { name: 'Forecast for the month' });
    expect(await within(forecast).findByText(formatMoney(10 * monthDays))).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Spend by day this month' })).toBeInTheDocument();

    const services = await screen.findByRole('table', { name: 'Top services' });
    const rows = within(services).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Amazon EC2$600.0074.1%',
      'Amazon S3$150.0018.5%',
      'AWS Lambda$60.007.4%',
    ]);
    const accounts = await screen.findByRole('table', { name: 'Top accounts' });
    expect(within(accounts).getByText('No value')).not.toHaveAttribute('href');

    const movers = await screen.findByRole('table', { name: 'Biggest movers' });
    expect(
      within(movers)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Amazon EC2$600.00+$300.00 (+100.00%)', 'Amazon S3$150.00-$150.00 (-50.00%)']);
    // Each row opens the Explorer on that service over the same 30 days, in the Explorer's own URL format.
    const href = within(movers).getByRole('link', { name: 'Amazon S3' }).getAttribute('href') ?? '';
    expect(href.startsWith('/v3/cloud-resource-cost-api/?')).toBe(true);
    const { view, problem } = viewFromParams(new URLSearchParams(href.split('?')[1]), today);
    expect(problem).toBeNull();
    expect(view.range).toBe('30D');
    expect(view.query.dimension).toBe('product_servicename');
    expect(view.query.filters).toEqual([
      { dimension: 'product_servicename', mode: 'include', values: ['Amazon S3'] },
    ]);
  });

  it('without a project it points to Settings → AWS Accounts and the demo', async () => {
    server.use(
      http.get('*/c/admin/status/', () => HttpResponse.json({ ...TEST_STATUS, has_project: false })),
    );
    renderWithProviders('/v3/home', { signedIn: true });
    expect(await screen.findByText('Connect a cloud account')).toBeInTheDocument();
    expect(screen.getByText('finlens demo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to AWS Accounts' })).toHaveAttribute(
      'href',
      '/v3/settings?tab=aws-accounts',
    );
  });

  it('with a project but no billing data yet it says so', async () => {
    answerCosts(new Date());
    server.use(
      http.get('*/c/cost_page/cost_summary/', () => HttpResponse.json({ ...TEST_COST_SUMMARY, as_of: null })),
    );
    renderWithProviders('/v3/home', { signedIn: true });
    expect(await screen.findByText('No billing data yet')).toBeInTheDocument();
  });

  it('shows skeletons until the figures arrive', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    answerCosts(new Date());
    server.use(
      http.get('*/c/cost_page/dimension_daily_cost/', async () => {
        await gate;
        return HttpResponse.json({ detail: 'late' }, { status: 503 });
      }),
    );
    renderWithProviders('/v3/home', { signedIn: true });
    const forecast = await screen.findByRole('group', { name: 'Forecast for the month' });
    expect(forecast.querySelector('.MuiSkeleton-root')).not.toBeNull();
    release();
    await waitFor(() => expect(screen.getAllByText('late').length).toBeGreaterThan(0));
  });
});
