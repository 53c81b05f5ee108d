import { createSsoRepo } from '../features/sso/sso.repo';
import { ssoRoutes } from '../features/sso/sso.routes';
import { createSsoService } from '../features/sso/sso.service';
import { createSecretBox } from '../platform/crypto/secret-box';
import type { App } from '../platform/http/app';
import { createGuardedHttp } from '../platform/outbound/guarded-http';
import type { IdentityKit } from './identity-kit';

/** OpenID Connect per client; sign-in asks it for a client's SSO login URL. */
export async function registerSso(app: App, identity: IdentityKit) {
  const ssoService = createSsoService({
    repo: createSsoRepo({ db: identity.db }),
    box: createSecretBox(identity.config.secretKey),
    sessions: identity.sessions,
    audit: identity.audit,
    publicUrl: identity.config.publicUrl,
    http: createGuardedHttp(identity.config.outboundAllow),
  });
  await app.register(ssoRoutes, { ssoService, cookies: identity.cookies });
  return { ssoLoginUrl: ssoService.loginUrlFor };
}
