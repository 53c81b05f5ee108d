import type { CostFilter } from '@finlens/contracts/cost-query';
import {
  FACET_KEYS,
  type ParsedDetailKey,
  SEARCH_KEYS,
  SEARCH_SCOPES,
  type SearchFilters,
  type SearchKey,
  type SearchScope,
} from '@finlens/contracts/search';

/** The search page's view, held in the URL: `q`, `scope` and `filters` (the call's own JSON of search keys). */
export interface SearchView {
  q: string;
  scope: SearchScope;
  filters: SearchFilters;
}

/** Hits fetched at once; the grid pages through them (the API allows 500). */
const HITS_FETCHED = 100;

const isSearchKey = (name: string): name is SearchKey => (SEARCH_KEYS as readonly string[]).includes(name);

/** Reads the view from the URL; an unreadable `filters` is ignored rather than breaking the page. */
export function searchViewFromParams(params: URLSearchParams): SearchView {
  const scope = SEARCH_SCOPES.find((name) => name === params.get('scope')) ?? 'all';
  return { q: params.get('q') ?? '', scope, filters: readFilters(params.get('filters')) };
}

function readFilters(text: string | null): SearchFilters {
  if (text === null) return {};
  try {
    const raw = JSON.parse(text) as unknown;
    if (typeof raw !== 'object' || raw === null) return {};
    const filters: SearchFilters = {};
    for (const [name, value] of Object.entries(raw)) {
      const values = [value]
        .flat()
        .filter((entry): entry is string => typeof entry === 'string' && entry !== '');
      if (isSearchKey(name) && values.length > 0) filters[name] = values;
    }
    return filters;
  } catch {
    return {};
  }
}

export function searchViewToParams(view: SearchView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q !== '') params.set('q', view.q);
  if (view.scope !== 'all') params.set('scope', view.scope);
  if (Object.keys(view.filters).length > 0) params.set('filters', JSON.stringify(view.filters));
  return params;
}

/** The GET /c/ac/query parameters of a view: every facet, the first HITS_FETCHED hits. */
export function searchCallParams(view: SearchView): Record<string, string> {
  const params: Record<string, string> = {
    q: view.q.trim() === '' ? '*' : view.q.trim(),
    scope: view.scope,
    aggregations: FACET_KEYS.join(','),
    limit: String(HITS_FETCHED),
  };
  if (Object.keys(view.filters).length > 0) params.filters = JSON.stringify(view.filters);
  return params;
}

/** Adds or removes one value of a search key; a key left without values is dropped. */
export function toggleFilter(filters: SearchFilters, key: SearchKey, value: string): SearchFilters {
  const current = filters[key] ?? [];
  const next = current.includes(value) ? current.filter((entry) => entry !== value) : [...current, value];
  const { [key]: _dropped, ...rest } = filters;
  return next.length === 0 ? rest : { ...rest, [key]: next };
}

/** The cost filter that selects one search hit's rows. */
export function detailFilter(detail: ParsedDetailKey): CostFilter {
  return detail.tagKey === null
    ? ({ dimension: detail.dimension, mode: 'include', values: [detail.value] } as CostFilter)
    : {
        dimension: 'tag_keys',
        mode: 'include',
        match: 'any',
        pairs: [{ key: detail.tagKey, value: detail.value }],
      };
}
