import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import { randomToken, safeEqual, sha256Hex } from './tokens';

const KEY_PREFIX = 'fl_';
const PREFIX_LENGTH = 12;

export interface ApiKeyAuthenticator {
  /** The key's user and client, or null for an unknown, malformed or revoked key. */
  authenticate(key: string): Promise<{ userId: string; clientId: string } | null>;
}

/** A new key: `fl_<12-char lookup prefix><secret>`; only the prefix and the SHA-256 of the whole key are stored. */
export function generateApiKey(): { key: string; prefix: string; secretHash: string } {
  const body = randomToken(32).replace(/[-_]/g, '');
  const key = `${KEY_PREFIX}${body}`;
  return { key, prefix: key.slice(0, KEY_PREFIX.length + PREFIX_LENGTH), secretHash: sha256Hex(key) };
}

export function createApiKeyAuthenticator({ db }: { db: Kysely<AppTables> }): ApiKeyAuthenticator {
  return {
    async authenticate(key) {
      if (!key.startsWith(KEY_PREFIX) || key.length < KEY_PREFIX.length + PREFIX_LENGTH + 16) return null;
      const row = await db
        .selectFrom('api_keys')
        .select(['id', 'user_id', 'client_id', 'secret_hash'])
        .where('prefix', '=', key.slice(0, KEY_PREFIX.length + PREFIX_LENGTH))
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (row === undefined || !safeEqual(row.secret_hash, sha256Hex(key))) return null;
      await db.updateTable('api_keys').set({ last_used_at: new Date() }).where('id', '=', row.id).execute();
      return { userId: row.user_id, clientId: row.client_id };
    },
  };
}
