/** A number that moves whenever the app database's rows may have changed. */
export type ChangeCount = () => number;

/** By app database handle (a Kysely instance). */
const counts = new WeakMap<object, ChangeCount>();

/** Says that every change to `db`'s rows moves `changes` (openAppDatabase, for the embedded database only). */
export function registerChangeCount(db: object, changes: ChangeCount): void {
  counts.set(db, changes);
}

/**
 * The change count of an app database, or null when changes can come from elsewhere (PostgreSQL: other servers of a
 * scaled-out install, CLI commands): then nothing may be kept from it.
 */
export function changeCountOf(db: object): ChangeCount | null {
  return counts.get(db) ?? null;
}

/** Statements that never change rows themselves. */
const READ_ONLY = /^\s*(select|begin|commit|rollback|savepoint|release)\b/i;
/** Statements that report how many rows they changed. */
const ROW_CHANGES = /^\s*(insert|update|delete)\b/i;

/**
 * Whether a statement that ran may have changed rows: every statement but a read (or a transaction's begin and end:
 * its statements count themselves), except an insert, update or delete that reports no row changed (the job
 * worker's idle poll of its queue). A transaction holds the embedded database's one session until it ends, so no
 * read of another caller runs between its statements.
 */
export function mayHaveChanged(sql: string, affectedRows: number | undefined): boolean {
  if (READ_ONLY.test(sql)) return false;
  return !(ROW_CHANGES.test(sql) && affectedRows === 0);
}

/**
 * Rows read from the app database, kept (by key, at most `maxEntries`, the oldest dropped first) until its change
 * count moves. A read that was under way while the count moved is not kept: it may have seen the rows before the
 * change. With no change count (PostgreSQL) every `get` reads.
 */
export function keptUntilChanged<T>(changes: ChangeCount | null, maxEntries: number) {
  const kept = new Map<string, { value: T; count: number }>();
  return {
    async get(key: string, read: () => Promise<T>): Promise<T> {
      if (changes === null) return read();
      const count = changes();
      const hit = kept.get(key);
      if (hit !== undefined && hit.count === count) return hit.value;
      const value = await read();
      if (changes() === count) {
        kept.delete(key);
        kept.set(key, { value, count });
        while (kept.size > maxEntries) kept.delete(kept.keys().next().value as string);
      }
      return value;
    },
    /** Drops every kept value (the next `get` of each key reads). */
    clear(): void {
      kept.clear();
    },
  };
}
