import { TOKEN_KEY_STORAGE } from '@finlens/contracts/session';
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { isRouteHandle, type RouteHandle } from './route-types';

export const DEFAULT_TITLE = 'Finlens';
const TITLE_TEMPLATE = '%s - Finlens';

export function formatTitle(title: string | null): string {
  return title === null ? DEFAULT_TITLE : TITLE_TEMPLATE.replace('%s', title);
}

/**
 * Spec §2: a token_key query parameter is saved to browser storage; when the URL has none, a stored value
 * is removed. Runs once at start-up, like the rest of the start-up behaviour.
 */
function syncTokenKey(search: string, storage: Storage = window.localStorage): void {
  const tokenKey = new URLSearchParams(search).get('token_key');
  if (tokenKey !== null && tokenKey !== '') storage.setItem(TOKEN_KEY_STORAGE, tokenKey);
  else if (storage.getItem(TOKEN_KEY_STORAGE) !== null) storage.removeItem(TOKEN_KEY_STORAGE);
}

export function useTokenKeySync(): void {
  const { search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: start-up only, the first URL decides.
  useEffect(() => syncTokenKey(search), []);
}

/** The handle (title, area) of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return null;
}

export function useDocumentTitle(): void {
  const handle = useRouteHandle();
  const title = formatTitle(handle?.title ?? null);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Spec §2: scroll resets to the top when the path (not the query) changes. */
export function useScrollReset(): void {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}
