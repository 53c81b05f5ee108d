import type { ApiKey } from '@finlens/contracts/api-keys';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEST_PROFILE } from '../../test/identity-fixtures';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';

const requests = recordRequests();
const PATH = '/v3/settings?tab=api-key';

const KEY: ApiKey = {
  id: 'k1',
  name: 'CI export',
  prefix: 'fl_ab12',
  created_at: '2026-11-03T00:00:00Z',
  last_used_at: null,
  revoked_at: null,
};

/** A tiny in-memory key store, so the list reflects create and revoke like the server would. */
function serveKeys(initial: ApiKey[]) {
  let keys = [...initial];
  server.use(
    http.get('*/c/api_keys/', () => HttpResponse.json(keys)),
    http.post('*/c/api_keys/', async ({ request }) => {
      const { name } = (await request.json()) as { name: string };
      const created = { ...KEY, id: 'k2', name, prefix: 'fl_cd34', created_at: '2026-11-22T00:00:00Z' };
      keys = [...keys, created];
      return HttpResponse.json({ ...created, key: 'fl_cd34_the-whole-secret' }, { status: 201 });
    }),
    http.delete('*/c/api_keys/:id/', ({ params }) => {
      keys = keys.map((key) => (key.id === params.id ? { ...key, revoked_at: '2026-11-22T00:00:00Z' } : key));
      return new HttpResponse(null, { status: 204 });
    }),
  );
}

describe('API Key tab', () => {
  it("lists nothing as 'No results found'", async () => {
    serveKeys([]);
    renderWithProviders(PATH, { signedIn: true });
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('No results found')).toBeInTheDocument();
  });

  it('creates a key and shows its secret once, with a copy button and a warning', async () => {
    serveKeys([KEY]);
    const { user } = renderWithProviders(PATH, { signedIn: true });
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('CI export')).toBeInTheDocument();
    expect(within(table).getByText('fl_ab12…')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Key name'), 'Nightly job');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const dialog = await screen.findByRole('dialog', { name: 'API key "Nightly job" created' });
    expect(within(dialog).getByText(/It is shown only once/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Secret key')).toHaveValue('fl_cd34_the-whole-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('fl_cd34_the-whole-secret');
    expect(requests.bodyOf('POST /c/api_keys/')).toEqual({ name: 'Nightly job' });

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(table).findByText('Nightly job')).toBeInTheDocument();
    expect(screen.queryByText('fl_cd34_the-whole-secret')).toBeNull();
    expect(screen.queryByDisplayValue('fl_cd34_the-whole-secret')).toBeNull();
  });

  it('revokes a key only after confirmation', async () => {
    serveKeys([KEY]);
    const { user } = renderWithProviders(PATH, { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Revoke CI export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.calls()).not.toContain('DELETE /c/api_keys/k1/');

    await user.click(screen.getByRole('button', { name: 'Revoke CI export' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Revoked 11/22/2026')).toBeInTheDocument();
    expect(requests.calls()).toContain('DELETE /c/api_keys/k1/');
    expect(screen.queryByRole('button', { name: 'Revoke CI export' })).toBeNull();
  });

  it('lets a member revoke their keys but not create one (ADR 0009)', async () => {
    serveKeys([KEY]);
    server.use(http.get('*/c/current/user/', () => HttpResponse.json({ ...TEST_PROFILE, is_admin: false })));
    renderWithProviders(PATH, { signedIn: true });
    await screen.findByRole('table', { name: 'API keys' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create key' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Revoke CI export' })).toBeEnabled();
  });
});
