import { RESOURCE_COST_SORTS } from '@finlens/contracts/resources-cost';

type Sort = (typeof RESOURCE_COST_SORTS)[number];

/** The page's view in its URL: search, filters, sort and page go to the API as they are. */
export const PAGE_SIZE = 25;

/** The list's query from the page's search parameters (defaults: cost, most first, page 1). */
export function listParams(search: URLSearchParams): Record<string, string> {
  const params: Record<string, string> = { page_size: String(PAGE_SIZE) };
  for (const [key, value] of search)
    if (value !== '' && key !== 'resource' && key !== 'project') params[key] = value;
  return params;
}

export function sortOf(search: URLSearchParams): { sort: Sort; order: 'asc' | 'desc' } {
  const sort = search.get('sort');
  return {
    sort: (RESOURCE_COST_SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : 'cost',
    order: search.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

/** The Explorer's filter key for one exact value (`product_region=["us-east-1"]`), '' clears it. */
export const exactFilter = (value: string) => (value.trim() === '' ? '' : JSON.stringify([value.trim()]));

/** The value an exact filter holds, for its text field. */
export function exactValue(text: string | null): string {
  if (text === null) return '';
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && typeof parsed[0] === 'string' ? parsed[0] : '';
  } catch {
    return '';
  }
}

/** The trend as a signed percent, '—' without a previous cost. */
export function trendText(trend: number | null): string {
  if (trend === null) return '—';
  const percent = Math.round(trend * 1000) / 10;
  return `${percent > 0 ? '+' : ''}${percent}%`;
}
