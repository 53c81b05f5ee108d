import type { Kysely } from 'kysely';
import type { ApiKeyRow, AppTables } from '../../db/tables';

/** API keys of one user in one client. */
export function createApiKeysRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    list(clientId: string, userId: string): Promise<ApiKeyRow[]> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('client_id', '=', clientId)
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },
    create(row: { clientId: string; userId: string; name: string; prefix: string; secretHash: string }) {
      return db
        .insertInto('api_keys')
        .values({
          client_id: row.clientId,
          user_id: row.userId,
          name: row.name,
          prefix: row.prefix,
          secret_hash: row.secretHash,
          last_used_at: null,
          revoked_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** Revokes a live key of this user and client; false when there is none. */
    async revoke(clientId: string, userId: string, id: string): Promise<boolean> {
      const row = await db
        .updateTable('api_keys')
        .set({ revoked_at: new Date() })
        .where('id', '=', id)
        .where('client_id', '=', clientId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type ApiKeysRepo = ReturnType<typeof createApiKeysRepo>;
