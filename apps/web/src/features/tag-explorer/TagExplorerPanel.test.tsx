import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/msw-server';
import { renderElement } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { answerAsMember } from '../showbacks/showback-fixtures.test-helper';
import { TagExplorerPanel } from './TagExplorerPanel';
import { POLICY, TAG_ROWS, TEAM_VALUES, UNTAGGED, VIOLATIONS } from './tag-explorer-fixtures.test-helper';

const requests = recordRequests();
const SLOW = { timeout: 15_000 };
const queryOf = (prefix: string) =>
  requests
    .calls()
    .filter((call) => call.startsWith(prefix))
    .map((call) => Object.fromEntries(new URL(call.slice(call.indexOf(' ') + 1), 'http://x').searchParams));

function answer({ rows = TAG_ROWS } = {}) {
  server.use(
    http.get('*/c/cost_page/tag_explorer/', () => HttpResponse.json(rows)),
    http.get('*/c/cost_page/tag_explorer/values/', () => HttpResponse.json(TEAM_VALUES)),
    http.get('*/c/cost_page/tag_explorer/untagged/', ({ request }) => {
      const key = new URL(request.url).searchParams.get('key');
      return HttpResponse.json({ ...UNTAGGED, key });
    }),
    http.get('*/c/tag_policies/', () => HttpResponse.json({ results: [POLICY] })),
    http.get('*/c/tag_policies/violations/', () => HttpResponse.json(VIOLATIONS)),
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('TagExplorerPanel', () => {
  it('shows a row per tag key with coverage bars, over the last 30 days by default', {
    timeout: 30_000,
  }, async () => {
    answer();
    renderElement(<TagExplorerPanel />);
    const grid = await screen.findByRole('region', { name: 'Tag keys' }, SLOW);
    expect(await within(grid).findByRole('button', { name: 'user_team' }, SLOW)).toBeInTheDocument();
    expect(
      within(grid).getByRole('progressbar', { name: 'user_team Daily coverage 85.5%' }),
    ).toBeInTheDocument();
    expect(
      within(grid).getByRole('progressbar', { name: 'user_team Monthly coverage 77.1%' }),
    ).toBeInTheDocument();
    expect(within(grid).getByText('$162.00')).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.getByLabelText('Tag summary')).toHaveTextContent(
      '2026-10-24 – 2026-11-22: $300.00 in total',
    );
    expect(queryOf('GET /c/cost_page/tag_explorer/?')[0]).toEqual({
      start_date: '2026-10-24',
      end_date: '2026-11-22',
      imply_client: 'true',
    });
    // Without a chosen key, the cost carrying no tag at all, linked to the Explorer by resource.
    const untagged = await screen.findByRole('region', { name: 'Cost without any tag' }, SLOW);
    const owners = screen.getByRole('list', { name: 'Suggested owners' });
    expect(within(owners).getByRole('link', { name: 'Stack logging-stack: $10.00' })).toHaveAttribute(
      'href',
      expect.stringContaining('aws_cloudformation_stack_name'),
    );
    // An IAM principal (CUR 2.0 line_item_iam_principal) shows with its source and its ARN on hover.
    const principal = within(owners).getByText('IAM principal search-runtime: $4.00');
    expect(principal.closest('a')).toBeNull();
    expect(principal.closest('[title]')).toHaveAttribute(
      'title',
      'arn:aws:iam::222222222222:role/search-runtime',
    );
    const link = await within(untagged).findByRole('link', { name: 'Open in Explorer' }, SLOW);
    const href = new URL(link.getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe('/v3/cloud-resource-cost-api/');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({
      dimension: 'line_item_resource_id',
      line_item_usage_account_id: '["222222222222"]',
      product_servicename: '["AWSSupportBusiness"]',
      tag_keys_and: JSON.stringify([
        { key: 'user_team', value: '' },
        { key: 'user_owner', value: '' },
      ]),
    });
  });

  it('drills into a key by keyboard: values with Explorer links and policy verdicts, and the cost without it', {
    timeout: 30_000,
  }, async () => {
    answer();
    const { user } = renderElement(<TagExplorerPanel />);
    const key = await screen.findByRole('button', { name: 'user_team' }, SLOW);
    key.focus();
    await user.keyboard('{Enter}');
    const values = await screen.findByRole('region', { name: 'Values of user_team' }, SLOW);
    const web = await within(values).findByRole('link', { name: 'web' }, SLOW);
    expect(
      Object.fromEntries(new URL(web.getAttribute('href') ?? '', 'http://x').searchParams),
    ).toMatchObject({
      dimension: 'product_servicename',
      tag_keys: '[{"key":"user_team","value":"web"}]',
    });
    expect(within(values).getByRole('link', { name: 'No value (key missing)' })).toBeInTheDocument();
    await waitFor(() => expect(within(values).getAllByText('Violates')).toHaveLength(2));
    expect(screen.getByRole('img', { name: 'Cost by value of user_team' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Cost without user_team' }, SLOW)).toBeInTheDocument();
    expect(queryOf('GET /c/cost_page/tag_explorer/untagged/').at(-1)).toMatchObject({ key: 'user_team' });
    // The key's violations only: bucket-logs misses user_team (i-web2's Env violation is another key's).
    const violations = await screen.findByRole('region', { name: 'Policy violations on user_team' }, SLOW);
    expect(await within(violations).findByText('bucket-logs', undefined, SLOW)).toBeInTheDocument();
    expect(within(violations).getByText('Key missing')).toBeInTheDocument();
    expect(within(violations).queryByText('i-web2')).not.toBeInTheDocument();
  });

  it('range presets change the query', { timeout: 30_000 }, async () => {
    answer();
    const { user } = renderElement(<TagExplorerPanel />);
    await screen.findByRole('button', { name: 'user_team' }, SLOW);
    await user.click(screen.getByRole('combobox', { name: 'Range' }));
    await user.click(await screen.findByRole('option', { name: /7D|7 days/i }));
    await waitFor(() =>
      expect(queryOf('GET /c/cost_page/tag_explorer/?').at(-1)).toMatchObject({
        start_date: '2026-11-16',
        end_date: '2026-11-22',
      }),
    );
  });

  it('empty and error states', { timeout: 30_000 }, async () => {
    answer({ rows: { ...TAG_ROWS, rows: [], as_of: null } });
    renderElement(<TagExplorerPanel />);
    expect(
      await screen.findByText('No tagged resources in this range.', undefined, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Tag summary')).toHaveTextContent('no usage in the range');
  });

  it("a window without cost shows '-' for its coverage", { timeout: 30_000 }, async () => {
    answer({ rows: { ...TAG_ROWS, rows: TAG_ROWS.rows.slice(1) } });
    renderElement(<TagExplorerPanel />);
    const grid = await screen.findByRole('region', { name: 'Tag keys' }, SLOW);
    expect(
      await within(grid).findByRole('progressbar', { name: 'user_owner Monthly coverage -' }, SLOW),
    ).toBeInTheDocument();
    expect(
      within(grid).getByRole('progressbar', { name: 'user_owner Daily coverage 0.0%' }),
    ).toBeInTheDocument();
  });

  it('shows the error of a failed call', async () => {
    server.use(
      http.get('*/c/cost_page/tag_explorer/', () => HttpResponse.json({ detail: 'boom' }, { status: 500 })),
    );
    renderElement(<TagExplorerPanel />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('policy editor: lists, validates in the browser and saves', { timeout: 30_000 }, async () => {
    answer();
    let posted: unknown = null;
    server.use(
      http.post('*/c/tag_policies/', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ ...POLICY, id: 'p2', ...(posted as object) }, { status: 201 });
      }),
    );
    const { user } = renderElement(<TagExplorerPanel />);
    await user.click(await screen.findByRole('button', { name: 'Tag policies' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Tag policies' });
    expect(await within(dialog).findByText('Team everywhere')).toBeInTheDocument();
    expect(await within(dialog).findByRole('button', { name: 'Edit Team everywhere' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add policy' }));
    expect(within(dialog).getByText('Enter a name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter at least one required tag key.')).toBeInTheDocument();
    expect(posted).toBeNull();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Env');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Required tag keys' }),
      'user_env, user_stage',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Allowed pattern' }), '(');
    // The contract's check runs in the browser too: a pattern that does not compile is never sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add policy' }));
    expect(within(dialog).getByText('Enter a valid regular expression.')).toBeInTheDocument();
    expect(posted).toBeNull();

    await user.clear(within(dialog).getByRole('textbox', { name: 'Allowed pattern' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Allowed pattern' }), 'prod|dev');
    await user.click(within(dialog).getByRole('button', { name: 'Add policy' }));
    await waitFor(() =>
      expect(posted).toEqual({
        name: 'Env',
        tag_keys: ['user_env', 'user_stage'],
        allowed_values: [],
        allowed_pattern: 'prod|dev',
        account_ids: [],
        services: [],
        enabled: true,
      }),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('policy editor for a member: the policies to read, no form, no edit or delete', {
    timeout: 30_000,
  }, async () => {
    answer();
    answerAsMember();
    const { user } = renderElement(<TagExplorerPanel />);
    await user.click(await screen.findByRole('button', { name: 'Tag policies' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Tag policies' });
    expect(await within(dialog).findByText('Team everywhere')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Only admins can add, change or delete tag policies.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('form', { name: 'Tag policy' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Edit Team everywhere' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete Team everywhere' })).not.toBeInTheDocument();
  });
});
