/** Addresses of the search pages (spec §2: /v3/search/ and /v3/search/detail/:key/). */
const SEARCH_PAGE_PATH = '/v3/search/';

export function searchPagePath(q: string): string {
  return `${SEARCH_PAGE_PATH}?${new URLSearchParams({ q }).toString()}`;
}

export function searchDetailPath(key: string): string {
  return `${SEARCH_PAGE_PATH}detail/${encodeURIComponent(key)}/`;
}
