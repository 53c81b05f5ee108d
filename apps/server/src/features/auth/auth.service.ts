import type { CheckEmailResponse, Profile, ProfileUpdate } from '@finlens/contracts/auth';
import { ACCESS_DETAILS } from '@finlens/contracts/roles';
import { isValidEmail } from '@finlens/cost-model/password-rules';
import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { AuditLog } from '../../platform/auth/audit-log';
import type { Caller } from '../../platform/auth/caller';
import { accessibleClients } from '../../platform/auth/load-caller';
import type { PasswordHasher } from '../../platform/auth/password-hasher';
import type { NewSession, SessionStore } from '../../platform/auth/session-store';
import { HttpError } from '../../platform/http/http-error';
import type { AuthRepo } from './auth.repo';
import { SIGN_IN_BACKOFF, signInWaitMs } from './sign-in-backoff';

export const BAD_CREDENTIALS = 'Unable to log in with provided credentials.';

export interface AuthServiceDeps {
  db: Kysely<AppTables>;
  repo: AuthRepo;
  sessions: SessionStore;
  hasher: PasswordHasher;
  audit: AuditLog;
  /** Verified against when no user matches, so unknown emails take as long as wrong passwords. */
  dummyHash: Promise<string>;
  /** SSO start URL for an email's domain, or null (features/sso). */
  ssoLoginUrl: (email: string) => Promise<string | null>;
}

/** Sign-in, sign-out, client switching and the profile. */
export function createAuthService(deps: AuthServiceDeps) {
  const { repo, sessions, hasher, audit } = deps;

  async function profile(auth: Caller): Promise<Profile> {
    const projects = auth.client === null ? 0 : await repo.projectCount(auth.client.id);
    return {
      id: auth.user.id,
      client_id: auth.client?.id ?? null,
      email: auth.user.email,
      first_name: auth.user.firstName,
      last_name: auth.user.lastName,
      has_project: projects > 0,
      is_admin: auth.role === 'admin',
      is_partner_user: auth.isPartnerUser,
      partner_user_role: auth.partnerUserRole,
      profile_picture: auth.user.profilePicture,
      is_hubspot_covered: false,
      email_verified: auth.user.emailVerified,
      member_rbac_enabled: auth.restricted,
      is_internal_user: auth.internal,
    };
  }

  /** Milliseconds this account must wait from this address (sign-in-backoff.ts); 0 lets it try. */
  async function waitMs(email: string, ip: string): Promise<number> {
    const now = new Date();
    const since = new Date(now.getTime() - SIGN_IN_BACKOFF.windowMs);
    const [accountFromAddress, fromAddress] = await Promise.all([
      audit.timesSince({ event: 'sign_in_failed', since, subject: email, ip }),
      audit.timesSince({ event: 'sign_in_failed', since, ip }),
    ]);
    return signInWaitMs({ accountFromAddress, fromAddress, now });
  }

  return {
    profile,

    async updateProfile(auth: Caller, patch: ProfileUpdate): Promise<void> {
      await repo.updateProfile(auth.user.id, patch);
    },

    /** Never reveals whether an account exists (ADR 0002). */
    async checkEmail(email: string): Promise<CheckEmailResponse> {
      const valid = isValidEmail(email);
      return { email, valid_format: valid, sso_login_url: valid ? await deps.ssoLoginUrl(email) : null };
    },

    async login({
      email,
      password,
      ip,
    }: {
      email: string;
      password: string;
      ip: string;
    }): Promise<NewSession> {
      const wait = await waitMs(email, ip);
      if (wait > 0) {
        await audit.record({ event: 'sign_in_throttled', subject: email, ip });
        throw new HttpError(429, ACCESS_DETAILS.throttled, undefined, {
          'retry-after': String(Math.ceil(wait / 1000)),
        });
      }
      const user = await repo.findUserByEmail(email);
      const hash = user?.password_hash ?? (await deps.dummyHash);
      const ok =
        (await hasher.verify(hash, password)) &&
        user !== undefined &&
        user.is_active &&
        user.password_hash !== null;
      if (!ok || user === undefined) {
        await audit.record({ event: 'sign_in_failed', subject: email, ip, actorUserId: user?.id ?? null });
        throw new HttpError(400, BAD_CREDENTIALS, { non_field_errors: [BAD_CREDENTIALS] });
      }
      const first = (await accessibleClients(deps.db, user.id))[0] ?? null;
      const session = await sessions.create({ userId: user.id, clientId: first?.client.id ?? null });
      await repo.touchLastLogin(user.id);
      await audit.record({
        event: 'sign_in',
        actorUserId: user.id,
        clientId: session.clientId,
        subject: email,
        ip,
      });
      return session;
    },

    async logout(auth: Caller, ip: string): Promise<void> {
      if (auth.sessionId !== null) await sessions.delete(auth.sessionId);
      await audit.record({
        event: 'sign_out',
        actorUserId: auth.user.id,
        clientId: auth.client?.id ?? null,
        ip,
      });
    },

    /** POST /c/select/: a client the user can reach becomes the session's active client; others are 404. */
    async selectClient(auth: Caller, clientId: string, ip: string): Promise<void> {
      const reachable = await accessibleClients(deps.db, auth.user.id);
      if (!reachable.some((entry) => entry.client.id === clientId)) throw new HttpError(404, 'Not found.');
      if (auth.sessionId === null) {
        throw new HttpError(400, 'An API key is bound to its client; switch clients in a signed-in session.');
      }
      await sessions.setClient(auth.sessionId, clientId);
      await audit.record({ event: 'client_switched', actorUserId: auth.user.id, clientId, ip });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
