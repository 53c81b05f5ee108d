import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import { randomToken, sha256Hex } from './tokens';

export type EmailTokenPurpose = 'verify_email' | 'reset_password';

/** Reset links last an hour (issue 3); verification and invitation links three days. */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 3 * 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

export interface EmailTokens {
  issue(args: { userId: string; purpose: EmailTokenPurpose; ttlMs?: number }): Promise<string>;
  /** Marks the token used and returns its user, or null when unknown, used, expired or for another user. */
  consume(args: { token: string; purpose: EmailTokenPurpose; userId?: string }): Promise<string | null>;
}

export function createEmailTokens({ db }: { db: Kysely<AppTables> }): EmailTokens {
  return {
    async issue({ userId, purpose, ttlMs = EMAIL_TOKEN_TTL_MS[purpose] }) {
      const token = randomToken();
      await db
        .insertInto('email_tokens')
        .values({ id: sha256Hex(token), user_id: userId, purpose, expires_at: new Date(Date.now() + ttlMs) })
        .execute();
      return token;
    },
    async consume({ token, purpose, userId }) {
      // One conditional UPDATE: two concurrent uses of a token cannot both succeed.
      let query = db
        .updateTable('email_tokens')
        .set({ used_at: new Date() })
        .where('id', '=', sha256Hex(token))
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date());
      if (userId !== undefined) query = query.where('user_id', '=', userId);
      const row = await query.returning('user_id').executeTakeFirst();
      return row?.user_id ?? null;
    },
  };
}

/** The {uid} of the reset link: the user id, URL-safe (as Django's urlsafe_base64 uid). */
export function encodeUid(userId: string): string {
  return Buffer.from(userId, 'utf8').toString('base64url');
}

export function decodeUid(uid: string): string | null {
  try {
    const decoded = Buffer.from(uid, 'base64url').toString('utf8');
    return decoded === '' ? null : decoded;
  } catch {
    return null;
  }
}
