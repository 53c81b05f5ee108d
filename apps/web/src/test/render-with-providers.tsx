import { USER_ID_COOKIE } from '@finlens/contracts/session';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, StrictMode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { buildRoutes } from '../app/router';
import { writeCookie } from '../lib/cookies';

interface RenderOptions {
  /** Sets the user_id cookie, i.e. "signed in" (spec §4). */
  signedIn?: boolean;
  /** Routes to use instead of the real route table (e.g. a page that throws). */
  routes?: RouteObject[];
  /** Wrap in React's StrictMode like main.tsx (effects run twice, as in development). */
  strict?: boolean;
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
  const app = (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  const view = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, user, queryClient };
}

/** For a widget test: wraps any element in the providers and a one-route memory router. */
export function renderElement(element: ReactNode, options: RenderOptions = {}) {
  return renderWithProviders('/widget', {
    ...options,
    routes: [{ path: '/widget', element }],
  });
}
