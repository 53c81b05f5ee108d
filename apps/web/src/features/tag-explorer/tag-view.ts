import type { CostFilter, CostQuery, TagPair } from '@finlens/contracts/cost-query';
import { type DateRange, type PastPreset, presetRange } from '@finlens/cost-model/range-presets';
import { explorerHref } from '../cost-explorer/api/explorer-href';

/** Range presets offered by the Tag explorer (past ones: coverage is about billed days). */
export const TAG_RANGES = ['7D', '14D', '30D', 'MTD', '1M', '3M'] as const satisfies readonly PastPreset[];
type TagRange = (typeof TAG_RANGES)[number];
const DEFAULT_RANGE: TagRange = '30D';

/** URL keys of the panel (the Insights page shares its URL with the Cost insights tab). */
export const TAG_PARAMS = { range: 'tag_range', key: 'tag_key' } as const;

/** The range preset of the URL; an unknown one is the default (the last 30 days). */
export function tagRangeFromParams(search: URLSearchParams): TagRange {
  const raw = search.get(TAG_PARAMS.range);
  return TAG_RANGES.find((range) => range === raw) ?? DEFAULT_RANGE;
}

export function tagDates(range: TagRange, today: Date): DateRange {
  return presetRange(range, today);
}

/** The pair that matches a tag value; null (the key missing) is the untagged pair ''. */
const tagPair = (key: string, value: string | null): TagPair => ({ key, value: value ?? '' });

/** The Explorer URL (its own URL writer) of the range, grouped by `dimension`, with the filters. */
function explorerLink(range: DateRange, dimension: CostQuery['dimension'], filters: CostFilter[]): string {
  const query: CostQuery = {
    ...range,
    granularity: 'day',
    dimension,
    cost_type: 'unblended',
    filters,
    top_n: 10,
  };
  return explorerHref({ range: null, query });
}

/** Cost carrying one value of the key, by service. */
export function valueHref(range: DateRange, key: string, value: string | null): string {
  return explorerLink(range, 'product_servicename', [
    { dimension: 'tag_keys', mode: 'include', match: 'any', pairs: [tagPair(key, value)] },
  ]);
}

/** Untagged cost of one account and service, by resource. */
export function untaggedHref(
  range: DateRange,
  missingKeys: string[],
  account: string | null,
  service: string | null,
): string {
  const filters: CostFilter[] = [];
  if (missingKeys.length > 0) {
    filters.push({
      dimension: 'tag_keys',
      mode: 'include',
      match: 'all',
      pairs: missingKeys.map((key) => tagPair(key, null)),
    });
  }
  if (account !== null)
    filters.push({ dimension: 'line_item_usage_account_id', mode: 'include', values: [account] });
  if (service !== null)
    filters.push({ dimension: 'product_servicename', mode: 'include', values: [service] });
  return explorerLink(range, 'line_item_resource_id', filters);
}

/** A coverage percentage (0–100) as text; null (no cost in the window) as '-'. */
export function coverageText(value: number | null): string {
  return value === null ? '-' : `${value.toFixed(1)}%`;
}

/** Comma- or newline-separated text → trimmed, non-empty entries. */
export function splitList(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
