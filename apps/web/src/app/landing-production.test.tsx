// @vitest-environment-options { "url": "https://app.finlens.example/" }
import { screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { currentEnvironment } from '../lib/session';
import { renderWithProviders } from '../test/render-with-providers';
import { ROUTE_TABLE } from './route-table';
import { page, publicPage } from './route-types';
import { buildRoutes } from './router';

it('sends a signed-in user at sign-in to /landing outside development', async () => {
  expect(currentEnvironment()).toBe('production');
  const table = [
    publicPage('/accounts/signin/', 'Sign In', <p>sign in</p>, 'guest'),
    page('/landing', 'Landing', 'General', <h1>Landing marker</h1>),
  ];
  const { router } = renderWithProviders('/accounts/signin/', { signedIn: true, routes: buildRoutes(table) });
  expect(await screen.findByRole('heading', { name: 'Landing marker' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/landing');
});

it('and /landing goes on to /v3/home in the real route table', async () => {
  const { router } = renderWithProviders('/accounts/signin/', { signedIn: true });
  await waitFor(() => expect(router.state.location.pathname).toBe('/v3/home'));
  expect(ROUTE_TABLE).toContainEqual(expect.objectContaining({ path: '/landing', to: '/v3/home' }));
});
