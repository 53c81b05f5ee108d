import { createHash } from 'node:crypto';

/**
 * Answers kept by key, the least recently used dropped beyond `maxEntries`. A key holds everything the answer
 * depends on (caller's client and scope, the question, the data version), so an entry is never stale: a new data
 * version is a new key, and the old entry ages out. A pending answer is shared by concurrent identical asks; a
 * failed one is dropped at once.
 */
export function createResultCache<V>({ maxEntries }: { maxEntries: number }) {
  const entries = new Map<string, Promise<V>>();
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
      value.catch(() => {
        if (entries.get(key) === value) entries.delete(key);
      });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
    get size() {
      return entries.size;
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
