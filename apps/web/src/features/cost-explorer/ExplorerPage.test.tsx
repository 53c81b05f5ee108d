import { hourlyRangeMessage } from '@finlens/contracts/cost-query';
import { ERROR_MESSAGES } from '@finlens/contracts/errors';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { Suspense, use } from 'react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDemoModeStore } from '../../components/demo-mode';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { ExplorerPage } from './ExplorerPage';
import { costResult } from './explorer-fixtures.test-helper';

const EXPLORER = '/v3/cloud-resource-cost-api/';
/** The chart and grid arrive in their own lazy chunk: slow on a loaded runner. */
const SLOW = { timeout: 15_000 };
const requests = recordRequests();

/** The query strings of the cost calls made so far, as key → value. */
function costCalls(): Record<string, string>[] {
  return requests
    .calls()
    .filter((call) => call.startsWith('GET /c/cost_page/dimension_daily_cost/'))
    .map((call) => Object.fromEntries(new URL(call.slice(4), 'http://x').searchParams));
}
const lastCostCall = () => costCalls().at(-1) ?? {};

function answerValues() {
  server.use(
    http.get('*/c/cost_page/dimension_values/', ({ request }) => {
      const url = new URL(request.url);
      const all =
        url.searchParams.get('dimension') === 'tag_keys'
          ? [
              { value: 'prod', cost: 9 },
              { value: 'dev', cost: 1 },
              { value: null, cost: 0.5 },
            ]
          : [
              { value: 'us-east-1', cost: 50 },
              { value: 'eu-west-1', cost: 16 },
            ];
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      return HttpResponse.json({
        dimension: url.searchParams.get('dimension'),
        key: url.searchParams.get('key'),
        values: all.filter((v) => (v.value ?? '').includes(search)),
      });
    }),
    http.get('*/c/cost_page/dimension_keys/', () =>
      HttpResponse.json({ dimension: 'tag_keys', keys: ['env', 'team'] }),
    ),
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  useDemoModeStore.setState({ on: false });
});

async function openExplorer(search = '') {
  const view = renderWithProviders(`${EXPLORER}${search}`, { signedIn: true });
  // The first open loads the lazy page chunk (AG Grid, ECharts) after the start-up chain.
  await screen.findByRole('heading', { level: 1, name: 'Explorer' }, { timeout: 20_000 });
  return view;
}

