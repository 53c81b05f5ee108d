import type { Kysely } from 'kysely';
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

export function createSessionStore({ db }: { db: Kysely<AppTables> }): SessionStore {
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
      const row = await db
        .selectFrom('sessions')
        .select(['id', 'user_id', 'client_id', 'csrf_token'])
        .where('id', '=', sha256Hex(token))
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
      if (row === undefined) return null;
      return { id: row.id, userId: row.user_id, clientId: row.client_id, csrfToken: row.csrf_token };
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
