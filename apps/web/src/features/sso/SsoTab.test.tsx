import { ERROR_MESSAGES } from '@finlens/contracts/errors';
import type { SsoSettings } from '@finlens/contracts/sso';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEST_PROFILE } from '../../test/identity-fixtures';
import { server } from '../../test/msw-server';
import { renderElement, renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { SSO_ADMIN_ONLY_MESSAGE, SsoTab } from './SsoTab';

const requests = recordRequests();
const REDIRECT_URI = 'https://finlens.acme.test/rest-auth/sso/callback/';

const SAVED: SsoSettings = {
  enabled: true,
  issuer: 'https://login.corp.test',
  client_id: 'finlens-app',
  email_domain: 'corp.test',
  has_client_secret: true,
  redirect_uri: REDIRECT_URI,
};
const EMPTY: SsoSettings = {
  enabled: false,
  issuer: null,
  client_id: null,
  email_domain: null,
  has_client_secret: false,
  redirect_uri: REDIRECT_URI,
};

/** GET and PUT /c/sso/ over one stored row, answering like the server (the secret never comes back). */
function serveSso(initial: SsoSettings) {
  let stored = initial;
  server.use(
    http.get('*/c/sso/', () => HttpResponse.json(stored)),
    http.put('*/c/sso/', async ({ request }) => {
      const body = (await request.json()) as Omit<SsoSettings, 'has_client_secret' | 'redirect_uri'> & {
        client_secret?: string;
      };
      stored = {
        enabled: body.enabled,
        issuer: body.issuer,
        client_id: body.client_id,
        email_domain: body.email_domain,
        has_client_secret: stored.has_client_secret || body.client_secret !== undefined,
        redirect_uri: REDIRECT_URI,
      };
      return HttpResponse.json(stored);
    }),
  );
}

async function form() {
  return screen.findByRole('form', { name: 'SSO settings' });
}

describe('SSO tab (admin)', () => {
  it('shows the status, the redirect URI to register with a copy button, the settings and the help', async () => {
    serveSso(SAVED);
    const { user } = renderElement(<SsoTab />, { signedIn: true });
    expect(await screen.findByText('Enabled')).toBeInTheDocument();
    expect(screen.getByText('People at @corp.test sign in through your identity provider.')).toBeVisible();
    expect(screen.getByLabelText('Redirect URI')).toHaveValue(REDIRECT_URI);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(REDIRECT_URI);

    const settings = within(await form());
    expect(settings.getByLabelText('Issuer URL')).toHaveValue('https://login.corp.test');
    expect(settings.getByLabelText('Client ID')).toHaveValue('finlens-app');
    expect(settings.getByLabelText('Email domain')).toHaveValue('corp.test');
    expect(settings.getByLabelText('Enable SSO sign-in')).toBeChecked();
    const secret = settings.getByLabelText('Client secret');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAccessibleDescription('A secret is stored; leave empty to keep it.');
    expect(screen.getByText(/authorization code flow with PKCE/)).toBeInTheDocument();
    expect(screen.getByText(/openid email profile/)).toBeInTheDocument();
  });

  it('saves new settings with PUT /c/sso/ and shows the saved state', async () => {
    serveSso(EMPTY);
    const { user } = renderElement(<SsoTab />, { signedIn: true });
    expect(await screen.findByText('Disabled')).toBeInTheDocument();
    const settings = within(await form());
    expect(settings.getByLabelText('Client secret')).toHaveAccessibleDescription(
      'Write-only: it is stored encrypted and never shown again.',
    );
    await user.type(settings.getByLabelText('Issuer URL'), 'ftp://login.corp.test');
    await user.type(settings.getByLabelText('Client ID'), 'finlens-app');
    await user.type(settings.getByLabelText('Client secret'), 's3cret');
    await user.type(settings.getByLabelText('Email domain'), 'Corp.Test');
    await user.click(settings.getByLabelText('Enable SSO sign-in'));
    await user.click(settings.getByRole('button', { name: 'Save' }));
    // The contract's own rule stops a wrong issuer before any request.
    expect(settings.getByLabelText('Issuer URL')).toHaveAccessibleDescription(
      'Enter the https:// issuer URL of the identity provider.',
    );
    expect(requests.calls()).not.toContain('PUT /c/sso/');

    await user.clear(settings.getByLabelText('Issuer URL'));
    await user.type(settings.getByLabelText('Issuer URL'), 'https://login.corp.test');
    await user.click(settings.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('SSO settings saved.')).toBeInTheDocument();
    expect(requests.bodyOf('PUT /c/sso/')).toEqual({
      enabled: true,
      issuer: 'https://login.corp.test',
      client_id: 'finlens-app',
      client_secret: 's3cret',
      email_domain: 'corp.test',
    });
    expect(screen.getByText('Enabled')).toBeInTheDocument();
    expect(settings.getByLabelText('Client secret')).toHaveValue('');
    expect(settings.getByLabelText('Client secret')).toHaveAccessibleDescription(
      'A secret is stored; leave empty to keep it.',
    );
  });

  it('keeps the stored secret when the field stays empty', async () => {
    serveSso(SAVED);
    const { user } = renderElement(<SsoTab />, { signedIn: true });
    const settings = within(await form());
    await user.clear(settings.getByLabelText('Client ID'));
    await user.type(settings.getByLabelText('Client ID'), 'finlens-prod');
    await user.click(settings.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('SSO settings saved.')).toBeInTheDocument();
    const body = requests.bodyOf('PUT /c/sso/');
    expect(body).toEqual({
      enabled: true,
      issuer: 'https://login.corp.test',
      client_id: 'finlens-prod',
      email_domain: 'corp.test',
    });
    expect(body).not.toHaveProperty('client_secret');
  });

  it("puts the server's field errors under their fields and other refusals above the form", async () => {
    serveSso(SAVED);
    server.use(
      http.put('*/c/sso/', () =>
        HttpResponse.json(
          {
            detail: 'issuer: The issuer did not answer.',
            error: 'issuer: The issuer did not answer.',
            errors: { issuer: ['The issuer did not answer.'], email_domain: ['Domain not allowed.'] },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderElement(<SsoTab />, { signedIn: true });
    const settings = within(await form());
    await user.click(settings.getByLabelText('Enable SSO sign-in'));
    await user.click(settings.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(settings.getByLabelText('Issuer URL')).toHaveAccessibleDescription('The issuer did not answer.'),
    );
    expect(settings.getByLabelText('Email domain')).toHaveAccessibleDescription('Domain not allowed.');
    expect(screen.queryByRole('alert')).toBeNull();

    const clash = 'Another client already signs in this email domain through SSO.';
    server.use(
      http.put('*/c/sso/', () => HttpResponse.json({ detail: clash, error: clash }, { status: 409 })),
    );
    await user.click(settings.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(clash);
  });

  it('shows the catalogue text of a 403', async () => {
    server.use(http.get('*/c/sso/', () => HttpResponse.json({}, { status: 403 })));
    renderElement(<SsoTab />, { signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.forbidden);
    expect(screen.queryByRole('form', { name: 'SSO settings' })).toBeNull();
  });

  it('shows a loading state while the settings load', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get('*/c/sso/', async () => {
        await answered;
        return HttpResponse.json(SAVED);
      }),
    );
    renderElement(<SsoTab />, { signedIn: true });
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    answer();
    expect(await form()).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('SSO tab in the settings page', () => {
  it('opens at /v3/settings?tab=sso', async () => {
    serveSso(SAVED);
    renderWithProviders('/v3/settings?tab=sso', { signedIn: true });
    const panel = await screen.findByRole('tabpanel');
    expect(within(panel).getByRole('heading', { level: 2, name: 'SSO' })).toBeInTheDocument();
    expect(await within(panel).findByRole('form', { name: 'SSO settings' })).toBeInTheDocument();
  });
});

describe('SSO tab (member)', () => {
  it('explains that only admins manage SSO and never asks for the settings', async () => {
    server.use(http.get('*/c/current/user/', () => HttpResponse.json({ ...TEST_PROFILE, is_admin: false })));
    renderElement(<SsoTab />, { signedIn: true });
    expect(await screen.findByText(SSO_ADMIN_ONLY_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText(/authorization code flow with PKCE/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'SSO settings' })).toBeNull();
    expect(requests.calls()).not.toContain('GET /c/sso/');
  });
});
