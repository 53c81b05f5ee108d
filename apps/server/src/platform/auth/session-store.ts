import type { Kysely } from 'kysely';
import { changeCountOf, keptUntilChanged } from '../../db/app-changes';
import type { AppTables } from '../../db/tables';
import { randomToken, sha256Hex } from './tokens';

export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export interface StoredSession {
  id: string;
  userId: string;
  clientId: string | null;
  csrfToken: string;
}

export interface NewSession extends StoredSession {
  /** The cookie value; only its hash is stored. */
  token: string;
  expiresAt: Date;
}

export interface SessionStore {
  create(args: { userId: string; clientId: string | null }): Promise<NewSession>;
  find(token: string): Promise<StoredSession | null>;
  setClient(sessionId: string, clientId: string): Promise<void>;
  delete(sessionId: string): Promise<void>;
  /** Every session of a user except `keep` (after a password change or reset). */
  deleteForUser(userId: string, keep?: string | null): Promise<void>;
}

/** Sessions kept in memory at most (the longest kept dropped first). */
const KEPT_SESSIONS = 10_000;

/**
 * Sessions in the app database, found by their cookie's token. A found session is kept until the app database
 * changes (`keptUntilChanged`: on the embedded database, whose one writer is this process; never on PostgreSQL), so a
 * signed-in request reads no row while nothing changed, and sign-out, a password change's revocation, a switch of
 * client or any other write make the next request read it again. Expiry is checked on every find.
 */
export function createSessionStore({ db }: { db: Kysely<AppTables> }): SessionStore {
  const kept = keptUntilChanged<(StoredSession & { expiresAt: Date }) | null>(
    changeCountOf(db),
    KEPT_SESSIONS,
  );
  return {
    async create({ userId, clientId }) {
      const token = randomToken();
      const session = {
        id: sha256Hex(token),
        userId,
        clientId,
        csrfToken: randomToken(),
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      };
      await db
        .insertInto('sessions')
        .values({
          id: session.id,
          user_id: userId,
          client_id: clientId,
          csrf_token: session.csrfToken,
          expires_at: session.expiresAt,
        })
        .execute();
      return { ...session, token };
    },
    async find(token) {
      const id = sha256Hex(token);
      const found = await kept.get(id, async () => {
        const row = await db
          .selectFrom('sessions')
          .select(['id', 'user_id', 'client_id', 'csrf_token', 'expires_at'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (row === undefined) return null;
        return {
          id: row.id,
          userId: row.user_id,
          clientId: row.client_id,
          csrfToken: row.csrf_token,
          expiresAt: new Date(row.expires_at),
        };
      });
      if (found === null || found.expiresAt.getTime() <= Date.now()) return null;
      const { expiresAt: _, ...session } = found;
      return session;
    },
    async setClient(sessionId, clientId) {
      await db.updateTable('sessions').set({ client_id: clientId }).where('id', '=', sessionId).execute();
    },
    async delete(sessionId) {
      await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    },
    async deleteForUser(userId, keep = null) {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (keep !== null) query = query.where('id', '!=', keep);
      await query.execute();
    },
  };
}
