import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders';
import { createLogoutHandler } from './app/logout';
import { buildRoutes } from './app/router';
import { setUnauthorizedHandler } from './lib/api-client';

const queryClient = new QueryClient();
const router = createBrowserRouter(buildRoutes());
setUnauthorizedHandler(createLogoutHandler(router, queryClient));

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
