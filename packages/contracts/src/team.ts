import { z } from 'zod';
import { membershipRoleSchema } from './roles';

/**
 * Team members of the active client (settings tab Team Members), designed in the spec's /c/ style:
 *   GET    /c/team/members/?role=all|admin|member   list (unrestricted members and admins)
 *   POST   /c/team/members/                          invite by email (admin) → 201 member
 *   PATCH  /c/team/members/{user_id}/                set role (admin)
 *   DELETE /c/team/members/{user_id}/                remove from the client (admin) → 204
 * An invited address without an account gets one (unverified, no password) and an invitation mail whose
 * link is the password-reset confirm screen; setting the password there verifies the email. The last
 * admin of a client cannot be demoted or removed (409).
 */
export const TEAM_PATHS = {
  members: '/c/team/members/',
  member: (userId: string) => `/c/team/members/${userId}/`,
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
