import { ERROR_MESSAGES } from '@finlens/contracts/errors';
import type { Insights } from '@finlens/contracts/insights';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDemoModeStore } from '../../components/demo-mode';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { POLICY, TAG_ROWS, UNTAGGED } from '../tag-explorer/tag-explorer-fixtures.test-helper';
import { INSIGHTS } from './insights-fixtures.test-helper';

const PAGE = '/v3/cost/tag-explorer/';
const requests = recordRequests();

/** The query strings of the insights calls made so far, as key → value. */
const insightCalls = () =>
  requests
    .calls()
    .filter((call) => call.startsWith('GET /c/cost_page/insights/'))
    .map((call) => Object.fromEntries(new URL(call.slice(4), 'http://x').searchParams));

function answer(body: Insights = INSIGHTS) {
  server.use(http.get('*/c/cost_page/insights/', () => HttpResponse.json(body)));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  useDemoModeStore.setState({ on: false });
});

async function openInsights(search = '') {
  const view = renderWithProviders(`${PAGE}${search}`, { signedIn: true });
  await screen.findByRole('heading', { level: 1, name: 'Insights' }, { timeout: 20_000 });
  return view;
}

describe('Insights', () => {
  it('opens on Cost insights for 30 days to yesterday, cards grouped by kind with their amounts', {
    timeout: 30_000,
  }, async () => {
    answer();
    await openInsights();
    expect(screen.getByRole('tab', { name: 'Cost insights', selected: true })).toBeInTheDocument();
    const increases = await screen.findByRole('region', { name: 'Biggest increases' });
    expect(insightCalls().at(-1)).toEqual({
      start_date: '2026-10-23',
      end_date: '2026-11-21',
      imply_client: 'true',
    });
    expect(within(increases).getByRole('heading', { name: 'AmazonEC2' })).toBeInTheDocument();
    expect(increases).toHaveTextContent('+$250.00 (+62.50%)');
    expect(increases).toHaveTextContent('$400.00 → $650.00');
    expect(screen.getByRole('region', { name: 'New services' })).toHaveTextContent('AWSLambda');
    const shifts = screen.getByRole('region', { name: 'Spend moving between regions' });
    expect(within(shifts).getByRole('heading', { name: 'us-east-1 → eu-west-1' })).toBeInTheDocument();
    expect(shifts).toHaveTextContent('$90.00 moved');
    expect(shifts).toHaveTextContent('us-east-1: $800.00 → $700.00');
    expect(screen.queryByRole('region', { name: 'Biggest decreases' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Period totals')).toHaveTextContent(
      '2026-10-23 – 2026-11-21: $1,500.00 against $1,200.00 in 2026-09-23 – 2026-10-22 (+25.00%)',
    );
  });

  it("each card opens the insight's Explorer view, by keyboard too", { timeout: 30_000 }, async () => {
    answer();
    const { user, router } = await openInsights();
    const link = await screen.findByRole('link', { name: 'Open us-east-1 → eu-west-1 in Explorer' });
    const search = new URLSearchParams(link.getAttribute('href')?.split('?')[1]);
    expect(link.getAttribute('href')?.startsWith('/v3/cloud-resource-cost-api/?')).toBe(true);
    expect(Object.fromEntries(search)).toEqual({
      start_date: '2026-09-22',
      end_date: '2026-11-21',
      granularity: 'day',
      dimension: 'product_region',
      cost_type: 'unblended',
      top_n: '10',
      product_region: '["us-east-1","eu-west-1"]',
    });
    link.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Explorer' }, { timeout: 20_000 });
    expect(router.state.location.pathname).toBe('/v3/cloud-resource-cost-api/');
    expect(new URLSearchParams(router.state.location.search).get('product_region')).toBe(
      '["us-east-1","eu-west-1"]',
    );
  });

  it('the range selector asks for the preset as of yesterday and keeps it in the URL', async () => {
    answer();
    const { user, router } = await openInsights('?range=7D');
    await screen.findByRole('region', { name: 'Biggest increases' });
    expect(insightCalls().at(-1)).toMatchObject({ start_date: '2026-11-15', end_date: '2026-11-21' });
    await user.click(screen.getByRole('combobox', { name: 'Range' }));
    await user.click(await screen.findByRole('option', { name: '3M' }));
    expect(new URLSearchParams(router.state.location.search).get('range')).toBe('3M');
    await vi.waitFor(() =>
      expect(insightCalls().at(-1)).toMatchObject({ start_date: '2026-08-01', end_date: '2026-11-21' }),
    );
  });

  it('the tab lives in the URL: Tag explorer and back, by mouse and keyboard', {
    timeout: 30_000,
  }, async () => {
    answer();
    server.use(
      http.get('*/c/cost_page/tag_explorer/', () => HttpResponse.json(TAG_ROWS)),
      http.get('*/c/cost_page/tag_explorer/untagged/', () => HttpResponse.json(UNTAGGED)),
      http.get('*/c/tag_policies/', () => HttpResponse.json({ results: [POLICY] })),
      // The panel's own tests cover its violations list; here it only has to be answered.
      http.get('*/c/tag_policies/violations/', () => new HttpResponse(null, { status: 503 })),
    );
    const { user, router } = await openInsights('?tab=tags');
    expect(screen.getByRole('tab', { name: 'Tag explorer', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Tag keys' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(insightCalls()).toEqual([]);

    screen.getByRole('tab', { name: 'Tag explorer' }).focus();
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('insights');
    expect(await screen.findByRole('region', { name: 'Biggest increases' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Tag explorer' }));
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('tags');
    expect(await screen.findByRole('region', { name: 'Tag keys' }, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('an unknown tab shows Cost insights', async () => {
    answer();
    await openInsights('?tab=colour');
    expect(screen.getByRole('tab', { name: 'Cost insights', selected: true })).toBeInTheDocument();
  });

  it('says when nothing changed, and when there is no data at all', async () => {
    answer({ ...INSIGHTS, insights: [] });
    const first = await openInsights();
    expect(await screen.findByText('No notable changes between the two periods.')).toBeInTheDocument();
    first.unmount();
    answer({ ...INSIGHTS, insights: [], total: 0, previous_total: 0 });
    await openInsights();
    expect(await screen.findByText(ERROR_MESSAGES.emptyTable)).toBeInTheDocument();
  });

  it('shows the message of a failed call', async () => {
    server.use(http.get('*/c/cost_page/insights/', () => new HttpResponse(null, { status: 503 })));
    await openInsights();
    expect(await screen.findByText(ERROR_MESSAGES.serverError)).toBeInTheDocument();
  });

  it('blurs account values in demo mode (spec §4)', async () => {
    answer();
    useDemoModeStore.setState({ on: true });
    await openInsights();
    const increases = await screen.findByRole('region', { name: 'Biggest increases' });
    expect(within(increases).getByRole('heading', { name: '111122223333' })).toHaveStyle({
      filter: 'blur(5px)',
    });
    expect(within(increases).getByRole('heading', { name: 'AmazonEC2' })).not.toHaveStyle({
      filter: 'blur(5px)',
    });
  });

  it('shows a loading state until the answer arrives', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('*/c/cost_page/insights/', async () => {
        await held;
        return HttpResponse.json(INSIGHTS);
      }),
    );
    await openInsights();
    expect(await screen.findByLabelText('Loading insights')).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByRole('region', { name: 'Biggest increases' })).toBeInTheDocument();
  });
});
