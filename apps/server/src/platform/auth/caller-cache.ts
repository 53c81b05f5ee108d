import { type ChangeCount, keptUntilChanged } from '../../db/app-changes';
import type { Caller } from './caller';

/** How long a session's caller is kept: a few clicks in the Explorer, short enough for other processes' changes. */
export const CALLER_TTL_MS = 5_000;
const MAX_CALLERS = 10_000;

interface Kept {
  caller: Caller | null;
  until: number;
}

/**
 * The callers built for sessions (user, client, role, partner, RBAC: four app-database reads), kept per session and
 * active client so a burst of requests builds each once. The session itself is still found on every request
 * (session-store.ts: read again after any change to the embedded app database, always on PostgreSQL), so sign-out, a
 * password change's revocation or an expired session take effect at once, in every process. On the embedded app
 * database (`changes`: its change count, this process its one writer) a caller is kept until the count moves
 * (`keptUntilChanged`, as the sessions and cost scopes are): any change to a user, membership, client or partner
 * builds it again on the next request. Without one (PostgreSQL) a
 * caller is kept `ttlMs`: what it says of roles and memberships is dropped by `forgetAll`, which the auth hook calls
 * on every state-changing request of this process (before its answer is sent), and a change made by another process
 * (another server of a scaled-out install, a CLI command) shows within `ttlMs`. A caller built while a change was
 * being made is not kept (the generation or the count moved on).
 */
export function createCallerCache({
  ttlMs = CALLER_TTL_MS,
  maxEntries = MAX_CALLERS,
  now = Date.now,
  changes = null,
}: {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
  changes?: ChangeCount | null;
} = {}) {
  const keyOf = (session: SessionKey) => `${session.id}\u0000${session.clientId ?? ''}`;
  const frozen = async (build: () => Promise<Caller | null>) => deepFreeze(await build());
  if (changes !== null) {
    const kept = keptUntilChanged<Caller | null>(changes, maxEntries);
    return {
      get: (session: SessionKey, build: () => Promise<Caller | null>): Promise<Caller | null> =>
        kept.get(keyOf(session), () => frozen(build)),
      /** Drops every kept caller: something a caller is built from may have changed. */
      forgetAll: (): void => kept.clear(),
    };
  }
  const kept = new Map<string, Kept>();
  let generation = 0;
  return {
    async get(session: SessionKey, build: () => Promise<Caller | null>): Promise<Caller | null> {
      const key = keyOf(session);
      const hit = kept.get(key);
      if (hit !== undefined && hit.until > now()) return hit.caller;
      if (hit !== undefined) kept.delete(key);
      const asOf = generation;
      const caller = await frozen(build);
      if (asOf === generation) {
        kept.set(key, { caller, until: now() + ttlMs });
        while (kept.size > maxEntries) kept.delete(kept.keys().next().value as string);
      }
      return caller;
    },
    /** Drops every kept caller: something a caller is built from may have changed. */
    forgetAll(): void {
      generation += 1;
      kept.clear();
    },
  };
}

type SessionKey = { id: string; clientId: string | null };

export type CallerCache = ReturnType<typeof createCallerCache>;

/** One caller object serves several requests: none of them may change it for the others. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
