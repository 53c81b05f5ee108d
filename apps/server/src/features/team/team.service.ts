import { EMAIL_LINK_PATHS } from '@finlens/contracts/auth';
import type { MembershipRole } from '@finlens/contracts/roles';
import { SIGN_IN_PATH } from '@finlens/contracts/routes';
import type { TeamMember } from '@finlens/contracts/team';
import type { AuditLog } from '../../platform/auth/audit-log';
import type { ClientCaller } from '../../platform/auth/caller';
import { EMAIL_TOKEN_TTL_MS, type EmailTokens, encodeUid } from '../../platform/auth/email-tokens';
import { HttpError, notFound } from '../../platform/http/http-error';
import type { Mailer } from '../../platform/mail/mailer';
import { addedToClientMail, invitationMail } from '../../platform/mail/templates';
import type { TeamRepo } from './team.repo';

type MemberRow = NonNullable<Awaited<ReturnType<TeamRepo['find']>>>;

function toMember(row: MemberRow): TeamMember {
  return {
    user_id: row.user_id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    role: row.role,
    email_verified: row.email_verified,
    invitation_pending: row.password_hash === null,
    joined_at: row.created_at.toISOString(),
    last_login_at: row.last_login_at?.toISOString() ?? null,
  };
}

export interface TeamServiceDeps {
  repo: TeamRepo;
  tokens: EmailTokens;
  mailer: Mailer;
  audit: AuditLog;
  publicUrl: string;
}

const LAST_ADMIN = 'A client needs at least one admin.';

/** Team members of the caller's active client: invite, set role, remove. */
export function createTeamService({ repo, tokens, mailer, audit, publicUrl }: TeamServiceDeps) {
  async function existing(clientId: string, userId: string): Promise<MemberRow> {
    const row = await repo.find(clientId, userId);
    if (row === undefined) throw notFound();
    return row;
  }

  async function assertNotLastAdmin(clientId: string, row: MemberRow): Promise<void> {
    if (row.role === 'admin' && (await repo.adminCount(clientId)) <= 1) throw new HttpError(409, LAST_ADMIN);
  }

  return {
    async list(clientId: string, role: 'all' | MembershipRole): Promise<TeamMember[]> {
      return (await repo.list(clientId, role === 'all' ? undefined : role)).map(toMember);
    },

    async invite(auth: ClientCaller, email: string, role: MembershipRole, ip: string) {
      const { clientId } = auth;
      const user = await repo.findUserByEmail(email);
      if (user !== undefined && (await repo.find(clientId, user.id)) !== undefined) {
        throw new HttpError(409, 'This person is already a member.');
      }
      const userId = user?.id ?? (await repo.createInvitedUser(email));
      await repo.addMembership(clientId, userId, role);
      const clientName = await repo.clientName(clientId);
      if (user === undefined || user.password_hash === null) {
        const token = await tokens.issue({
          userId,
          purpose: 'reset_password',
          ttlMs: EMAIL_TOKEN_TTL_MS.verify_email,
        });
        const link = `${publicUrl}${EMAIL_LINK_PATHS.resetConfirm(encodeUid(userId), token)}`;
        await mailer.send(invitationMail(email, link, clientName));
      } else {
        await mailer.send(addedToClientMail(email, `${publicUrl}${SIGN_IN_PATH}`, clientName));
      }
      await audit.record({
        event: 'member_invited',
        actorUserId: auth.user.id,
        clientId,
        subject: email,
        ip,
        detail: { role },
      });
      return toMember(await existing(clientId, userId));
    },

    async setRole(auth: ClientCaller, userId: string, role: MembershipRole, ip: string) {
      const { clientId } = auth;
      const row = await existing(clientId, userId);
      if (row.role !== role) {
        if (role === 'member') await assertNotLastAdmin(clientId, row);
        await repo.setRole(clientId, userId, role);
        await audit.record({
          event: 'role_changed',
          actorUserId: auth.user.id,
          clientId,
          subject: userId,
          ip,
          detail: { from: row.role, to: role },
        });
      }
      return toMember(await existing(clientId, userId));
    },

    async remove(auth: ClientCaller, userId: string, ip: string): Promise<void> {
      const { clientId } = auth;
      const row = await existing(clientId, userId);
      await assertNotLastAdmin(clientId, row);
      await repo.remove(clientId, userId);
      await audit.record({
        event: 'member_removed',
        actorUserId: auth.user.id,
        clientId,
        subject: userId,
        ip,
      });
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
