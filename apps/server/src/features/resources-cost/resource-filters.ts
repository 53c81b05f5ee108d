import type { CostFilter, KeyedFilter, ValueFilter } from '@finlens/contracts/cost-query';
import type { ResourcesCostExportQuery } from '@finlens/contracts/resources-cost';
import { sortPaced } from '../../platform/event-loop';
import type { MergedResource } from './resource-rows';

/** A resource's values of one Explorer dimension (several for the resource id: every spelling). */
export function dimensionValues(
  row: MergedResource,
  filter: Pick<ValueFilter, 'dimension'>,
  projectNames: Record<string, string>,
): string[] {
  const one = (v: string | null) => (v === null ? [] : [v]);
  switch (filter.dimension) {
    case 'line_item_usage_account_id':
      return one(row.account_id);
    case 'billing_project_name':
      return [projectNames[row.project_id] ?? row.project_id];
    case 'product_region':
      return one(row.region);
    case 'product_servicename':
      return one(row.service);
    case 'line_item_resource_id':
      return [...new Set([row.resource_id, ...one(row.arn), ...row.bill_resource_ids])];
    case 'resource_name':
      return one(row.name);
    case 'product_instance_type':
      return one(row.type);
    default:
      return [];
  }
}

/** CUR 2.0 spells a tag key `user_` + the key with other characters than letters, digits and _ as _. */
const curTagKey = (key: string) => `user_${key.replace(/[^A-Za-z0-9_]/g, '_')}`;

/** A tag's value on a resource, whether the filter names it as the bill does (user_team) or as the API does. */
export function tagValue(tags: Record<string, string>, key: string): string | null {
  const direct = tags[key];
  if (direct !== undefined) return direct === '' ? null : direct;
  for (const [k, v] of Object.entries(tags)) if (curTagKey(k) === key) return v === '' ? null : v;
  return null;
}

/** A tag filter on a resource whose value of a key `valueOf` gives. */
export function pairsMatch(filter: KeyedFilter, tagOf: (key: string) => string | null): boolean {
  const hits = filter.pairs.map((pair) => {
    const value = tagOf(pair.key);
    return pair.value === '' || pair.value === 'null' ? value === null : value === pair.value;
  });
  const matched = filter.match === 'all' ? hits.every(Boolean) : hits.some(Boolean);
  return filter.mode === 'exclude' ? !matched : matched;
}

function matchesValues(row: MergedResource, filter: ValueFilter, names: Record<string, string>): boolean {
  const have = dimensionValues(row, filter, names);
  switch (filter.mode) {
    case 'include':
      return have.some((v) => filter.values.includes(v));
    case 'exclude':
      return !have.some((v) => filter.values.includes(v));
    case 'like':
    case 'not_like': {
      const needles = filter.values.map((n) => n.toLowerCase());
      const hit = have.some((v) => needles.some((n) => v.toLowerCase().includes(n)));
      return filter.mode === 'like' ? hit : !hit;
    }
  }
}

/** The Explorer's semantics on one resource: every filter must hold; a missing value fails include and like. */
export function matchesFilter(
  row: MergedResource,
  filter: CostFilter,
  names: Record<string, string>,
): boolean {
  return 'pairs' in filter
    ? pairsMatch(filter, (key) => tagValue(row.tags, key))
    : matchesValues(row, filter, names);
}

export type SortKey = ResourcesCostExportQuery['sort'];

function sortValue(row: MergedResource, sort: SortKey): string | number | null {
  switch (sort) {
    case 'cost':
      return row.cost;
    case 'previous_cost':
      return row.previous_cost;
    case 'trend':
      return row.trend;
    case 'name':
      return row.name?.toLowerCase() ?? null;
    case 'resource_id':
      return row.resource_id;
    case 'account_id':
      return row.account_id;
    case 'region':
      return row.region;
    case 'service':
      return row.service;
    case 'kind':
      return row.kind;
    case 'type':
      return row.type;
    case 'state':
      return row.state;
    case 'owner':
      return row.owner?.toLowerCase() ?? null;
    case 'first_seen':
      return row.first_seen;
    case 'last_seen':
      return row.last_seen;
  }
}

/** Row positions in order: rows without a value last in either order, ties by project and key (a stable page order). */
export function sortPositions(
  rows: readonly MergedResource[],
  sort: SortKey,
  order: 'asc' | 'desc',
): Int32Array {
  const keyed = sortKeys(rows, sort).sort(compareKeys(order));
  return Int32Array.from(keyed, (k) => k.p);
}

/** `sortPositions` giving the event loop a turn every few thousand rows (the first sort of a large snapshot). */
export async function sortPositionsPaced(
  rows: readonly MergedResource[],
  sort: SortKey,
  order: 'asc' | 'desc',
): Promise<Int32Array> {
  const keyed = await sortPaced(sortKeys(rows, sort), compareKeys(order));
  return Int32Array.from(keyed, (k) => k.p);
}

interface SortKeyed {
  p: number;
  value: string | number | null;
  tie: string;
}

function sortKeys(rows: readonly MergedResource[], sort: SortKey): SortKeyed[] {
  return rows.map((row, p) => ({ p, value: sortValue(row, sort), tie: `${row.project_id}|${row.key}` }));
}

function compareKeys(order: 'asc' | 'desc'): (a: SortKeyed, b: SortKeyed) => number {
  const sign = order === 'asc' ? 1 : -1;
  return (a, b) => {
    if (a.value !== b.value) {
      if (a.value === null) return 1;
      if (b.value === null) return -1;
      return (a.value < b.value ? -1 : 1) * sign;
    }
    return a.tie < b.tie ? -1 : a.tie > b.tie ? 1 : 0;
  };
}
