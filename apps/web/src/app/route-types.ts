import type { ReactNode } from 'react';

/** Product areas a page belongs to (spec §1 and the menus of spec §2). */
type Area =
  | 'Accounts'
  | 'Inform'
  | 'Operate'
  | 'Optimize'
  | 'Essentials'
  | 'Compute Copilot'
  | 'Workloads'
  | 'Compliance'
  | 'Assistant'
  | 'General'
  | 'Settings'
  | 'Billing'
  | 'Partner'
  | 'Playground';

/**
 * public: anyone, exact match. guest: public, but a signed-in user goes to the landing page (sign-in).
 * protected: signed-out users go to sign-in with `next`.
 */
export type RouteAccess = 'public' | 'guest' | 'protected';

export interface PageRoute {
  kind: 'page';
  path: string;
  title: string;
  area: Area;
  access: RouteAccess;
  element: ReactNode;
}

interface RedirectRoute {
  kind: 'redirect';
  path: string;
  to: string;
  access: RouteAccess;
}

export type AppRoute = PageRoute | RedirectRoute;

/** Stored on each React Router route as `handle`; read for the page title and by the unbuilt page. */
export interface RouteHandle {
  title: string;
  area: Area;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'title' in value && 'area' in value;
}

export function page(path: string, title: string, area: Area, element: ReactNode): PageRoute {
  return { kind: 'page', path, title, area, access: 'protected', element };
}

export function publicPage(path: string, title: string, element: ReactNode, access: RouteAccess = 'public') {
  return { kind: 'page', path, title, area: 'Accounts', access, element } satisfies PageRoute;
}

export function redirect(path: string, to: string, access: RouteAccess): RedirectRoute {
  return { kind: 'redirect', path, to, access };
}
