import type { RegistrationRequest } from '@finlens/contracts/auth';
import {
  EMAIL_LINK_PATHS,
  type PasswordChangeRequest,
  type PasswordResetConfirmRequest,
} from '@finlens/contracts/auth';
import type { PasswordContext } from '@finlens/cost-model/password-rules';
import type { AuditLog } from '../../platform/auth/audit-log';
import type { Caller } from '../../platform/auth/caller';
import { isInternalEmail } from '../../platform/auth/caller';
import { decodeUid, type EmailTokens, encodeUid } from '../../platform/auth/email-tokens';
import type { PasswordHasher } from '../../platform/auth/password-hasher';
import { serverPasswordProblems } from '../../platform/auth/password-policy';
import type { SessionStore } from '../../platform/auth/session-store';
import { fieldError, HttpError } from '../../platform/http/http-error';
import type { Mailer } from '../../platform/mail/mailer';
import { accountExistsMail, resetMail, verificationMail } from '../../platform/mail/templates';
import type { AuthRepo } from './auth.repo';

export interface AccountServiceDeps {
  repo: AuthRepo;
  hasher: PasswordHasher;
  tokens: EmailTokens;
  /** Sends after the answer (sendInBackground), so an answer's timing does not tell known addresses apart. */
  mailer: Mailer;
  sessions: SessionStore;
  audit: AuditLog;
  publicUrl: string;
  internalEmailDomains: readonly string[];
  /** A team invitation's set-password link (an address without an account) accepts the invitation. */
  invitations: {
    acceptWithToken(user: { id: string; email: string }, token: string, ip: string): Promise<boolean>;
  };
}

export const INTERNAL_SIGNUP_REFUSED =
  'Internal-user sign-up needs an email address of an internal domain; this installation has none for this address.';
const INVALID_LINK = 'The link is invalid or has expired.';

type Registration = Omit<Required<RegistrationRequest>, 'signup_type'> & { signup_type: string };

/** Sign-up, email verification and the password flows. */
export function createAccountService(deps: AccountServiceDeps) {
  const { repo, hasher, tokens, mailer, audit } = deps;
  const url = (path: string) => `${deps.publicUrl}${path}`;

  function assertPassword(field: string, password: string, context: PasswordContext): void {
    const problems = serverPasswordProblems(password, context);
    if (problems.length > 0) throw fieldError(field, problems);
  }

  async function sendVerification(userId: string, email: string): Promise<void> {
    const key = await tokens.issue({ userId, purpose: 'verify_email' });
    await mailer.send(verificationMail(email, url(EMAIL_LINK_PATHS.verifyEmail(key))));
  }

  async function contextFor(userId: string) {
    const user = await repo.findUserById(userId);
    if (user === undefined) return null;
    const context: PasswordContext = {
      firstName: user.first_name,
      lastName: user.last_name,
      email: user.email,
      companyName: await repo.companyName(user.id),
    };
    return { user, context };
  }

  return {
    /** Same answer whether or not the address is taken (ADR 0002). */
    async register(body: Registration, ip: string): Promise<void> {
      if (body.signup_type === 'internal_user' && !isInternalEmail(body.email, deps.internalEmailDomains)) {
        throw new HttpError(403, INTERNAL_SIGNUP_REFUSED);
      }
      assertPassword('password1', body.password1, {
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        companyName: body.company_name,
      });
      // The same work whether or not the address is taken: hash, then one mail (sent after the answer).
      const passwordHash = await hasher.hash(body.password1);
      if ((await repo.findUserByEmail(body.email)) !== undefined) {
        await mailer.send(accountExistsMail(body.email, url('/accounts/forgot-password/')));
        return;
      }
      const { userId, clientId } = await repo.createUserWithClient({
        email: body.email,
        passwordHash,
        firstName: body.first_name,
        lastName: body.last_name,
        companyName: body.company_name,
      });
      await audit.record({
        event: 'sign_up',
        actorUserId: userId,
        clientId,
        ip,
        detail: { signup_type: body.signup_type },
      });
      await sendVerification(userId, body.email);
    },

    async verifyEmail(key: string, ip: string): Promise<void> {
      const userId = await tokens.consume({ token: key, purpose: 'verify_email' });
      if (userId === null) throw fieldError('key', [INVALID_LINK]);
      await repo.setEmailVerified(userId);
      await audit.record({ event: 'email_verified', actorUserId: userId, ip });
    },

    async resendVerification(email: string): Promise<void> {
      const user = await repo.findUserByEmail(email);
      if (user !== undefined && !user.email_verified && user.password_hash !== null) {
        await sendVerification(user.id, user.email);
      }
    },

    async requestReset(email: string, ip: string): Promise<void> {
      const user = await repo.findUserByEmail(email);
      await audit.record({
        event: 'password_reset_requested',
        subject: email,
        ip,
        actorUserId: user?.id ?? null,
      });
      if (user === undefined || !user.is_active) return;
      const token = await tokens.issue({ userId: user.id, purpose: 'reset_password' });
      await mailer.send(resetMail(user.email, url(EMAIL_LINK_PATHS.resetConfirm(encodeUid(user.id), token))));
    },

    /** Sets the password, verifies the address (the mail reached its owner) and ends every session. */
    async confirmReset(body: PasswordResetConfirmRequest, ip: string): Promise<void> {
      const userId = decodeUid(body.uid);
      const found = userId === null ? null : await contextFor(userId);
      if (found === null) throw fieldError('token', [INVALID_LINK]);
      assertPassword('new_password1', body.new_password1, found.context);
      const consumed =
        (await tokens.consume({ token: body.token, purpose: 'reset_password', userId: found.user.id })) !==
          null ||
        // Only an account without a password takes an invitation's token: it cannot reset someone's password.
        (found.user.password_hash === null &&
          (await deps.invitations.acceptWithToken(found.user, body.token, ip)));
      if (!consumed) throw fieldError('token', [INVALID_LINK]);
      await repo.setPassword(found.user.id, await hasher.hash(body.new_password1), true);
      await deps.sessions.deleteForUser(found.user.id);
      await audit.record({ event: 'password_reset', actorUserId: found.user.id, ip });
    },

    async changePassword(auth: Caller, body: PasswordChangeRequest, ip: string): Promise<void> {
      const found = await contextFor(auth.user.id);
      if (found === null) throw new HttpError(401, 'Authentication credentials were not provided.');
      const current = found.user.password_hash;
      if (current === null || !(await hasher.verify(current, body.old_password))) {
        throw fieldError('old_password', [
          'Your old password was entered incorrectly. Please enter it again.',
        ]);
      }
      assertPassword('new_password1', body.new_password1, found.context);
      await repo.setPassword(auth.user.id, await hasher.hash(body.new_password1));
      // Other sessions end; this one stays signed in.
      await deps.sessions.deleteForUser(auth.user.id, auth.sessionId);
      await audit.record({
        event: 'password_changed',
        actorUserId: auth.user.id,
        clientId: auth.client?.id ?? null,
        ip,
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
