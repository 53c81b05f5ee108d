import { ERROR_MESSAGES } from '@finlens/contracts/errors';
import { USER_ID_COOKIE } from '@finlens/contracts/session';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../lib/api-client';
import { readCookie } from '../lib/cookies';
import { useStartupStore } from '../lib/startup-store';
import { TEST_COST_SUMMARY, TEST_PROFILE, TEST_STATUS } from '../test/identity-fixtures';
import { server } from '../test/msw-server';
import { renderWithProviders } from '../test/render-with-providers';
import { recordRequests } from '../test/request-log';
import { createLogoutHandler } from './logout';

const requests = recordRequests();
afterEach(() => setUnauthorizedHandler(() => {}));

const CHAIN = [
  'GET /c/current/user/',
  'GET /c/admin/clients/c1/',
  'GET /c/admin/status/',
  'GET /c/admin/projectaws/',
  'GET /c/policy_version/?project_id=all',
  'GET /payment/payment-method/',
  'GET /payment/package/',
  'GET /c/cost_page/cost_summary/?imply_client=true',
];
const position = (call: string) => requests.calls().indexOf(call);

describe('start-up chain (spec §4)', () => {
  it('loads user → client → status and projects → policy and payment → packages, then the page', async () => {
    renderWithProviders('/v3/home', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    const calls = requests.calls().filter((call) => CHAIN.includes(call));
    expect(calls.toSorted()).toEqual(CHAIN.toSorted());
    expect(position('GET /c/current/user/')).toBeLessThan(position('GET /c/admin/clients/c1/'));
    for (const call of ['GET /c/admin/status/', 'GET /c/admin/projectaws/']) {
      expect(position('GET /c/admin/clients/c1/')).toBeLessThan(position(call));
      expect(position(call)).toBeLessThan(position('GET /c/policy_version/?project_id=all'));
      expect(position(call)).toBeLessThan(position('GET /payment/payment-method/'));
    }
    expect(position('GET /payment/payment-method/')).toBeLessThan(position('GET /payment/package/'));
    expect(position('GET /c/policy_version/?project_id=all')).toBeLessThan(position('GET /payment/package/'));
    expect(position('GET /payment/package/')).toBeLessThan(
      position('GET /c/cost_page/cost_summary/?imply_client=true'),
    );

    const state = useStartupStore.getState();
    expect(state).toMatchObject({
      phase: 'ready',
      loading: false,
      hasProject: true,
      configCatAzure: true,
      spendData: TEST_COST_SUMMARY,
    });
    expect(state.featureFlags).toEqual({
      loading: false,
      error: null,
      data: { azure: true, informPaid: true, operatePaid: true },
    });
  });

  it('survives StrictMode: screens that mount twice do not cancel a step', async () => {
    renderWithProviders('/v3/home', { signedIn: true, strict: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByText(ERROR_MESSAGES.initialData)).toBeNull();
  });

  it('shows the user and client names in the app bar', async () => {
    renderWithProviders('/v3/home', { signedIn: true });
    const account = await screen.findByRole('button', { name: 'Account menu' });
    await waitFor(() => expect(account).toHaveTextContent('Ada Lovelace'));
    expect(account).toHaveTextContent('Acme Corp');
  });

  it("shows 'Failed to load initial data.' when a step fails, and retries", async () => {
    let failing = true;
    server.use(
      http.get('*/c/admin/status/', () =>
        failing ? HttpResponse.json({ detail: 'down' }, { status: 503 }) : undefined,
      ),
    );
    const { user } = renderWithProviders('/v3/home', { signedIn: true });
    expect(await screen.findByText(ERROR_MESSAGES.initialData)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Home' })).toBeNull();
    expect(requests.calls()).not.toContain('GET /payment/package/');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
  });

  it('carries on without policy data when the policy call fails (spec §8)', async () => {
    server.use(http.get('*/c/policy_version/', () => HttpResponse.json({ detail: 'no' }, { status: 403 })));
    renderWithProviders('/v3/home', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
  });

  it('asks an unverified user to verify the email instead of loading data', async () => {
    server.use(
      http.get('*/c/current/user/', () => HttpResponse.json({ ...TEST_PROFILE, email_verified: false })),
    );
    renderWithProviders('/v3/home', { signedIn: true });
    expect(await screen.findByText('Please confirm your email address is verified.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
    expect(requests.calls()).not.toContain('GET /c/admin/clients/c1/');
  });

  it('a 401 in the chain logs out: cookie and cache cleared, sign-in with next', async () => {
    server.use(http.get('*/c/admin/clients/:id/', () => HttpResponse.json({ detail: 'x' }, { status: 401 })));
    const { router, queryClient } = renderWithProviders('/v3/rules/?page=2', { signedIn: true });
    setUnauthorizedHandler(createLogoutHandler(router, queryClient));
    queryClient.setQueryData(['spend'], { mtd_spend: 10 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/signin/'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/v3/rules/?page=2');
    expect(readCookie(USER_ID_COOKIE)).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(queryClient.getQueryData(['spend'])).toBeUndefined();
    expect(useStartupStore.getState().phase).toBe('idle');
  });
});

describe('month-to-date spend (the last step)', () => {
  const SPEND_CALL = 'GET /c/cost_page/cost_summary/?imply_client=true';

  it('shows the month-to-date spend in the app bar', async () => {
    renderWithProviders('/v3/home', { signedIn: true });
    expect(await screen.findByText('MTD $1,234.50')).toBeInTheDocument();
  });

  it('on the first days of a quarter the chip explains the data is not published yet (spec §8)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-01T09:00:00Z'));
    try {
      server.use(
        http.get('*/c/cost_page/cost_summary/', () =>
          HttpResponse.json({ ...TEST_COST_SUMMARY, mtd_spend: 0, start_of_month_window: true }),
        ),
      );
      renderWithProviders('/v3/home', { signedIn: true });
      const chip = await screen.findByText('MTD -');
      expect(chip.closest('[aria-label]')?.getAttribute('aria-label')).toContain(ERROR_MESSAGES.quarterStart);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed spend call does not fail the start-up: no spend, no chip', async () => {
    server.use(
      http.get('*/c/cost_page/cost_summary/', () => HttpResponse.json({ detail: 'down' }, { status: 503 })),
    );
    renderWithProviders('/v3/home', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(requests.calls()).toContain(SPEND_CALL);
    expect(useStartupStore.getState()).toMatchObject({ phase: 'ready', spendData: null });
    expect(screen.queryByText(/^MTD /)).toBeNull();
    expect(screen.queryByText(ERROR_MESSAGES.initialData)).toBeNull();
  });

  it('without a project there is no spend call and no chip', async () => {
    server.use(
      http.get('*/c/admin/status/', () => HttpResponse.json({ ...TEST_STATUS, has_project: false })),
    );
    renderWithProviders('/v3/home', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(requests.calls()).not.toContain(SPEND_CALL);
    expect(screen.queryByText(/^MTD /)).toBeNull();
  });

  it('a 401 on the spend call logs out and clears the spend data', async () => {
    server.use(
      http.get('*/c/cost_page/cost_summary/', () => HttpResponse.json({ detail: 'x' }, { status: 401 })),
    );
    const { router, queryClient } = renderWithProviders('/v3/home', { signedIn: true });
    setUnauthorizedHandler(createLogoutHandler(router, queryClient));
    useStartupStore.setState({ spendData: TEST_COST_SUMMARY });
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/signin/'));
    expect(useStartupStore.getState()).toMatchObject({ phase: 'idle', spendData: null });
    expect(readCookie(USER_ID_COOKIE)).toBeNull();
  });
});

describe('sign-out', () => {
  it('posts the logout, forgets the session and returns to sign-in', async () => {
    server.use(http.post('*/auth/logout/', () => HttpResponse.json({ detail: 'Successfully logged out.' })));
    const { router, user, queryClient } = renderWithProviders('/v3/home', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/signin/'));
    expect(router.state.location.search).toBe('');
    expect(requests.calls()).toContain('POST /auth/logout/');
    expect(readCookie(USER_ID_COOKIE)).toBeNull();
    // Nothing of the session is cached (the sign-in screen may hold its own empty queries).
    expect(
      queryClient.getQueryCache().findAll({ predicate: (query) => query.state.data !== undefined }),
    ).toEqual([]);
  });

  it('still signs out locally when the server call fails', async () => {
    server.use(http.post('*/auth/logout/', () => HttpResponse.json({ detail: 'down' }, { status: 503 })));
    const { router, user } = renderWithProviders('/v3/home', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/signin/'));
    expect(readCookie(USER_ID_COOKIE)).toBeNull();
  });
});
