import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { type AuditLog, createAuditLog } from '../platform/auth/audit-log';
import { createEmailTokens, type EmailTokens } from '../platform/auth/email-tokens';
import { createArgon2Hasher, type PasswordHasher } from '../platform/auth/password-hasher';
import { type CookiePolicy, cookiePolicyFor } from '../platform/auth/session-cookies';
import { createSessionStore, type SessionStore } from '../platform/auth/session-store';
import type { AppConfig } from '../platform/config';
import { createMailer, type Mailer, sendInBackground } from '../platform/mail/mailer';

export type IdentityConfig = Pick<
  AppConfig,
  'publicUrl' | 'smtpUrl' | 'dataDir' | 'supportEmail' | 'internalEmailDomains' | 'outboundAllow'
> & { secretKey: string };

/** What the auth hook and the identity features (sso, auth, admin, team, api-keys) share: one of each per app. */
export interface IdentityKit {
  db: Kysely<AppTables>;
  config: IdentityConfig;
  cookies: CookiePolicy;
  sessions: SessionStore;
  audit: AuditLog;
  hasher: PasswordHasher;
  tokens: EmailTokens;
  /** SMTP_URL or the outbox. */
  mailer: Mailer;
  /** The same, sent after the answer: the anonymous account flows (no enumeration by timing). */
  accountMailer: Mailer;
}

export function createIdentityKit({
  config,
  db,
  logger,
}: {
  config: IdentityConfig;
  db: Kysely<AppTables>;
  logger: FastifyBaseLogger;
}): IdentityKit {
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    from: config.supportEmail,
    logger,
  });
  return {
    db,
    config,
    cookies: cookiePolicyFor(config.publicUrl),
    sessions: createSessionStore({ db }),
    audit: createAuditLog({ db }),
    hasher: createArgon2Hasher(),
    tokens: createEmailTokens({ db }),
    mailer,
    accountMailer: sendInBackground(mailer, logger),
  };
}
