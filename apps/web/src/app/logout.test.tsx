import { USER_ID_COOKIE } from '@finlens/contracts/session';
import { act, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRequest, setUnauthorizedHandler } from '../lib/api-client';
import { readCookie } from '../lib/cookies';
import { server } from '../test/msw-server';
import { renderWithProviders } from '../test/render-with-providers';
import { createLogoutHandler } from './logout';

afterEach(() => setUnauthorizedHandler(() => {}));

it('a 401 clears the user_id cookie and the cache, then goes to sign-in with next', async () => {
  const { router, queryClient } = renderWithProviders('/v3/rules/?page=2', { signedIn: true });
  setUnauthorizedHandler(createLogoutHandler(router, queryClient));
  queryClient.setQueryData(['spend'], { mtd_spend: 10 });
  server.use(http.get('*/c/current/user/', () => HttpResponse.json({}, { status: 401 })));

  await act(() => apiRequest('/c/current/user/', z.object({})).catch(() => null));

  expect(readCookie(USER_ID_COOKIE)).toBeNull();
  expect(queryClient.getQueryData(['spend'])).toBeUndefined();
  await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/signin/'));
  expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/v3/rules/?page=2');
});
