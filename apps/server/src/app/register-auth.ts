import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import { createAdminRepo } from '../../features/admin/admin.repo';
import { adminRoutes } from '../../features/admin/admin.routes';
import { createAdminService } from '../../features/admin/admin.service';
import { partnerRoutes } from '../../features/admin/partner.routes';
import { createPartnerService } from '../../features/admin/partner.service';
import { createApiKeysRepo } from '../../features/api-keys/api-keys.repo';
import { apiKeysRoutes } from '../../features/api-keys/api-keys.routes';
import { createApiKeysService } from '../../features/api-keys/api-keys.service';
import { createAccountService } from '../../features/auth/account.service';
import { createAuthRepo } from '../../features/auth/auth.repo';
import { authRoutes } from '../../features/auth/auth.routes';
import { createAuthService } from '../../features/auth/auth.service';
import { paymentRoutes } from '../../features/payment/payment.routes';
import { createPaymentService } from '../../features/payment/payment.service';
import { createPolicyRepo } from '../../features/policy/policy.repo';
import { policyRoutes } from '../../features/policy/policy.routes';
import { createPolicyService } from '../../features/policy/policy.service';
import { createSsoRepo } from '../../features/sso/sso.repo';
import { ssoRoutes } from '../../features/sso/sso.routes';
import { createSsoService } from '../../features/sso/sso.service';
import { createTeamRepo } from '../../features/team/team.repo';
import { teamRoutes } from '../../features/team/team.routes';
import { createTeamService } from '../../features/team/team.service';
import { createApiKeyAuthenticator } from '../auth/api-key-auth';
import { createAuditLog } from '../auth/audit-log';
import { registerAuthHook } from '../auth/auth-hook';
import { createEmailTokens } from '../auth/email-tokens';
import { createArgon2Hasher, dummyHash } from '../auth/password-hasher';
import { cookiePolicyFor } from '../auth/session-cookies';
import { createSessionStore } from '../auth/session-store';
import type { AppConfig } from '../config';
import { createSecretBox } from '../crypto/secret-box';
import { createMailer, type Mailer } from '../mail/mailer';
import type { App } from './build-app';

export interface IdentityDeps {
  config: Pick<AppConfig, 'publicUrl' | 'smtpUrl' | 'dataDir' | 'supportEmail' | 'internalEmailDomains'> & {
    secretKey: string;
  };
  db: Kysely<AppTables>;
  logger: FastifyBaseLogger;
  /** Tests may pass their own; by default SMTP_URL or the outbox. */
  mailer?: Mailer;
}

/** The auth hook (sessions, API keys, CSRF, access rules) and the identity features of issue 3. */
export async function registerIdentity(app: App, deps: IdentityDeps): Promise<void> {
  const { db, config } = deps;
  const cookies = cookiePolicyFor(config.publicUrl);
  const sessions = createSessionStore({ db });
  const audit = createAuditLog({ db });
  const hasher = createArgon2Hasher();
  const tokens = createEmailTokens({ db });
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      dataDir: config.dataDir,
      from: config.supportEmail,
      logger: deps.logger,
    });
  registerAuthHook(app, { db, sessions, apiKeys: createApiKeyAuthenticator({ db }), cookies });

  const ssoService = createSsoService({
    repo: createSsoRepo({ db }),
    box: createSecretBox(config.secretKey),
    sessions,
    audit,
    publicUrl: config.publicUrl,
  });
  await app.register(ssoRoutes, { ssoService, cookies });

  const authRepo = createAuthRepo({ db });
  const common = { audit, internalEmailDomains: config.internalEmailDomains };
  await app.register(authRoutes, {
    db,
    cookies,
    authService: createAuthService({
      ...common,
      db,
      repo: authRepo,
      sessions,
      hasher,
      dummyHash: dummyHash(hasher),
      ssoLoginUrl: ssoService.loginUrlFor,
    }),
    accountService: createAccountService({
      ...common,
      repo: authRepo,
      hasher,
      tokens,
      mailer,
      sessions,
      publicUrl: config.publicUrl,
    }),
  });
  const adminRepo = createAdminRepo({ db });
  await app.register(adminRoutes, { adminService: createAdminService({ db, repo: adminRepo, audit }) });
  await app.register(partnerRoutes, { partnerService: createPartnerService({ repo: adminRepo }) });
  await app.register(teamRoutes, {
    teamService: createTeamService({
      repo: createTeamRepo({ db }),
      tokens,
      mailer,
      audit,
      publicUrl: config.publicUrl,
    }),
  });
  await app.register(apiKeysRoutes, {
    apiKeysService: createApiKeysService({ repo: createApiKeysRepo({ db }), audit }),
  });
  await app.register(policyRoutes, {
    policyService: createPolicyService({ repo: createPolicyRepo({ db }) }),
  });
  await app.register(paymentRoutes, { paymentService: createPaymentService({ db }) });
}
