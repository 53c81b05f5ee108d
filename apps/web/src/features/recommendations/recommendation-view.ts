import type { Recommendation } from '@finlens/contracts/recommendations';
import { RECOMMENDATION_SORTS } from '@finlens/contracts/recommendations';
import { sortFromSearch } from '../../lib/use-search-change';

export const PAGE_SIZE = 25;

/** The list's query: the page's fixed filter (a group, a finding or a type) and the URL's own parameters. */
export function listParams(search: URLSearchParams, fixed: Record<string, string>): Record<string, string> {
  const params: Record<string, string> = { page_size: String(PAGE_SIZE) };
  for (const [key, value] of search) if (value !== '') params[key] = value;
  return { ...params, ...fixed };
}

/** The list's sort (default: saving, most first). */
export const sortOf = (search: URLSearchParams) => sortFromSearch(search, RECOMMENDATION_SORTS, 'saving');

/** Spec §2's detail page of a recommendation: /v3/essentials/{group}-details/:type/:id. */
export function detailPath(rec: Pick<Recommendation, 'group' | 'type' | 'id'>): string {
  return `/v3/essentials/${rec.group}-details/${rec.type}/${encodeURIComponent(rec.id)}`;
}
