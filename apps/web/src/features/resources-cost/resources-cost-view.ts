import { RESOURCE_COST_SORTS, type ResourceFilterOptions } from '@finlens/contracts/resources-cost';
import { sortFromSearch } from '../../lib/use-search-change';

/** The page's view in its URL: search, filters, sort and page go to the API as they are. */
export const PAGE_SIZE = 25;

/** The list's query from the page's search parameters (defaults: cost, most first, page 1). */
export function listParams(search: URLSearchParams): Record<string, string> {
  const params: Record<string, string> = { page_size: String(PAGE_SIZE) };
  for (const [key, value] of search)
    if (value !== '' && key !== 'resource' && key !== 'project') params[key] = value;
  return params;
}

/** The list's sort (default: cost, most first). */
export const sortOf = (search: URLSearchParams) => sortFromSearch(search, RESOURCE_COST_SORTS, 'cost');

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

/** "Shop (123456789012)", or the id alone when the account has no name. */
export function accountLabel(account: ResourceFilterOptions['accounts'][number]): string {
  return account.account_name === null
    ? account.account_id
    : `${account.account_name} (${account.account_id})`;
}

/**
 * The page's one tag filter in the Explorer's keys: a key alone keeps the resources tagged with it, whatever the
 * value (`exclude_tag_keys` of the key without a value); a key and a value keep that value; no key clears both.
 */
export function tagParams(key: string, value: string): Record<string, string> {
  if (key === '') return { tag_keys: '', exclude_tag_keys: '' };
  if (value.trim() === '') return { tag_keys: '', exclude_tag_keys: JSON.stringify([{ key, value: '' }]) };
  return { tag_keys: JSON.stringify([{ key, value: value.trim() }]), exclude_tag_keys: '' };
}

function firstPair(text: string | null): { key: string; value: string } | null {
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    const first: unknown = Array.isArray(parsed) ? parsed[0] : null;
    if (typeof first !== 'object' || first === null) return null;
    const { key, value } = first as Record<string, unknown>;
    return typeof key === 'string' ? { key, value: typeof value === 'string' ? value : '' } : null;
  } catch {
    return null;
  }
}

/** The tag filter `tagParams` wrote into the URL ('' key: none). */
export function tagOf(search: URLSearchParams): { key: string; value: string } {
  const exact = firstPair(search.get('tag_keys'));
  if (exact !== null) return exact;
  const tagged = firstPair(search.get('exclude_tag_keys'));
  return tagged !== null && tagged.value === '' ? tagged : { key: '', value: '' };
}
