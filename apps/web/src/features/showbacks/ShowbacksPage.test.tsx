import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw-server';
import { recordRequests } from '../../test/request-log';
import { ShowbacksPage } from './ShowbacksPage';
import { enabledButton, PRODUCTS, renderAt, TEAMS } from './showback-fixtures.test-helper';

const requests = recordRequests();
const SLOW = { timeout: 15_000 };
const LIST = '/v3/cost/showbacks-api/';
const setActiveBodies = () =>
  requests.log
    .filter((entry) => entry.call === 'POST /c/showback/showbacks/set_active_showbacks/')
    .map((entry) => entry.body);

function answer(list = [TEAMS, PRODUCTS]) {
  let current = list;
  server.use(
    http.get('*/c/showback/showbacks/', () => HttpResponse.json(current)),
    http.post('*/c/showback/showbacks/set_active_showbacks/', async ({ request }) => {
      const { showback_ids } = (await request.json()) as { showback_ids: string[] };
      current = current.map((s) => ({ ...s, is_active: showback_ids.includes(s.id) }));
      return HttpResponse.json(current);
    }),
    http.get('*/c/showback/showbacks/tag_keys_list/', () =>
      HttpResponse.json({ keys: ['user_team', 'env'] }),
    ),
    http.get('*/c/showback/showbacks/cost_allocation_tag_keys_list/', () =>
      HttpResponse.json({ keys: ['CostCenter'] }),
    ),
    http.post('*/c/showback/showbacks/', async ({ request }) => {
      const body = (await request.json()) as typeof TEAMS;
      return HttpResponse.json({ ...PRODUCTS, ...body, id: 'sb-new' }, { status: 201 });
    }),
    http.delete('*/c/showback/showbacks/:id/', ({ params }) => {
      current = current.filter((s) => s.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
}

describe('ShowbacksPage', () => {
  it('lists showbacks and toggles one active: set_active_showbacks gets the whole active set', {
    timeout: 30_000,
  }, async () => {
    answer();
    const { user } = renderAt(LIST, LIST, <ShowbacksPage />);
    const table = await screen.findByRole('table', { name: 'Showbacks' }, SLOW);
    expect(within(table).getByRole('link', { name: 'Teams' })).toHaveAttribute(
      'href',
      '/v3/cost/showbacks-detail-api/sb-1/?range=MTD',
    );
    expect(within(table).getByText('Kubernetes label')).toBeInTheDocument();
    const products = within(table).getByRole('switch', { name: 'Products active' });
    expect(products).not.toBeChecked();
    await user.click(products);
    await waitFor(() =>
      expect(requests.bodyOf('POST /c/showback/showbacks/set_active_showbacks/')).toEqual({
        showback_ids: ['sb-1', 'sb-2'],
      }),
    );
    await waitFor(() => expect(within(table).getByRole('switch', { name: 'Products active' })).toBeChecked());
    await user.click(within(table).getByRole('switch', { name: 'Teams active' }));
    await waitFor(() => expect(setActiveBodies().at(-1)).toEqual({ showback_ids: ['sb-2'] }));
  });

  it('creates a showback by cost-allocation tag keys and deletes one after confirming', {
    timeout: 30_000,
  }, async () => {
    answer();
    const { user, router } = renderAt(LIST, LIST, <ShowbacksPage />);
    await user.click(await enabledButton('New showback'));
    const dialog = await screen.findByRole('dialog', { name: 'New showback' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Cost centers');
    await user.click(within(dialog).getByRole('combobox', { name: 'Allocate by' }));
    await user.click(await screen.findByRole('option', { name: 'Cost-allocation tag' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Keys' }));
    await user.click(await screen.findByRole('option', { name: 'CostCenter' }, SLOW));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(requests.bodyOf('POST /c/showback/showbacks/')).toEqual({
        name: 'Cost centers',
        allocation_tag_type: 'cost_allocation_tag',
        tag_keys: ['CostCenter'],
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/v3/cost/showbacks-detail-api/sb-new/'));

    await router.navigate(LIST);
    await user.click(await screen.findByRole('button', { name: 'Delete Products' }, SLOW));
    const confirm = await screen.findByRole('dialog', { name: 'Delete showback' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Products' })).not.toBeInTheDocument());
    expect(requests.calls()).toContain('DELETE /c/showback/showbacks/sb-2/');
  });

  it('empty and error states', { timeout: 30_000 }, async () => {
    answer([]);
    const view = renderAt(LIST, LIST, <ShowbacksPage />);
    expect(await screen.findByText('No showbacks yet.', undefined, SLOW)).toBeInTheDocument();
    view.unmount();
    server.use(
      http.get('*/c/showback/showbacks/', () => HttpResponse.json({ detail: 'boom' }, { status: 500 })),
    );
    renderAt(LIST, LIST, <ShowbacksPage />);
    expect(await screen.findByRole('alert', undefined, SLOW)).toBeInTheDocument();
  });
});
