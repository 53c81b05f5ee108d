import type { KeyedFilter, ValueFilter } from '@finlens/contracts/cost-query';
import type { ResourceFilterOptions, ResourcesCostExportQuery } from '@finlens/contracts/resources-cost';
import { forEachPaced } from '../../platform/event-loop';
import {
  dimensionValues,
  matchesFilter,
  pairsMatch,
  type SortKey,
  sortPositions,
  sortPositionsPaced,
  tagValue,
} from './resource-filters';
import type { MergedResource } from './resource-rows';

export type Selection = Pick<
  ResourcesCostExportQuery,
  'search' | 'kind' | 'state' | 'in_inventory' | 'filters'
>;

/** What a selection holds: which rows (null: all), how many and their cost. */
interface Chosen {
  mask: Uint8Array | null;
  count: number;
  total: number;
}

/** Selections kept per index: paging and re-sorting one selection do not filter again. */
const SELECTIONS_KEPT = 32;
/** Rows handled per turn of the event loop while `prepare` builds an order or a filter's buckets. */
const PACED_BATCH = 4_096;

/**
 * The joined rows of a snapshot, indexed so that a request neither filters nor sorts objects: each sort order is a
 * permutation of row positions (built once per order), exact filters read value → positions buckets (built once per
 * field), the rest scans once into a byte mask, and a selection's mask, count and total are kept for its next page.
 */
