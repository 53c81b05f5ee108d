import { EMAIL_LINK_PATHS } from '@finlens/contracts/auth';
import type { MembershipRole } from '@finlens/contracts/roles';
import { signInPathWithNext } from '@finlens/contracts/routes';
import type { MyInvitation, TeamInvitation, TeamMember } from '@finlens/contracts/team';
import type { AuditLog } from '../../platform/auth/audit-log';
import type { Caller, ClientCaller } from '../../platform/auth/caller';
import { encodeUid } from '../../platform/auth/email-tokens';
import { randomToken, sha256Hex } from '../../platform/auth/tokens';
import { HttpError, notFound } from '../../platform/http/http-error';
import type { Mailer } from '../../platform/mail/mailer';
import { invitationMail, invitationToAccountMail } from '../../platform/mail/templates';
import type { TeamRepo } from './team.repo';

/** Invitation links work for a week (and once). */
const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Where an account answers its invitations. */
const SWITCHING_VIEW = '/switching-view/';
type InvitationRow = Awaited<ReturnType<TeamRepo['pendingInvitations']>>[number];

function toInvitation(
  row: Pick<InvitationRow, 'id' | 'email' | 'role' | 'created_at' | 'expires_at'>,
): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  };
}

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
  /** Sends after the answer (sendInBackground): an invitation's answer and timing say nothing about the address. */
  mailer: Mailer;
  audit: AuditLog;
  publicUrl: string;
}

const LAST_ADMIN = 'A client needs at least one admin.';

/** Team members of the caller's active client: invite, set role, remove; invitations and their answers. */
export function createTeamService({ repo, mailer, audit, publicUrl }: TeamServiceDeps) {
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

    /**
     * Invites an address: makes nobody a member and answers the same invitation whether or not the address has
     * an account. An account accepts in the switching view; an address without one gets a set-password link
     * that accepts it (acceptWithToken).
     */
    async invite(
      auth: ClientCaller,
      email: string,
      role: MembershipRole,
      ip: string,
    ): Promise<TeamInvitation> {
      const { clientId } = auth;
      const user = await repo.findUserByEmail(email);
      if (user !== undefined && (await repo.find(clientId, user.id)) !== undefined) {
        throw new HttpError(409, 'This person is already a member.');
      }
      const token = randomToken();
      const row = await repo.replaceInvitation({
        clientId,
        email,
        role,
        invitedBy: auth.user.id,
        tokenHash: sha256Hex(token),
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      });
      const clientName = await repo.clientName(clientId);
      if (user === undefined || user.password_hash === null) {
        // The set-password screen needs a user id: an account without a password, which nothing signs in to.
        const userId = user?.id ?? (await repo.createInvitedUser(email));
        const link = `${publicUrl}${EMAIL_LINK_PATHS.resetConfirm(encodeUid(userId), token)}`;
        await mailer.send(invitationMail(email, link, clientName));
      } else {
        await mailer.send(
          invitationToAccountMail(email, `${publicUrl}${signInPathWithNext(SWITCHING_VIEW)}`, clientName),
        );
      }
      await audit.record({
        event: 'member_invited',
        actorUserId: auth.user.id,
        clientId,
        subject: email,
        ip,
        detail: { role },
      });
      return toInvitation(row);
    },

    async invitations(clientId: string): Promise<TeamInvitation[]> {
      return (await repo.pendingInvitations({ clientId })).map(toInvitation);
    },

    async revokeInvitation(auth: ClientCaller, id: string, ip: string): Promise<void> {
      const { clientId } = auth;
      if ((await repo.endInvitation({ id, clientId }, 'revoked')) === undefined) throw notFound();
      await audit.record({
        event: 'invitation_revoked',
        actorUserId: auth.user.id,
        clientId,
        subject: id,
        ip,
      });
    },

    /** The caller's own pending invitations (by their verified address). */
    async mine(caller: Caller): Promise<MyInvitation[]> {
      return (await repo.pendingInvitations({ email: caller.user.email })).map((row) => ({
        ...toInvitation(row),
        client_id: row.client_id,
        client_name: row.client_name,
      }));
    },

    /** Accept or decline one of the caller's invitations; 404 for anyone else's, an ended or an expired one. */
    async answer(caller: Caller, id: string, outcome: 'accepted' | 'declined', ip: string): Promise<void> {
      const ended = await repo.endInvitation({ id, email: caller.user.email }, outcome);
      if (ended === undefined) throw notFound();
      if (outcome === 'accepted') await repo.addMembership(ended.client_id, caller.user.id, ended.role);
      await audit.record({
        event: outcome === 'accepted' ? 'invitation_accepted' : 'invitation_declined',
        actorUserId: caller.user.id,
        clientId: ended.client_id,
        subject: id,
        ip,
      });
    },

    /**
     * The set-password link of an address without an account: accepts the invitation the token belongs to.
     * False when the token is unknown, used, expired or addressed to someone else.
     */
    async acceptWithToken(user: { id: string; email: string }, token: string, ip: string): Promise<boolean> {
      const ended = await repo.endInvitation({ tokenHash: sha256Hex(token), email: user.email }, 'accepted');
      if (ended === undefined) return false;
      await repo.addMembership(ended.client_id, user.id, ended.role);
      await audit.record({
        event: 'invitation_accepted',
        actorUserId: user.id,
        clientId: ended.client_id,
        subject: user.email,
        ip,
      });
      return true;
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
