import { createHash } from 'node:crypto';

/**
 * Answers kept by key, the least recently used dropped beyond `maxEntries` — or beyond `maxWeight` in all, each
 * answer weighed by `weigh` once it has arrived, plus what is `charge`d to it later (the cost caches weigh bytes:
 * the answer's own and its JSON text's and compressed copies', kept as long as the answer — one hourly answer may
 * hold millions of cells, so a count of entries alone would let a few hundred of them fill the memory). A key holds
 * everything the answer depends on (caller's client and scope, the question, the data version), so an entry is
 * never stale: a new data version is a new key, and the old entry ages out. A pending answer is shared by
 * concurrent identical asks; a failed one is dropped at once.
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
  /** The arrived answer of each key, and the key of each arrived answer (which `charge` finds it by). */
  const arrived = new Map<string, V>();
  const keys = new WeakMap<object, string>();
  let weight = 0;
  const drop = (key: string) => {
    entries.delete(key);
    arrived.delete(key);
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
          arrived.set(key, answer);
          if (typeof answer === 'object' && answer !== null) keys.set(answer, key);
          trim();
        },
        () => {
          if (entries.get(key) === value) drop(key);
        },
      );
      trim();
      return value;
    },
    /**
     * Adds `weight` to a kept answer's: for something made from it later and kept as long as it (its JSON text, a
     * compressed copy). Beyond the budget the least recently used go, as on arrival; nothing for an answer no
     * longer (or never) kept.
     */
    charge(answer: object, extra: number): void {
      const key = keys.get(answer);
      const own = key === undefined ? undefined : weights.get(key);
      if (key === undefined || own === undefined || arrived.get(key) !== answer) return;
      weights.set(key, own + extra);
      weight += extra;
      trim();
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

/** A cost answer as the caches keep it: periods and series of costs (and forecast parts). */
interface SeriesAnswer {
  periods: readonly string[];
  series: readonly {
    key: string | null;
    label: string;
    costs: readonly number[];
    forecast_costs?: readonly number[];
  }[];
}

/** Bytes a string or small object takes besides its characters or fields, roughly (V8 headers). */
const OBJECT_BYTES = 32;

/**
 * Bytes a cost answer holds in memory, roughly: 8 per cost (a double in an array), each text's characters and a
 * header per text and series. What the cost caches weigh an answer by on arrival; its JSON text and compressed
 * copies are charged as they are made.
 */
export function seriesAnswerBytes(answer: SeriesAnswer): number {
  let bytes = OBJECT_BYTES;
  for (const period of answer.periods) bytes += OBJECT_BYTES + period.length + 8;
  for (const s of answer.series) {
    const cells = s.costs.length + (s.forecast_costs?.length ?? 0);
    bytes += 4 * OBJECT_BYTES + 8 * cells + s.label.length + (s.key?.length ?? 0);
  }
  return bytes;
}

/** Elements of an array weighed one by one by `roughBytes`; a longer array is weighed from as many spread samples. */
const WEIGHED_ELEMENTS = 64;

/**
 * Bytes a plain value (rows of a read: objects, arrays, texts, numbers, dates) holds in memory, roughly: a header
 * per object, array and text, 8 per field or element slot, 8 per number, a text's characters. A long array is
 * weighed from evenly spread samples (rows of one read have one shape), so weighing a large read stays cheap.
 */
export function roughBytes(value: unknown): number {
  if (typeof value === 'number') return 8;
  if (typeof value === 'string') return OBJECT_BYTES + value.length;
  if (typeof value !== 'object' || value === null) return 0;
  if (value instanceof Date) return OBJECT_BYTES + 8;
  if (Array.isArray(value)) {
    const n = value.length;
    const count = Math.min(n, WEIGHED_ELEMENTS);
    let sampled = 0;
    for (let k = 0; k < count; k++) sampled += roughBytes(value[Math.floor(((k + 0.5) * n) / count)]);
    return OBJECT_BYTES + 8 * n + (count === 0 ? 0 : (sampled / count) * n);
  }
  let bytes = OBJECT_BYTES;
  for (const field of Object.values(value)) bytes += 8 + roughBytes(field);
  return bytes;
}
