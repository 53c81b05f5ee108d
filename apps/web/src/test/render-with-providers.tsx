import { USER_ID_COOKIE } from '@finlens/contracts/session';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { buildRoutes } from '../app/router';
import { writeCookie } from '../lib/cookies';

interface RenderOptions {
  /** Sets the user_id cookie, i.e. "signed in" (spec §4). */
  signedIn?: boolean;
  /** Routes to use instead of the real route table (e.g. a page that throws). */
  routes?: RouteObject[];
}

function signIn(userId = '42'): void {
  writeCookie(USER_ID_COOKIE, userId);
}

/** Renders the app at `path` with the real route table, theme and a fresh query cache. */
export function renderWithProviders(path: string, options: RenderOptions = {}) {
  if (options.signedIn) signIn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(options.routes ?? buildRoutes(), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user, queryClient };
}

/** For a widget test: wraps any element in the providers and a one-route memory router. */
export function renderElement(element: ReactNode, options: RenderOptions = {}) {
  return renderWithProviders('/widget', {
    ...options,
    routes: [{ path: '/widget', element }],
  });
}
