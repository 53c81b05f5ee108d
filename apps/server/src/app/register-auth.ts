import { createAccountService } from '../features/auth/account.service';
import { createAuthRepo } from '../features/auth/auth.repo';
import { authRoutes } from '../features/auth/auth.routes';
import { type AuthServiceDeps, createAuthService } from '../features/auth/auth.service';
import { dummyHash } from '../platform/auth/password-hasher';
import type { App } from '../platform/http/app';
import type { IdentityKit } from './identity-kit';
import { teamServiceFor } from './register-team';

/** Sign-up, sign-in and out, the session's client, e-mail verification, password reset. */
export async function registerAuth(
  app: App,
  identity: IdentityKit & { ssoLoginUrl: AuthServiceDeps['ssoLoginUrl'] },
): Promise<void> {
  const { db, config, audit, hasher, sessions } = identity;
  const repo = createAuthRepo({ db });
  const common = { audit, internalEmailDomains: config.internalEmailDomains };
  await app.register(authRoutes, {
    callers: { db, internalEmailDomains: config.internalEmailDomains },
    cookies: identity.cookies,
    authService: createAuthService({
      ...common,
      db,
      repo,
      sessions,
      hasher,
      dummyHash: dummyHash(hasher),
      ssoLoginUrl: identity.ssoLoginUrl,
    }),
    accountService: createAccountService({
      ...common,
      repo,
      hasher,
      tokens: identity.tokens,
      mailer: identity.accountMailer,
      sessions,
      invitations: teamServiceFor(identity),
      publicUrl: config.publicUrl,
    }),
  });
}
