import { COST_TARGET_PATHS as P } from '@finlens/contracts/cost-targets';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildChartOption } from '../../components/Chart';
import { server } from '../../test/msw-server';
import { renderElement } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { BurnDownPage } from './BurnDownPage';
import { BURN_DOWN, COMPUTE, STORAGE } from './cost-targets-fixtures.test-helper';
import { burnDownChart } from './target-view';

const requests = recordRequests();
const SLOW = { timeout: 15_000 };

describe('BurnDownPage', () => {
  it('draws the chosen target’s cumulative actual, plan and forecast band', { timeout: 30_000 }, async () => {
    server.use(
      http.get(`*${P.targets}`, () => HttpResponse.json([COMPUTE, STORAGE])),
      http.get(`*${P.burnDown}`, ({ params }) => HttpResponse.json({ ...BURN_DOWN, target_id: params.id })),
    );
    const { user, router } = renderElement(<BurnDownPage />);
    const section = await screen.findByRole('region', { name: 'Burn-down' }, SLOW);
    const summary =
      'Actual $90.00 to 03 Nov, 2026 of a $1,000.00 budget; forecast $900.00 ($810.00 – $990.00)';
    expect(within(section).getByText(summary)).toBeInTheDocument();
    expect(
      within(section).getByRole('img', { name: `Cumulative cost of Compute: ${summary}` }),
    ).toBeInTheDocument();
    expect(requests.calls()).toContain(`GET ${P.burnDown.replace(':id', COMPUTE.id)}?imply_client=true`);

    await user.click(screen.getByRole('combobox', { name: 'Target' }));
    await user.click(await screen.findByRole('option', { name: 'Storage' }));
    await waitFor(() =>
      expect(requests.calls()).toContain(`GET ${P.burnDown.replace(':id', STORAGE.id)}?imply_client=true`),
    );
    expect(router.state.location.search).toBe(`?target=${STORAGE.id}`);
    expect(await screen.findByRole('img', { name: /^Cumulative cost of Storage/ }, SLOW)).toBeInTheDocument();
  });

  it('turns the burn-down into lines: actual up to as_of, the forecast and its band after', () => {
    const chart = burnDownChart(BURN_DOWN);
    expect(chart.categories).toHaveLength(30);
    expect(chart.series.map((s) => s.name)).toEqual([
      'Actual',
      'Plan',
      'Forecast',
      'Forecast low',
      'Forecast high',
    ]);
    const [actual, plan, forecast, low, high] = chart.series.map((s) => s.values);
    expect(actual?.slice(0, 4)).toEqual([30, 60, 90, Number.NaN]);
    expect(forecast?.slice(2, 4)).toEqual([Number.NaN, 120]);
    expect([low?.[29], high?.[29]]).toEqual([810, 990]);
    expect(plan?.[29]).toBeCloseTo(1000, 6);
    expect(chart.forecast?.indexOf(true)).toBe(3);
    const option = buildChartOption(chart, 'line');
    expect((option.series as { type: string }[]).every((s) => s.type === 'line')).toBe(true);
  });

  it('shows another period of the target', { timeout: 30_000 }, async () => {
    server.use(
      http.get(`*${P.targets}`, () => HttpResponse.json([COMPUTE])),
      http.get(`*${P.burnDown}`, ({ request }) => {
        const start = new URL(request.url).searchParams.get('period_start') ?? BURN_DOWN.period_start;
        return HttpResponse.json({ ...BURN_DOWN, period_start: start });
      }),
    );
    const { user, router } = renderElement(<BurnDownPage />);
    const section = await screen.findByRole('region', { name: 'Burn-down' }, SLOW);
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent(
      '01 Nov, 2026 – 30 Nov, 2026',
    );
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(12);
    await user.click(screen.getByRole('option', { name: 'Oct, 2026' }));
    await waitFor(() =>
      expect(requests.calls()).toContain(
        `GET ${P.burnDown.replace(':id', COMPUTE.id)}?imply_client=true&period_start=2026-10-01`,
      ),
    );
    expect(router.state.location.search).toBe('?period=2026-10-01');
    await waitFor(() =>
      expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent('01 Oct, 2026'),
    );
  });

  it('says when there is no target to track', { timeout: 30_000 }, async () => {
    server.use(http.get(`*${P.targets}`, () => HttpResponse.json([])));
    renderElement(<BurnDownPage />);
    expect(await screen.findByText('No cost targets yet.', undefined, SLOW)).toBeInTheDocument();
  });
});