async function choose(user: ReturnType<typeof renderWithProviders>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Explorer', () => {
  it('opens on 30 days by service and shows the total, chart and grid of the answer', {
    timeout: 30_000,
  }, async () => {
    await openExplorer();
    expect(await screen.findByLabelText('Total cost', undefined, SLOW)).toHaveTextContent('Total $66.00');
    expect(lastCostCall()).toEqual({
      start_date: '2026-10-24',
      end_date: '2026-11-22',
      granularity: 'day',
      dimension: 'product_servicename',
      cost_type: 'unblended',
      top_n: '10',
      imply_client: 'true',
    });
    expect(
      screen.getByRole('img', { name: 'Cost by Cloud Service: $66.00 actual over the 3 periods shown' }),
    ).toBeInTheDocument();
    const grid = screen.getByRole('region', { name: 'Cost table' });
    expect(await within(grid).findByText('AmazonEC2')).toBeInTheDocument();
    expect(within(grid).getByText('$60.00')).toBeInTheDocument();
    expect(within(grid).getAllByText('$66.00').length).toBeGreaterThan(0);
    // Every cell on one line (no cell height to measure on an answer); a label too long for it is whole in its title.
    const moneyCell = within(grid).getByText('$60.00').closest('.ag-cell');
    const label = within(grid).getByText('AmazonEC2');
    for (const cell of [moneyCell, label.closest('.ag-cell')]) {
      expect(cell).not.toHaveClass('ag-cell-wrap-text');
      expect(cell).not.toHaveClass('ag-cell-auto-height');
    }
    expect(label).toHaveAttribute('title', 'AmazonEC2');
  });

  it('adds include, exclude and contains filters in the wire format', {
    timeout: 60_000,
  }, async () => {
    answerValues();
    const { user, router } = await openExplorer();
    await screen.findByLabelText('Total cost', undefined, SLOW);

    await choose(user, 'Filter by', 'Region');
    await user.type(screen.getByRole('combobox', { name: 'Values' }), 'us');
    await user.click(await screen.findByRole('option', { name: 'us-east-1' }));
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await waitFor(() => expect(lastCostCall().product_region).toBe('["us-east-1"]'));

    await choose(user, 'Type', 'Exclude');
    await user.type(screen.getByRole('combobox', { name: 'Values' }), 'eu-west-1{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await waitFor(() => expect(lastCostCall().exclude_product_region).toBe('["eu-west-1"]'));

    await choose(user, 'Type', 'Contains');
    await user.type(screen.getByRole('combobox', { name: 'Text' }), 'east');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await waitFor(() => expect(lastCostCall().like_product_region).toBe('["east"]'));
    expect(lastCostCall()).toMatchObject({
      product_region: '["us-east-1"]',
      exclude_product_region: '["eu-west-1"]',
    });
    // The URL holds the same keys, so the link reproduces the view.
    const url = new URLSearchParams(router.state.location.search);
    expect(url.get('exclude_product_region')).toBe('["eu-west-1"]');
    expect(url.get('like_product_region')).toBe('["east"]');

    // Removing a chip drops its key.
    await user.click(
      within(screen.getByRole('button', { name: 'Filter Region exclude: eu-west-1' })).getByTestId(
        'CancelIcon',
      ),
    );
    await waitFor(() => expect(lastCostCall().exclude_product_region).toBeUndefined());
  });

  it('adds tag pairs matching all pairs, untagged included, in the wire format', {
    timeout: 60_000,
  }, async () => {
    answerValues();
    const { user, router } = await openExplorer();
    await screen.findByLabelText('Total cost', undefined, SLOW);
    await choose(user, 'Filter by', 'Tags');
    await user.type(screen.getByRole('combobox', { name: 'Key' }), 'en');
    await user.click(await screen.findByRole('option', { name: 'env' }));
    await choose(user, 'Match', 'All pairs');
    await user.click(screen.getByRole('combobox', { name: 'Values' }));
    await user.click(await screen.findByRole('option', { name: 'prod' }));
    await user.click(screen.getByRole('combobox', { name: 'Values' }));
    await user.click(await screen.findByRole('option', { name: 'No value (untagged)' }));
    await user.click(screen.getByRole('button', { name: 'Add filter' }));

    await waitFor(() =>
      expect(lastCostCall().tag_keys_and).toBe('[{"key":"env","value":"prod"},{"key":"env","value":""}]'),
    );
    expect(new URLSearchParams(router.state.location.search).get('tag_keys_and')).toBe(
      lastCostCall().tag_keys_and,
    );
    expect(
      screen.getByRole('button', { name: 'Filter Tags include: env = prod and env = No value (untagged)' }),
    ).toBeInTheDocument();
  });

  it('offers the granularities the range allows (spec §5) and keeps day when one goes away', {
    timeout: 30_000,
  }, async () => {
    const { user } = await openExplorer('?range=7D&granularity=week');
    await waitFor(() => expect(lastCostCall().granularity).toBe('week'));
    await user.click(screen.getByRole('combobox', { name: 'Granularity' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Hourly', 'Daily', 'Weekly']);
    await user.keyboard('{Escape}');

    await choose(user, 'Range', '1Y');
    await waitFor(() =>
      expect(lastCostCall()).toMatchObject({ start_date: '2025-11-01', granularity: 'week' }),
    );
    await user.click(screen.getByRole('combobox', { name: 'Granularity' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Weekly',
      'Monthly',
      'Quarterly',
    ]);
    await user.keyboard('{Escape}');

    await choose(user, 'Range', '+3M');
    await waitFor(() =>
      expect(lastCostCall()).toMatchObject({
        start_date: '2026-12-01',
        end_date: '2027-02-28',
        granularity: 'month',
      }),
    );
  });

  it('reproduces a view from its link: range, group-by key, cost type, filters and chart type', async () => {
    server.use(
      http.get('*/c/cost_page/dimension_keys/', () =>
        HttpResponse.json({ dimension: 'tag_keys', keys: ['team'] }),
      ),
    );
    await openExplorer(
      '?start_date=2026-09-01&end_date=2026-09-30&granularity=week&dimension=tag_keys&dimension_key=team&cost_type=net_amortized&exclude_line_item_usage_account_id=%5B%22111122223333%22%5D&chart=line',
    );
    await waitFor(() =>
      expect(lastCostCall()).toMatchObject({
        start_date: '2026-09-01',
        end_date: '2026-09-30',
        granularity: 'week',
        dimension: 'tag_keys',
        dimension_key: 'team',
        cost_type: 'net_amortized',
        exclude_line_item_usage_account_id: '["111122223333"]',
      }),
    );
    expect(screen.getByRole('combobox', { name: 'Range' })).toHaveTextContent('Custom');
    expect(screen.getByRole('combobox', { name: 'Cost type' })).toHaveTextContent('Discounted Amortized');
    expect(screen.getByRole('combobox', { name: 'Group by' })).toHaveValue('Tags');
    expect(screen.getByRole('combobox', { name: 'Group by key' })).toHaveValue('team');
    expect(screen.getByRole('button', { name: 'Line' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      screen.getByRole('button', { name: 'Filter Cloud Account exclude: 111122223333' }),
    ).toBeInTheDocument();
  });

  it('keeps the previous chart and grid on screen, dimmed, busy and named as before, until the next answer arrives; then updates them in place', {
    timeout: 30_000,
  }, async () => {
    const { user } = await openExplorer();
    await screen.findByLabelText('Total cost', undefined, SLOW);
    const results = screen.getByTestId('explorer-results');
    expect(results).toHaveAttribute('aria-busy', 'false');
    const grid = screen.getByRole('region', { name: 'Cost table' });
    await within(grid).findByText('AmazonEC2');
    const gridRoot = grid.querySelector('.ag-root-wrapper');
    const firstRow = grid.querySelector('.ag-row[row-id="0"]');
    expect(firstRow).not.toBeNull();
    const chart = screen.getByRole('img', { name: /^Cost by Cloud Service:/ });
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    server.use(
      http.get('*/c/cost_page/dimension_daily_cost/', async () => {
        await held;
        return HttpResponse.json(
          costResult({
            periods: ['2026-10-24'],
            series: [{ key: 'us-east-1', label: 'us-east-1', costs: [7] }],
          }),
        );
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Regions' }));
    expect(await screen.findByRole('progressbar', { name: 'Loading costs' })).toBeInTheDocument();
    expect(screen.getByTestId('explorer-results')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('explorer-results')).toHaveStyle({ opacity: '0.5' });
    // Dimmed at once: no fade (each frame of one repainted the whole chart and grid).
    expect(getComputedStyle(screen.getByTestId('explorer-results')).transition).toBe('');
    expect(screen.getByLabelText('Total cost')).toHaveTextContent('Total $66.00');
    // The dimmed chart and grid still say what they show: services, not the regions just asked for.
    expect(chart).toHaveAccessibleName('Cost by Cloud Service: $66.00 actual over the 3 periods shown');
    expect(within(grid).getByText('Cloud Service')).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.getByLabelText('Total cost')).toHaveTextContent('Total $7.00'));
    expect(screen.getByTestId('explorer-results')).toHaveAttribute('aria-busy', 'false');
    // Updated in place: the same chart and grid, the grid's rows replaced.
    expect(chart).toHaveAccessibleName('Cost by Region: $7.00 actual over the 1 periods shown');
    expect(chart).toBeInTheDocument();
    expect(grid.querySelector('.ag-root-wrapper')).toBe(gridRoot);
    expect(await within(grid).findByText('Region')).toBeInTheDocument();
    expect(within(grid).getByText('us-east-1')).toBeInTheDocument();
    // The first row is the same row, its values replaced (not a new row built).
    expect(grid.querySelector('.ag-row[row-id="0"]')).toBe(firstRow);
    // AG Grid takes a removed row out of the page a moment later (its fade-out).
    await waitFor(() => expect(within(grid).queryByText('AmazonEC2')).not.toBeInTheDocument());
  });

  it('shows a click at once and asks its question while the rest of the app follows the URL as a transition', {
    timeout: 30_000,
  }, async () => {
    // A part of the app that reads the URL and cannot yet render the next one: the URL's change waits for it (a
    // transition keeps the page as it is meanwhile); the click's feedback and question do not.
    const never = new Promise<never>(() => {});
    function SlowUrlReader() {
      if (useLocation().search.includes('product_region')) use(never);
      return null;
    }
    const { user } = renderWithProviders(EXPLORER, {
      signedIn: true,
      routes: [
        {
          path: EXPLORER,
          element: (
            <>
              <ExplorerPage />
              <Suspense fallback={<p>Following the URL</p>}>
                <SlowUrlReader />
              </Suspense>
            </>
          ),
        },
      ],
    });
    await screen.findByLabelText('Total cost', undefined, { timeout: 20_000 });
    await user.click(screen.getByRole('button', { name: 'Regions' }));
    await waitFor(() => expect(lastCostCall().dimension).toBe('product_region'));
    expect(screen.getByRole('button', { name: 'Regions' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Cloud Services' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByText('Following the URL')).not.toBeInTheDocument();
  });

  // Back while a URL transition is suspended is not tested here: React 19 may render the popstate's update together
  // with that transition (which a test can only suspend for ever), and then nothing commits (seen in 2 runs of 5 on a
  // loaded machine, every time in CI). A browser's Back changes the URL too.
  it("drops a click not yet applied on Back: the URL's view stays and the click's question is never asked", {
    timeout: 30_000,
  }, async () => {
    const { router } = await openExplorer();
    await screen.findByLabelText('Total cost', undefined, SLOW);
    const calls = costCalls().length;
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Regions' }));
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('button', { name: 'Cloud Services' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Regions' })).toHaveAttribute('aria-pressed', 'false');
    // Past the frame the click would have been applied in.
    await act(() => new Promise((done) => setTimeout(done, 200)));
    expect(costCalls()).toHaveLength(calls);
    expect(new URLSearchParams(router.state.location.search).get('dimension')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cloud Services' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows a click in the frame it is made in (the chip pressed, the results dimmed), then asks its question and writes the URL once that frame is painted', {
    timeout: 30_000,
  }, async () => {
    const { router } = await openExplorer();
    await screen.findByLabelText('Total cost', undefined, SLOW);
    const calls = costCalls().length;
    // Nothing painted between the click and the assertions: they run in the click's own task.
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Regions' }));
    });
    expect(screen.getByRole('button', { name: 'Regions' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Cloud Services' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('explorer-results')).toHaveAttribute('aria-busy', 'true');
    expect(new URLSearchParams(router.state.location.search).get('dimension')).toBeNull();
    expect(costCalls()).toHaveLength(calls);
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('dimension')).toBe('product_region'),
    );
    await waitFor(() => expect(lastCostCall().dimension).toBe('product_region'));
    expect(costCalls()).toHaveLength(calls + 1);
  });

  it('shows a refused question with what to change (an hourly range too long), the controls still usable', {
    timeout: 30_000,
  }, async () => {
    const message = hourlyRangeMessage(6, ['day', 'week', 'month', 'quarter']);
    server.use(
      http.get('*/c/cost_page/dimension_daily_cost/', () =>
        HttpResponse.json(
          {
            detail: `granularity: ${message}`,
            error: `granularity: ${message}`,
            errors: { granularity: [message] },
          },
          { status: 400 },
        ),
      ),
    );
    await openExplorer();
    const alert = await screen.findByText(message, undefined, SLOW);
    expect(alert.closest('[role="alert"]')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Regions' })).toBeEnabled();
  });

  it('groups by a quick chip and asks for a key before grouping by tags', { timeout: 30_000 }, async () => {
    server.use(
      http.get('*/c/cost_page/dimension_keys/', () =>
        HttpResponse.json({ dimension: 'tag_keys', keys: ['team'] }),
      ),
    );
    const { user } = await openExplorer();
    await screen.findByLabelText('Total cost', undefined, SLOW);
    await user.click(screen.getByRole('button', { name: 'Regions' }));
    await waitFor(() => expect(lastCostCall().dimension).toBe('product_region'));
    const calls = costCalls().length;
    await user.click(screen.getByRole('button', { name: 'Tags' }));
    expect(await screen.findByText('Choose the key to group by.')).toBeInTheDocument();
    expect(costCalls()).toHaveLength(calls);
    await user.click(screen.getByRole('combobox', { name: 'Group by key' }));
    await user.click(await screen.findByRole('option', { name: 'team' }));
    await waitFor(() =>
      expect(lastCostCall()).toMatchObject({ dimension: 'tag_keys', dimension_key: 'team' }),
    );
  });

  it("asks a quick chip's question when the pointer comes onto it or the keyboard's focus does; the click then shows that answer without asking again", {
    timeout: 30_000,
  }, async () => {
    const { user } = await openExplorer();
    await screen.findByLabelText('Total cost', undefined, SLOW);
    await user.hover(screen.getByRole('button', { name: 'Regions' }));
    await waitFor(() => expect(lastCostCall().dimension).toBe('product_region'));
    const calls = costCalls().length;
    await user.click(screen.getByRole('button', { name: 'Regions' }));
    expect(await screen.findByRole('img', { name: /^Cost by Region:/ }, SLOW)).toBeInTheDocument();
    expect(costCalls()).toHaveLength(calls);
    act(() => screen.getByRole('button', { name: 'Cloud Accounts' }).focus());
    await waitFor(() => expect(lastCostCall().dimension).toBe('line_item_usage_account_id'));
  });

  it("says 'No results found' when nothing matches", async () => {
    server.use(
      http.get('*/c/cost_page/dimension_daily_cost/', () =>
        HttpResponse.json(costResult({ periods: ['2026-11-21', '2026-11-22'], series: [] })),
      ),
    );
    await openExplorer();
    expect(await screen.findByText(ERROR_MESSAGES.emptyTable)).toBeInTheDocument();
  });

  it('shows the spec §8 message of a failed call', async () => {
    server.use(
      http.get('*/c/cost_page/dimension_daily_cost/', () => new HttpResponse(null, { status: 503 })),
    );
    await openExplorer();
    expect(await screen.findByText(ERROR_MESSAGES.serverError)).toBeInTheDocument();
  });

  it('says when the server answered by day instead of whole weeks, and marks forecast periods', async () => {
    server.use(
      http.get('*/c/cost_page/dimension_daily_cost/', () =>
        HttpResponse.json(
          costResult({
            periods: ['2026-11-21', '2026-11-22'],
            forecast: [false, true],
            granularity: 'day',
            requested: 'week',
            asOf: '2026-11-21',
            series: [{ key: 'AmazonEC2', costs: [5, 7] }],
          }),
        ),
      ),
    );
    await openExplorer('?range=14D&granularity=week');
    expect(
      await screen.findByText('Shown by day: the range does not cover whole weeks.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Total is actual spend; hatched periods hold a forecast/)).toBeInTheDocument();
    expect(await screen.findByText('22 Nov, 2026 (forecast)')).toBeInTheDocument();
  });

  it('shows the quarter-start message on the 1st of a quarter and the start-of-month one on the 2nd of another month', async () => {
    vi.setSystemTime(new Date('2027-01-01T09:00:00Z'));
    const first = await openExplorer();
    expect(await screen.findByText(ERROR_MESSAGES.quarterStart)).toBeInTheDocument();
    first.unmount();
    vi.setSystemTime(new Date('2027-02-02T09:00:00Z'));
    await openExplorer();
    expect(await screen.findByText(/The month has just begun/)).toBeInTheDocument();
    expect(screen.queryByText(ERROR_MESSAGES.quarterStart)).not.toBeInTheDocument();
  });

  it('blurs account values in demo mode, switched from the account menu (spec §4)', {
    timeout: 30_000,
  }, async () => {
    server.use(
      http.get('*/c/cost_page/dimension_daily_cost/', () =>
        HttpResponse.json(
          costResult({ periods: ['2026-11-22'], series: [{ key: '111122223333', costs: [4] }] }),
        ),
      ),
    );
    const { user } = await openExplorer('?dimension=line_item_usage_account_id');
    const grid = await screen.findByRole('region', { name: 'Cost table' }, SLOW);
    expect(await within(grid).findByText('111122223333', undefined, SLOW)).not.toHaveStyle({
      filter: 'blur(5px)',
    });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Demo mode: Off' }));
    await waitFor(() => expect(within(grid).getByText('111122223333')).toHaveStyle({ filter: 'blur(5px)' }));
  });
});
