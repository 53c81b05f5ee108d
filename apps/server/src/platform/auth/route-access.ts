import type { AccessRule } from '@finlens/contracts/roles';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { isApiPath } from '../http/api-paths';
import type { Caller } from './caller';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every API route must declare one (checked when the route is added). */
    access?: AccessRule;
    /** A GET that changes state (send_test): it needs the CSRF header like an unsafe method. */
    changesState?: boolean;
  }
  interface FastifyRequest {
    /** Built by the auth hook (auth-hook.ts); null for an anonymous request. */
    caller: Caller | null;
  }
  interface FastifyInstance {
    /** Every route with its access rule. */
    routeAccess: readonly RouteAccessEntry[];
  }
}

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: AccessRule;
}

/**
 * The one registry of route → access rule, filled as routes are added. An API route without a rule stops
 * start-up, so no route is reachable by accident; routes outside the API (static files of the SPA) are
 * anonymous. HEAD routes are left out: they share the GET route's rule. Tests enumerate `entries` to check the access matrix covers every route.
 */
export function registerRouteAccess(app: FastifyInstance): readonly RouteAccessEntry[] {
  const entries: RouteAccessEntry[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = (route.config as { access?: AccessRule } | undefined)?.access;
    if (access === undefined && isApiPath(route.url)) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule (config.access)`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // HEAD answers like the GET of the same URL and shares its rule.
      if (method === 'HEAD') continue;
      entries.push({ method, url: route.url, access: access ?? 'anonymous' });
    }
  });
  return entries;
}
