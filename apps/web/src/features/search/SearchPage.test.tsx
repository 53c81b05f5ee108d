import { ERROR_MESSAGES } from '@finlens/contracts/errors';
import { type SearchHit, type SearchResult, searchDetailKey } from '@finlens/contracts/search';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';

function hit(
  partial: Pick<SearchHit, 'kind' | 'dimension' | 'value' | 'cost'> & { tag_key?: string },
): SearchHit {
  const base = { ...partial, tag_key: partial.tag_key ?? null };
  return {
    ...base,
    key: searchDetailKey(base),
    label: base.tag_key === null ? base.value : `${base.tag_key}=${base.value}`,
  };
}

const HITS = [
  hit({ kind: 'resource', dimension: 'line_item_resource_id', value: 'i-0abc', cost: 120.5 }),
  hit({ kind: 'service', dimension: 'product_servicename', value: 'Amazon EC2', cost: 900 }),
  hit({ kind: 'tag', dimension: 'tag_keys', tag_key: 'team', value: 'core', cost: 40 }),
];

function result(params: URLSearchParams): SearchResult {
  return {
    q: params.get('q') ?? '*',
    scope: (params.get('scope') ?? 'all') as SearchResult['scope'],
    start_date: '2026-10-23',
    end_date: '2026-11-22',
    currency: 'USD',
    offset: 0,
    limit: 100,
    total: HITS.length,
    hits: HITS,
    facets: {
      'region.keyword': [
        { value: 'us-east-1', label: 'us-east-1', cost: 800 },
        { value: 'eu-west-1', label: 'eu-west-1', cost: 100 },
      ],
      'product.keyword': [{ value: 'Amazon EC2', label: 'Amazon EC2', cost: 900 }],
    },
  };
}

/** Answers GET /c/ac/query from the fixture and records each call's parameters. */
function answerSearch() {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get('*/c/ac/query', ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push(params);
      return HttpResponse.json(result(params));
    }),
  );
  return calls;
}

describe('search page', () => {
  it('sends the URL view as the call: q, scope, filters and every facet; shows hits by cost with links', async () => {
    const calls = answerSearch();
    const filters = JSON.stringify({ 'cost.available_operation': ['RunInstances'] });
    renderWithProviders(`/v3/search/?q=ec2&scope=resources&filters=${encodeURIComponent(filters)}`, {
      signedIn: true,
    });
    const grid = await screen.findByRole('region', { name: 'Search results' });
    await waitFor(() => expect(within(grid).getByText('i-0abc')).toBeInTheDocument());
    const sent = calls.at(-1);
    expect(sent?.get('q')).toBe('ec2');
    expect(sent?.get('scope')).toBe('resources');
    expect(JSON.parse(sent?.get('filters') ?? '{}')).toEqual({
      'cost.available_operation': ['RunInstances'],
    });
    expect(sent?.get('aggregations')?.split(',')).toContain('region.keyword');
    expect(within(grid).getByRole('link', { name: 'i-0abc' })).toHaveAttribute(
      'href',
      `/v3/search/detail/${encodeURIComponent('line_item_resource_id:i-0abc')}/`,
    );
    expect(within(grid).getByText('$120.50')).toBeInTheDocument();
    expect(screen.getByText('Operation: RunInstances')).toBeInTheDocument();
    expect(screen.getByText(/3 results/)).toBeInTheDocument();
  });

  it('a facet value narrows the search and goes into the URL; its chip takes it out again', async () => {
    const calls = answerSearch();
    const { user, router } = renderWithProviders('/v3/search/', { signedIn: true });
    const regions = await screen.findByRole('group', { name: 'Region' });
    await user.click(await within(regions).findByRole('checkbox', { name: /us-east-1/ }));
    await waitFor(() =>
      expect(JSON.parse(calls.at(-1)?.get('filters') ?? '{}')).toEqual({ 'region.keyword': ['us-east-1'] }),
    );
    expect(new URLSearchParams(router.state.location.search).get('filters')).toBe(
      '{"region.keyword":["us-east-1"]}',
    );
    await user.click(
      within(screen.getByRole('button', { name: 'Region: us-east-1' })).getByTestId('CancelIcon'),
    );
    // Back to the first view (its answer is still cached, so no new call).
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('button', { name: 'Region: us-east-1' })).toBeNull();
  });

  it('the search box and scope tabs rewrite the URL', async () => {
    answerSearch();
    const { user, router } = renderWithProviders('/v3/search/', { signedIn: true });
    await user.type(await screen.findByRole('textbox', { name: 'Search for' }), 'lambda');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=lambda'));
    await user.click(screen.getByRole('tab', { name: 'Services' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=lambda&scope=services'));
  });

  it("a failed search says 'Failed to load searched data.'", async () => {
    server.use(http.get('*/c/ac/query', () => HttpResponse.json({ detail: 'boom' }, { status: 500 })));
    renderWithProviders('/v3/search/?q=x', { signedIn: true });
    expect(await screen.findByText(ERROR_MESSAGES.searchedData)).toBeInTheDocument();
  });
});

describe('app bar search', () => {
  it('suggests as the user types; arrow keys and Enter open the chosen detail page', async () => {
    const queries: string[] = [];
    server.use(
      http.get('*/c/ac/auto-complete/', ({ request }) => {
        const query = new URL(request.url).searchParams.get('query') ?? '';
        queries.push(query);
        return HttpResponse.json({
          query,
          suggestions: HITS.slice(0, 2),
          start_date: '2026-10-23',
          end_date: '2026-11-22',
        });
      }),
    );
    const { user, router } = renderWithProviders('/v3/settings', { signedIn: true });
    const box = await screen.findByRole('combobox', { name: 'Search' });
    await user.type(box, 'ec2');
    expect(await screen.findByRole('option', { name: /Amazon EC2/ })).toBeInTheDocument();
    expect(queries).toEqual(['ec2']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/v3/search/detail/${encodeURIComponent('product_servicename:Amazon EC2')}/`,
      ),
    );
  });

  it('Enter on free text opens the search page for it', async () => {
    const { user, router } = renderWithProviders('/v3/settings', { signedIn: true });
    await user.type(await screen.findByRole('combobox', { name: 'Search' }), 'nothing-like-it{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/v3/search/'));
    expect(router.state.location.search).toBe('?q=nothing-like-it');
  });
});
