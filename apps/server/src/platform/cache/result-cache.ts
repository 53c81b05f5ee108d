import { createHash } from 'node:crypto';

/**
 * Answers kept by key, the least recently used dropped beyond `maxEntries` — or beyond `maxWeight` in all, each
 * answer weighed by `weigh` once it has arrived (a cost answer by its series cells: one hourly answer may hold
 * millions, so a count of entries alone would let a few hundred of them fill the memory). A key holds everything
 * the answer depends on (caller's client and scope, the question, the data version), so an entry is never stale: a
 * new data version is a new key, and the old entry ages out. A pending answer is shared by concurrent identical
 * asks; a failed one is dropped at once.
 */
export function createResultCache<V>({
  maxEntries,
  maxWeight = Number.POSITIVE_INFINITY,
  weigh = () => 0,
}: {
  maxEntries: number;
  maxWeight?: number;
  weigh?: (value: V) => number;
}) {
  const entries = new Map<string, Promise<V>>();
  const weights = new Map<string, number>();
  let weight = 0;
  const drop = (key: string) => {
    entries.delete(key);
    weight -= weights.get(key) ?? 0;
    weights.delete(key);
  };
  const trim = () => {
    while (entries.size > maxEntries || (weight > maxWeight && entries.size > 0)) {
      drop(entries.keys().next().value as string);
    }
  };
  return {
    /** The kept answer of `key`, or `compute()`'s (then kept). */
    get(key: string, compute: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      if (hit !== undefined) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const value = compute();
      entries.set(key, value);
      value.then(
        (answer) => {
          if (entries.get(key) !== value) return;
          const own = weigh(answer);
          weights.set(key, own);
          weight += own;
          trim();
        },
        () => {
          if (entries.get(key) === value) drop(key);
        },
      );
      trim();
      return value;
    },
    get size() {
      return entries.size;
    },
    /** The kept answers' weight in all. */
    get weight() {
      return weight;
    },
  };
}

/** A strong HTTP entity tag naming a cache key (the key holds the data version, so equal tags mean equal answers). */
export function entityTag(key: string): string {
  return `"${createHash('sha256').update(key).digest('base64url').slice(0, 32)}"`;
}

/** True when an If-None-Match header names `etag` (a list, or `*`; weak tags compare by their value). */
export function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });
}
