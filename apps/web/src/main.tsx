import { signInPathWithNext } from '@finlens/contracts/routes';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { buildRoutes } from './app/router';
import { clearLocalSession } from './app/session';
import { setUnauthorizedHandler } from './lib/api-client';

const queryClient = new QueryClient();
const router = createBrowserRouter(buildRoutes());

// Spec §8: a 401 logs out: forget the local session and cached data, then sign in again.
setUnauthorizedHandler(() => {
  clearLocalSession();
  queryClient.clear();
  const { pathname, search } = router.state.location;
  void router.navigate(signInPathWithNext(pathname + search), { replace: true });
});

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
