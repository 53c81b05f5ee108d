import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { viewFromParams } from '../cost-explorer/explorer-view';
import { dailyAnswer } from '../home/cost-answer.test-helper';
import { searchDetailPath } from './search-paths';

/** Every cost query sent, answered by its dimension: $300 for the resource, split by the breakdowns. */
function answerCosts() {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get('*/c/cost_page/dimension_daily_cost/', ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push(params);
      const start = params.get('start_date') ?? '';
      const end = params.get('end_date') ?? '';
      const groups: Record<string, { key: string | null; total: number }[]> = {
        product_servicename: [{ key: 'AmazonEC2', total: 300 }],
        product_region: [{ key: 'us-east-1', total: 300 }],
        tag_keys:
          params.get('dimension_key') === 'team'
            ? [{ key: 'core', total: 300 }]
            : [{ key: null, total: 300 }],
      };
      const dimension = params.get('dimension');
      return HttpResponse.json(
        dailyAnswer(
          start,
          end,
          dimension === null ? [{ key: 'total', total: 300 }] : (groups[dimension] ?? []),
        ),
      );
    }),
    http.get('*/c/cost_page/dimension_keys/', () =>
      HttpResponse.json({ dimension: 'tag_keys', keys: ['env', 'team'] }),
    ),
  );
  return calls;
}

describe('search detail', () => {
  it("one resource's cost over 30 days, its breakdowns and tags, and a link to the Explorer", async () => {
    const calls = answerCosts();
    renderWithProviders(searchDetailPath('line_item_resource_id:i-0abc'), { signedIn: true });
    expect(await screen.findByRole('heading', { level: 2, name: 'i-0abc' })).toBeInTheDocument();
    expect(await screen.findByText('Cost over the last 30 days: $300.00')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Daily cost of i-0abc' })).toBeInTheDocument();
    const services = await screen.findByRole('table', { name: 'Cloud Service' });
    expect(within(services).getByText('AmazonEC2')).toBeInTheDocument();
    // Every query is filtered to the resource; its own dimension is not a breakdown.
    expect(calls.every((params) => params.get('line_item_resource_id') === '["i-0abc"]')).toBe(true);
    expect(calls.some((params) => params.get('dimension') === 'line_item_resource_id')).toBe(false);
    expect(await screen.findByText('team=core')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((params) => params.get('dimension') === 'tag_keys')).toHaveLength(2),
    );
    expect(screen.queryByText(/^env=/)).toBeNull();

    const href = screen.getByRole('link', { name: 'Open in Explorer' }).getAttribute('href') ?? '';
    const { view, problem } = viewFromParams(new URLSearchParams(href.split('?')[1]), new Date());
    expect(problem).toBeNull();
    expect(view.query.filters).toEqual([
      { dimension: 'line_item_resource_id', mode: 'include', values: ['i-0abc'] },
    ]);
  });

  it('a tag value is filtered by its key/value pair', async () => {
    const calls = answerCosts();
    renderWithProviders(searchDetailPath('tag_keys:team=core'), { signedIn: true });
    expect(await screen.findByRole('heading', { level: 2, name: 'team=core' })).toBeInTheDocument();
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(JSON.parse(calls[0]?.get('tag_keys') ?? '[]')).toEqual([{ key: 'team', value: 'core' }]);
  });

  it('an address that names nothing says so', async () => {
    renderWithProviders('/v3/search/detail/nonsense/', { signedIn: true });
    expect(await screen.findByText(/names no resource/)).toBeInTheDocument();
  });
});
