import { SSO_PATHS, type SsoSettings, type SsoSettingsUpdate } from '@finlens/contracts/sso';
import * as oidc from 'openid-client';
import type { AuditLog } from '../../platform/auth/audit-log';
import type { ClientCaller } from '../../platform/auth/caller';
import type { NewSession, SessionStore } from '../../platform/auth/session-store';
import type { SecretBox } from '../../platform/crypto/secret-box';
import { fieldError, HttpError, notFound } from '../../platform/http/http-error';
import type { GuardedHttp } from '../../platform/outbound/guarded-http';
import type { SsoRepo } from './sso.repo';

/** What the browser carries (in a signed cookie) from the start of a sign-in to the callback. */
export interface SsoState {
  clientId: string;
  state: string;
  nonce: string;
  verifier: string;
}

export interface SsoServiceDeps {
  repo: SsoRepo;
  box: SecretBox;
  sessions: SessionStore;
  audit: AuditLog;
  publicUrl: string;
  /** Discovery, token and userinfo requests go to a tenant-given issuer: through the outbound guard. */
  http: GuardedHttp;
}

const SCOPE = 'openid email profile';
const secretContext = (clientId: string) => `sso_configs:${clientId}`;
const domainOf = (email: string) => email.split('@')[1]?.toLowerCase() ?? '';

/** OpenID Connect sign-in per client (authorization code + PKCE) with openid-client. */
export function createSsoService({ repo, box, sessions, audit, publicUrl, http }: SsoServiceDeps) {
  const redirectUri = `${publicUrl}${SSO_PATHS.callback}`;

  async function configFor(clientId: string): Promise<oidc.Configuration> {
    const row = await repo.findByClient(clientId);
    if (row === undefined || !row.enabled) throw notFound();
    const secret =
      row.client_secret_sealed === null
        ? undefined
        : box.open(row.client_secret_sealed, secretContext(clientId));
    // Plain http is only ever a provider on this machine (the settings schema refuses other http issuers).
    const options: oidc.DiscoveryRequestOptions = {
      [oidc.customFetch]: http.fetch as oidc.CustomFetch,
      ...(row.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : {}),
    };
    return oidc.discovery(new URL(row.issuer), row.oidc_client_id, secret, undefined, options);
  }

  return {
    /** PUBLIC_URL: the callback URL is rebuilt on it, as registered at the provider. */
    redirectBase: publicUrl,

    async settings(clientId: string): Promise<SsoSettings> {
      const row = await repo.findByClient(clientId);
      return {
        enabled: row?.enabled ?? false,
        issuer: row?.issuer ?? null,
        client_id: row?.oidc_client_id ?? null,
        email_domain: row?.email_domain ?? null,
        has_client_secret: (row?.client_secret_sealed ?? null) !== null,
        redirect_uri: redirectUri,
      };
    },

    async save(auth: ClientCaller, body: SsoSettingsUpdate): Promise<void> {
      const { clientId } = auth;
      const refused = await http.refusedReason(body.issuer);
      if (refused !== null) throw fieldError('issuer', [`Finlens may not reach this issuer: ${refused}.`]);
      if (await repo.domainTakenByOther(body.email_domain, clientId)) {
        throw new HttpError(409, 'Another client already signs in this email domain through SSO.');
      }
      await repo.upsert({
        clientId,
        enabled: body.enabled,
        issuer: body.issuer,
        oidcClientId: body.client_id,
        secretSealed:
          body.client_secret === undefined ? null : box.seal(body.client_secret, secretContext(clientId)),
        emailDomain: body.email_domain,
      });
      await audit.record({
        event: 'client_updated',
        actorUserId: auth.user.id,
        clientId,
        detail: { sso: body.enabled },
      });
    },

    /** Start URL for check_email, or null when the domain has no enabled SSO. */
    async loginUrlFor(email: string): Promise<string | null> {
      const row = await repo.findEnabledByDomain(domainOf(email));
      return row === undefined ? null : `${publicUrl}${SSO_PATHS.start}?email=${encodeURIComponent(email)}`;
    },

    async start(email: string): Promise<{ url: string; state: SsoState }> {
      const row = await repo.findEnabledByDomain(domainOf(email));
      if (row === undefined) throw notFound();
      const config = await configFor(row.client_id);
      const state: SsoState = {
        clientId: row.client_id,
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        state: state.state,
        nonce: state.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(state.verifier),
        code_challenge_method: 'S256',
        login_hint: email,
      });
      return { url: url.href, state };
    },

    /** Exchanges the code, checks the email's domain, provisions the member and opens a session. */
    async callback(currentUrl: URL, saved: SsoState, ip: string): Promise<NewSession> {
      const config = await configFor(saved.clientId);
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: saved.verifier,
        expectedState: saved.state,
        expectedNonce: saved.nonce,
      });
      const idClaims = tokens.claims();
      // Many providers put email and names only in the userinfo answer (OIDC Core 5.4).
      const claims = {
        ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims?.sub ?? oidc.skipSubjectCheck)),
        ...idClaims,
      };
      const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : '';
      const row = await repo.findByClient(saved.clientId);
      if (email === '' || claims.email_verified === false || domainOf(email) !== row?.email_domain) {
        throw new HttpError(403, 'The identity provider did not confirm an email address of this domain.');
      }
      const userId = await repo.provisionMember({
        clientId: saved.clientId,
        email,
        firstName: typeof claims.given_name === 'string' ? claims.given_name : '',
        lastName: typeof claims.family_name === 'string' ? claims.family_name : '',
      });
      const session = await sessions.create({ userId, clientId: saved.clientId });
      await audit.record({
        event: 'sign_in',
        actorUserId: userId,
        clientId: saved.clientId,
        subject: email,
        ip,
        detail: { method: 'sso' },
      });
      return session;
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
