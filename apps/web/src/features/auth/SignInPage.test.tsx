import { ERROR_MESSAGES } from '@finlens/contracts/errors';
import { ACCESS_DETAILS } from '@finlens/contracts/roles';
import { USER_ID_COOKIE } from '@finlens/contracts/session';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { writeCookie } from '../../lib/cookies';
import { TEST_PROFILE } from '../../test/identity-fixtures';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';

const requests = recordRequests();

/** The server's answer to a good sign-in: the profile, and the user_id cookie (set here by hand). */
function acceptLogin() {
  server.use(
    http.post('*/rest-auth/login/', () => {
      writeCookie(USER_ID_COOKIE, TEST_PROFILE.id);
      return HttpResponse.json(TEST_PROFILE);
    }),
  );
}

async function signIn(user: ReturnType<typeof renderWithProviders>['user'], password = 'Secret!23') {
  await user.type(await screen.findByLabelText('Email'), 'Ada@Acme.test');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('sign-in', () => {
  it('posts the credentials and goes to the landing page, which loads the start-up chain', async () => {
    acceptLogin();
    const { router, user } = renderWithProviders('/accounts/signin/');
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/v3/home'));
    expect(requests.bodyOf('POST /rest-auth/login/')).toEqual({
      email: 'ada@acme.test',
      password: 'Secret!23',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveTextContent('Ada Lovelace');
  });

  it('goes to a same-origin next after sign-in', async () => {
    acceptLogin();
    const { router, user } = renderWithProviders('/accounts/signin/?next=%2Fv3%2Frules%2F%3Fpage%3D2');
    await signIn(user);
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/v3/rules/?page=2'),
    );
  });

  it('ignores a next that points to another origin', async () => {
    acceptLogin();
    const { router, user } = renderWithProviders('/accounts/signin/?next=https%3A%2F%2Fevil.example%2F');
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/v3/home'));
  });

  it('shows the server message for bad credentials and stays signed out', async () => {
    const message = 'Unable to log in with provided credentials.';
    server.use(
      http.post('*/rest-auth/login/', () =>
        HttpResponse.json(
          { detail: message, error: message, errors: { non_field_errors: [message] } },
          { status: 400 },
        ),
      ),
    );
    const { router, user } = renderWithProviders('/accounts/signin/');
    await signIn(user, 'wrong');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/accounts/signin/');
  });

  it('says so when sign-in is throttled (429)', async () => {
    server.use(
      http.post('*/rest-auth/login/', () =>
        HttpResponse.json({ detail: ACCESS_DETAILS.throttled }, { status: 429 }),
      ),
    );
    const { user } = renderWithProviders('/accounts/signin/');
    await signIn(user);
    expect(await screen.findByText(ACCESS_DETAILS.throttled)).toBeInTheDocument();
  });

  it('validates the email before calling the server', async () => {
    const { user } = renderWithProviders('/accounts/signin/');
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(requests.calls()).not.toContain('POST /rest-auth/login/');
  });

  it("offers SSO when the email's domain signs in through its identity provider", async () => {
    const start = '/rest-auth/sso/start/?email=ada%40sso.test';
    server.use(
      http.get('*/rest-auth/check_email/:email/', ({ params }) =>
        HttpResponse.json({ email: params.email, valid_format: true, sso_login_url: start }),
      ),
    );
    const { user } = renderWithProviders('/accounts/signin/');
    await user.type(await screen.findByLabelText('Email'), 'Ada@SSO.test');
    expect(screen.queryByRole('link', { name: 'Sign in with SSO' })).toBeNull();
    await user.click(screen.getByLabelText('Password'));
    expect(await screen.findByRole('link', { name: 'Sign in with SSO' })).toHaveAttribute('href', start);
    expect(requests.calls()).toContain('GET /rest-auth/check_email/ada%40sso.test/');
  });

  it('posts verify_key once, confirms the address and offers sign-in', async () => {
    server.use(
      http.post('*/rest-auth/registration/verify-email/', () => HttpResponse.json({ detail: 'ok' })),
    );
    renderWithProviders('/accounts/signin/?verify_key=abc%2B1');
    expect(
      await screen.findByText('Your email address is verified. Sign in to continue.'),
    ).toBeInTheDocument();
    expect(
      requests.calls().filter((call) => call.startsWith('POST /rest-auth/registration/verify-email/')),
    ).toHaveLength(1);
    expect(requests.bodyOf('POST /rest-auth/registration/verify-email/')).toEqual({ key: 'abc+1' });
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('explains a used or expired verification key', async () => {
    server.use(
      http.post('*/rest-auth/registration/verify-email/', () =>
        HttpResponse.json({ detail: 'key: Invalid', errors: { key: ['Invalid'] } }, { status: 400 }),
      ),
    );
    renderWithProviders('/accounts/signin/?verify_key=used');
    expect(await screen.findByText(/The verification link is invalid, used or expired/)).toHaveTextContent(
      ERROR_MESSAGES.badRequest,
    );
  });
});
