import { type CostDimension, OTHERS_KEY } from '@finlens/contracts/cost-query';
import { type SearchHit, type SearchKind, searchDetailKey } from '@finlens/contracts/search';
import type { WarehouseCostAnswer } from '../../warehouse/cost-query/cost-query-port';

/** Where the hits of one list come from: the kind shown, the dimension, and the tag key of tag values. */
export interface HitSource {
  kind: SearchKind;
  dimension: CostDimension;
  tagKey: string | null;
}

export function hitOf(source: HitSource, value: string, cost: number): SearchHit {
  const { kind, dimension, tagKey } = source;
  const hit = { kind, dimension, tag_key: tagKey, value, cost };
  return {
    ...hit,
    key: searchDetailKey(hit),
    label: tagKey === null ? value : `${tagKey}=${value}`,
  };
}

/** Values with a cost → hits; rows without a value (untagged, no resource id) are not something to find. */
export function hitsOfValues(
  source: HitSource,
  values: { value: string | null; cost: number }[],
): SearchHit[] {
  return values.flatMap(({ value, cost }) =>
    value === null || value === '' ? [] : [hitOf(source, value, cost)],
  );
}

/** The series of a cost query answer as hits (no 'Others', no 'No value'), and how many groups had a value. */
export function hitsOfAnswer(
  source: HitSource,
  answer: WarehouseCostAnswer,
): { hits: SearchHit[]; count: number } {
  const series = answer.series.filter((entry) => entry.key !== OTHERS_KEY);
  const hits = hitsOfValues(
    source,
    series.map((entry) => ({ value: entry.key, cost: entry.total })),
  );
  const valueless = series.length - hits.length;
  return { hits, count: Math.max(0, answer.group_count - valueless) };
}

/** Search text as a tag query: `key=value` pins the key and searches values; plain text searches keys. */
export function parseTagQuery(text: string): { key: string | null; keySearch: string; valueSearch: string } {
  const equals = text.indexOf('=');
  if (equals < 0) return { key: null, keySearch: text, valueSearch: '' };
  return { key: text.slice(0, equals).trim(), keySearch: '', valueSearch: text.slice(equals + 1).trim() };
}

/** 0 exact, 1 prefix, 2 anywhere else (case-insensitive). */
function matchRank(label: string, value: string, query: string): number {
  const needle = query.toLowerCase();
  const texts = [label.toLowerCase(), value.toLowerCase()];
  if (texts.includes(needle)) return 0;
  if (texts.some((text) => text.startsWith(needle))) return 1;
  return 2;
}

/** Suggestions ranked exact, prefix, contains, then by cost; one per detail key; the first `limit`. */
export function rankSuggestions(hits: SearchHit[], query: string, limit: number): SearchHit[] {
  const unique = [...new Map(hits.map((hit) => [hit.key, hit])).values()];
  const ranked = unique.map((hit) => ({ hit, rank: matchRank(hit.label, hit.value, query) }));
  ranked.sort((a, b) => a.rank - b.rank || b.hit.cost - a.hit.cost || a.hit.label.localeCompare(b.hit.label));
  return ranked.slice(0, limit).map(({ hit }) => hit);
}

/** Hits of several lists by cost (descending), one per detail key, then one page of them. */
export function pageByCost(lists: SearchHit[][], offset: number, limit: number): SearchHit[] {
  const unique = [...new Map(lists.flat().map((hit) => [hit.key, hit])).values()];
  unique.sort((a, b) => b.cost - a.cost || a.label.localeCompare(b.label));
  return unique.slice(offset, offset + limit);
}
