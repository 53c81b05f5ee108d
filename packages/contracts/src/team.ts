import { z } from 'zod';
import { membershipRoleSchema } from './roles';

/**
 * Team members of the active client (settings tab Team Members), designed in the spec's /c/ style:
 *   GET    /c/team/members/?role=all|admin|member   list (unrestricted members and admins)
 *   POST   /c/team/members/                          invite by email (admin) → 201 member
 *   PATCH  /c/team/members/{user_id}/                set role (admin)
 *   DELETE /c/team/members/{user_id}/                remove from the client (admin) → 204
 *   GET    /c/team/invitations/                      pending invitations (admin)
 *   DELETE /c/team/invitations/{id}/                 revoke one (admin) → 204
 *   GET    /c/invitations/                           the caller's own pending invitations (switching view)
 *   POST   /c/invitations/{id}/accept/ | decline/    the invited user answers → 204
 * Inviting makes nobody a member: it answers the same invitation (email, role, dates) whether or not the
 * address has an account, and mails it after the answer. An address with an account accepts in the switching
 * view; an address without one gets a link to the set-password screen (`/accounts/reset-password/confirm/…`),
 * and setting the password there accepts the invitation and verifies the email. Invitation links work once and
 * expire after 7 days. The last admin of a client cannot be demoted or removed (409).
 */
export const TEAM_PATHS = {
  members: '/c/team/members/',
  member: (userId: string) => `/c/team/members/${userId}/`,
  invitations: '/c/team/invitations/',
  invitation: (id: string) => `/c/team/invitations/${id}/`,
  mine: '/c/invitations/',
  accept: (id: string) => `/c/invitations/${id}/accept/`,
  decline: (id: string) => `/c/invitations/${id}/decline/`,
} as const;

/** Spec §2 user filters All Users, Admins, Members. ("Policies" filters projects, see policy.ts.) */
export const teamMembersQuerySchema = z.object({ role: z.enum(['all', 'admin', 'member']).default('all') });
export type TeamMembersQuery = z.input<typeof teamMembersQuerySchema>;

export const teamMemberSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: membershipRoleSchema,
  email_verified: z.boolean(),
  /** Invited and has not set a password yet. */
  invitation_pending: z.boolean(),
  joined_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamMembersSchema = z.array(teamMemberSchema);

export const inviteMemberRequestSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address.')),
  role: membershipRoleSchema.default('member'),
});
export type InviteMemberRequest = z.input<typeof inviteMemberRequestSchema>;

export const updateMemberRequestSchema = z.object({ role: membershipRoleSchema });
export type UpdateMemberRequest = z.infer<typeof updateMemberRequestSchema>;

export const memberParamsSchema = z.object({ user_id: z.string().min(1) });

/** A pending invitation as its client's admins see it: nothing about the address's account. */
export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: membershipRoleSchema,
  invited_at: z.string(),
  expires_at: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;
export const teamInvitationsSchema = z.array(teamInvitationSchema);

/** A pending invitation as the invited user sees it in the switching view. */
export const myInvitationSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  client_name: z.string(),
  role: membershipRoleSchema,
  invited_at: z.string(),
  expires_at: z.string(),
});
export type MyInvitation = z.infer<typeof myInvitationSchema>;
export const myInvitationsSchema = z.array(myInvitationSchema);

export const invitationParamsSchema = z.object({ id: z.string().uuid('Not a valid id.') });