export function createResourceIndex(rows: readonly MergedResource[], projectNames: Record<string, string>) {
  const n = rows.length;
  const orders = new Map<string, Int32Array>();
  const buckets = new Map<string, Map<string, number[]>>();
  const chosen = new Map<string, Chosen>();
  /** Row masks of the scanned parts of queries (search text, like and tag filters) `prepare` built, by part. */
  const scans = new Map<string, Uint8Array>();
  /** Bill tags added so far: a scan that saw fewer of them while it was paced is not kept. */
  let billTagsAdded = 0;
  /** The bill's value of a tag key per row position, for keys the join did not read (resources only in the bill). */
  const billTags = new Map<string, Map<number, string>>();

  type ValuesOf = (row: MergedResource) => readonly string[];

  function addToBuckets(byValue: Map<string, number[]>, p: number, valuesOf: ValuesOf) {
    for (const v of valuesOf(rows[p] as MergedResource)) {
      const list = byValue.get(v);
      if (list === undefined) byValue.set(v, [p]);
      else list.push(p);
    }
  }

  function bucketsOf(field: string, valuesOf: ValuesOf) {
    let byValue = buckets.get(field);
    if (byValue === undefined) {
      byValue = new Map();
      for (let p = 0; p < n; p++) addToBuckets(byValue, p, valuesOf);
      buckets.set(field, byValue);
    }
    return byValue;
  }

  type Exact = { field: string; valuesOf: ValuesOf; wanted: readonly string[]; invert: boolean };
  type Scan = (row: MergedResource, p: number) => boolean;

  /** The exact filters' fields of a query, with how a row's values are read and the values wanted. */
  function exactFields(query: Selection): Exact[] {
    const fields: Exact[] = [];
    const field = (name: string, read: (r: MergedResource) => string | null, wanted: string | undefined) => {
      if (wanted !== undefined) {
        fields.push({ field: name, valuesOf: (r) => [read(r) ?? ''], wanted: [wanted], invert: false });
      }
    };
    field('kind', (r) => r.kind, query.kind);
    field('state', (r) => r.state, query.state?.toLowerCase());
    field('in_inventory', (r) => String(r.in_inventory), query.in_inventory);
    for (const filter of query.filters) {
      if ('pairs' in filter || (filter.mode !== 'include' && filter.mode !== 'exclude')) continue;
      fields.push({
        field: filter.dimension,
        valuesOf: (row) => dimensionValues(row, filter, projectNames),
        wanted: filter.values,
        invert: filter.mode === 'exclude',
      });
    }
    return fields;
  }

  /** The parts of a query that test every row (the search text, like and tag filters), keyed by what they test. */
  function scannedParts(query: Selection): Map<string, Scan> {
    const parts = new Map<string, Scan>();
    const needle = query.search?.trim().toLowerCase() ?? '';
    if (needle !== '') parts.set(JSON.stringify(['search', needle]), (row) => row.haystack.includes(needle));
    for (const filter of query.filters) {
      if ('pairs' in filter) {
        parts.set(JSON.stringify(filter), (row, p) =>
          pairsMatch(filter as KeyedFilter, (key) => tagOf(row, p, key)),
        );
      } else if (filter.mode !== 'include' && filter.mode !== 'exclude') {
        parts.set(JSON.stringify(filter), (row) => matchesFilter(row, filter as ValueFilter, projectNames));
      }
    }
    return parts;
  }

  /** Rows holding one of `wanted` in `field` (or, with `invert`, none of them). */
  function exact(
    field: string,
    valuesOf: (row: MergedResource) => readonly string[],
    wanted: readonly string[],
    invert = false,
  ) {
    const byValue = bucketsOf(field, valuesOf);
    const mask = new Uint8Array(n);
    for (const v of wanted) for (const p of byValue.get(v) ?? []) mask[p] = 1;
    if (invert) for (let p = 0; p < n; p++) mask[p] = mask[p] === 1 ? 0 : 1;
    return mask;
  }

  function scan(test: Scan) {
    const mask = new Uint8Array(n);
    for (let p = 0; p < n; p++) if (test(rows[p] as MergedResource, p)) mask[p] = 1;
    return mask;
  }

  const tagOf = (row: MergedResource, p: number, key: string) =>
    tagValue(row.tags, key) ?? billTags.get(key)?.get(p) ?? null;

  /** One mask per part of the query, in no particular order (a selection is every mask's rows). */
  function masksOf(query: Selection): Uint8Array[] {
    const masks = exactFields(query).map((f) => exact(f.field, f.valuesOf, f.wanted, f.invert));
    // A mask `prepare` scanned is copied: `choose` narrows the first mask in place.
    for (const [key, test] of scannedParts(query)) masks.push(scans.get(key)?.slice() ?? scan(test));
    return masks;
  }

  function choose(query: Selection): Chosen {
    const key = JSON.stringify([
      query.kind ?? null,
      query.state ?? null,
      query.in_inventory ?? null,
      query.search?.trim().toLowerCase() ?? '',
      query.filters,
    ]);
    const kept = chosen.get(key);
    if (kept !== undefined) {
      chosen.delete(key);
      chosen.set(key, kept);
      return kept;
    }
    const [first, ...rest] = masksOf(query);
    let count = 0;
    let total = 0;
    for (let p = 0; p < n; p++) {
      if (first !== undefined) {
        if (first[p] === 0) continue;
        if (rest.some((m) => m[p] === 0)) {
          first[p] = 0;
          continue;
        }
      }
      count++;
      total += (rows[p] as MergedResource).cost;
    }
    const made = { mask: first ?? null, count, total };
    chosen.set(key, made);
    if (chosen.size > SELECTIONS_KEPT) chosen.delete(chosen.keys().next().value as string);
    return made;
  }

  function order(sort: SortKey, direction: 'asc' | 'desc'): Int32Array {
    const key = `${sort}|${direction}`;
    let positions = orders.get(key);
    if (positions === undefined) {
      positions = sortPositions(rows, sort, direction);
      orders.set(key, positions);
    }
    return positions;
  }

  let options: ResourceFilterOptions | null = null;

  return {
    rows,

    /** The values the rows hold, for the filter inputs (made once). */
    options(): ResourceFilterOptions {
      if (options === null) {
        const collector = optionsCollector();
        for (const row of rows) collector.add(row);
        options = collector.done();
      }
      return options;
    },

    /**
     * Builds what `pick` of this query needs and has not yet (its sort order, its exact filters' buckets, the
     * filter options, the rows its search text, like and tag filters match) a few thousand rows per turn of the
     * event loop, so the first request on a large snapshot does not hold the loop for every other user's request;
     * `pick` then only reads them.
     */
    async prepare(query: Selection & { sort: SortKey; order: 'asc' | 'desc' }): Promise<void> {
      const key = `${query.sort}|${query.order}`;
      if (!orders.has(key)) orders.set(key, await sortPositionsPaced(rows, query.sort, query.order));
      for (const { field, valuesOf } of exactFields(query)) {
        if (buckets.has(field)) continue;
        const byValue = new Map<string, number[]>();
        await forEachPaced(rows.keys(), PACED_BATCH, (p) => addToBuckets(byValue, p, valuesOf));
        buckets.set(field, byValue);
      }
      if (options === null) {
        const collector = optionsCollector();
        await forEachPaced(rows, PACED_BATCH, collector.add);
        options ??= collector.done();
      }
      for (const [key, test] of scannedParts(query)) {
        if (scans.has(key)) continue;
        const added = billTagsAdded;
        const mask = new Uint8Array(n);
        await forEachPaced(rows.keys(), PACED_BATCH, (p) => {
          if (test(rows[p] as MergedResource, p)) mask[p] = 1;
        });
        if (added !== billTagsAdded) continue;
        scans.set(key, mask);
        if (scans.size > SELECTIONS_KEPT) scans.delete(scans.keys().next().value as string);
      }
    },

    /** The selection's count and total cost, and its rows from `start` (0-based) up to `end` in the order asked. */
    pick(
      query: Selection & { sort: SortKey; order: 'asc' | 'desc' },
      start = 0,
      end = Number.POSITIVE_INFINITY,
    ): { count: number; total: number; rows: MergedResource[] } {
      const { mask, count, total } = choose(query);
      const positions = order(query.sort, query.order);
      const out: MergedResource[] = [];
      let seen = 0;
      for (let i = 0; i < n && seen < end; i++) {
        const p = positions[i] as number;
        if (mask !== null && mask[p] === 0) continue;
        if (seen >= start) out.push(rows[p] as MergedResource);
        seen++;
      }
      return { count, total, rows: out };
    },

    /** Tag keys whose bill values are already held (see `addBillTag`). */
    hasBillTag: (key: string) => billTags.has(key),

    /** The bill's values of a tag key, by row position; selections made before are dropped. */
    addBillTag(key: string, values: Map<number, string>) {
      billTags.set(key, values);
      billTagsAdded += 1;
      chosen.clear();
      scans.clear();
    },
  };
}

export type ResourceIndex = ReturnType<typeof createResourceIndex>;

const sorted = (values: Iterable<string | null>) =>
  [...new Set(values)].filter((v): v is string => v !== null && v !== '').sort();

/** Gathers the filter options row by row (`add`), then gives them sorted (`done`). */
function optionsCollector() {
  const accounts = new Map<string, string | null>();
  const services = new Set<string | null>();
  const types = new Set<string | null>();
  const tagKeys = new Set<string>();
  return {
    add(r: MergedResource) {
      if (r.account_id !== null && !accounts.get(r.account_id)) accounts.set(r.account_id, r.account_name);
      services.add(r.service);
      types.add(r.type);
      for (const key of Object.keys(r.tags)) tagKeys.add(key);
    },
    done(): ResourceFilterOptions {
      return {
        accounts: [...accounts]
          .map(([account_id, account_name]) => ({ account_id, account_name }))
          .sort(
            (a, b) =>
              (a.account_name ?? a.account_id).localeCompare(b.account_name ?? b.account_id) ||
              a.account_id.localeCompare(b.account_id),
          ),
        services: sorted(services),
        types: sorted(types),
        tag_keys: sorted(tagKeys),
      };
    },
  };
}
