import { Navigate, type RouteObject } from 'react-router';
import { AppShell } from './AppShell';
import { PageErrorBoundary } from './ErrorBoundaries';
import { PageErrorScreen } from './ErrorScreens';
import { RootLayout } from './RootLayout';
import { RequireSignedIn, RequireSignedOut } from './RouteGuards';
import { ROUTE_TABLE } from './route-table';
import type { AppRoute, RouteAccess, RouteHandle } from './route-types';

function toRouteObject(route: AppRoute): RouteObject {
  if (route.kind === 'redirect') {
    return { id: route.path, path: route.path, element: <Navigate to={route.to} replace /> };
  }
  const handle: RouteHandle = { title: route.title, area: route.area };
  return {
    id: route.path,
    path: route.path,
    handle,
    element: <PageErrorBoundary>{route.element}</PageErrorBoundary>,
  };
}

function routesWith(table: readonly AppRoute[], access: RouteAccess): RouteObject[] {
  return table.filter((route) => route.access === access).map(toRouteObject);
}

/**
 * Turns the route table into React Router routes: public pages as they are, the sign-in screen behind
 * RequireSignedOut, protected pages behind RequireSignedIn inside the app shell.
 */
export function buildRoutes(table: readonly AppRoute[] = ROUTE_TABLE): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      // Last resort for errors outside any page boundary (the shell itself).
      errorElement: <PageErrorScreen message={null} />,
      children: [
        ...routesWith(table, 'public'),
        { id: 'guest', element: <RequireSignedOut />, children: routesWith(table, 'guest') },
        {
          id: 'protected',
          element: <RequireSignedIn />,
          children: [{ id: 'shell', element: <AppShell />, children: routesWith(table, 'protected') }],
        },
      ],
    },
  ];
}
