import type { ClientChoice } from '@finlens/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEST_CLIENT, TEST_PROFILE } from '../../test/identity-fixtures';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';

const requests = recordRequests();

const CLIENTS: ClientChoice[] = [
  { id: 'c1', name: 'Acme Corp', role: 'admin', via_partner: true, is_active: true },
  { id: 'c2', name: 'Globex', role: 'member', via_partner: true, is_active: false },
  { id: 'c3', name: 'Initech', role: 'admin', via_partner: false, is_active: false },
];

const PARTNER = { ...TEST_PROFILE, is_partner_user: true, partner_user_role: 'admin' as const };

describe('switching view', () => {
  it('lists the clients with search', async () => {
    server.use(http.get('*/c/admin/all_clients/', () => HttpResponse.json(CLIENTS)));
    const { user } = renderWithProviders('/switching-view/', { signedIn: true });
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText('Current')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search clients'), 'glob');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('Globex')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search clients'));
    await user.type(screen.getByLabelText('Search clients'), 'zzz');
    expect(within(table).getByText('No results found')).toBeInTheDocument();
  });

  it('switches with a form-encoded client_id, reloads the start-up chain and goes to the landing page', async () => {
    let active = 'c1';
    server.use(
      http.get('*/c/admin/all_clients/', () => HttpResponse.json(CLIENTS)),
      http.get('*/c/current/user/', () => HttpResponse.json({ ...PARTNER, client_id: active })),
      http.get('*/c/admin/clients/:id/', ({ params }) =>
        HttpResponse.json({
          ...TEST_CLIENT,
          id: params.id,
          name: params.id === 'c2' ? 'Globex' : 'Acme Corp',
        }),
      ),
      http.post('*/c/select/', async ({ request }) => {
        expect(request.headers.get('Content-Type')).toContain('application/x-www-form-urlencoded');
        active = new URLSearchParams(await request.text()).get('client_id') ?? '';
        return HttpResponse.json({ ...PARTNER, client_id: active });
      }),
    );
    const { router, user } = renderWithProviders('/switching-view/', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Switch to Globex' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/v3/home'));
    expect(requests.bodyOf('POST /c/select/')).toBe('client_id=c2');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Account menu' })).toHaveTextContent('Globex'),
    );
    const afterSwitch = requests.calls().slice(requests.calls().indexOf('POST /c/select/'));
    expect(afterSwitch).toContain('GET /c/current/user/');
    expect(afterSwitch).toContain('GET /c/admin/clients/c2/');
  });

  it('sends a partner user without an active client to the switching view', async () => {
    server.use(
      http.get('*/c/current/user/', () => HttpResponse.json({ ...PARTNER, client_id: null })),
      http.get('*/c/admin/all_clients/', () =>
        HttpResponse.json(CLIENTS.map((item) => ({ ...item, is_active: false }))),
      ),
    );
    const { router } = renderWithProviders('/v3/home', { signedIn: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/switching-view/'));
    expect(await screen.findByRole('button', { name: 'Switch to Acme Corp' })).toBeInTheDocument();
    expect(requests.calls()).not.toContain('GET /c/admin/status/');
  });

  it('shows an invitation until it is answered; accepting adds the organisation to the list', async () => {
    let invitations = [
      {
        id: 'i1',
        client_id: 'c9',
        client_name: 'Umbrella',
        role: 'member',
        invited_at: '2026-11-26T00:00:00Z',
        expires_at: '2026-12-03T00:00:00Z',
      },
    ];
    let clients = [CLIENTS[2]];
    server.use(
      http.get('*/c/admin/all_clients/', () => HttpResponse.json(clients)),
      http.get('*/c/invitations/', () => HttpResponse.json(invitations)),
      http.post('*/c/invitations/:id/accept/', () => {
        invitations = [];
        clients = [
          ...clients,
          { id: 'c9', name: 'Umbrella', role: 'member', via_partner: false, is_active: false },
        ];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderWithProviders('/switching-view/', { signedIn: true });
    const offer = await screen.findByRole('region', { name: 'Invitations' });
    expect(within(offer).getByText('Umbrella invited you as a member.')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(within(table).queryByText('Umbrella')).toBeNull();
    await user.click(within(offer).getByRole('button', { name: 'Accept the invitation of Umbrella' }));
    expect(await within(table).findByText('Umbrella')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull());
    expect(requests.calls()).toContain('POST /c/invitations/i1/accept/');
  });
});
