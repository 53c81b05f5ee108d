import { z } from 'zod';

/** Spec §6: a user is Admin or Member of a client (Profile.is_admin). */
export const MEMBERSHIP_ROLES = ['admin', 'member'] as const;
export const membershipRoleSchema = z.enum(MEMBERSHIP_ROLES);
export type MembershipRole = z.infer<typeof membershipRoleSchema>;

/** Spec §6: partner (solution-provider) users carry a partner_user_role. */
export const PARTNER_USER_ROLES = ['admin', 'member'] as const;
export const partnerUserRoleSchema = z.enum(PARTNER_USER_ROLES);
export type PartnerUserRole = z.infer<typeof partnerUserRoleSchema>;

/**
 * The access rule every server route declares (one place on the server: the route-access registry), from
 * the most open to the most closed. The web uses the same names for its own gates.
 *
 * - anonymous: anyone, signed in or not.
 * - authenticated: a valid session or API key, even with an unverified email (profile, logout, select).
 * - verified: authenticated and the email is verified (403 'Please confirm your email address is verified.').
 * - unrestricted: verified, and not a member of an RBAC-enabled client (spec §6 member_rbac_enabled).
 * - admin: verified and admin of the active client (partner admins count as admins of their clients).
 * - partner: verified partner user (any partner_user_role).
 * - partner_admin: verified partner user with partner_user_role admin.
 */
export const ACCESS_RULES = [
  'anonymous',
  'authenticated',
  'verified',
  'unrestricted',
  'admin',
  'partner',
  'partner_admin',
] as const;
export type AccessRule = (typeof ACCESS_RULES)[number];

/** What the server knows about the caller of a request; the input of every access decision. */
export interface Caller {
  emailVerified: boolean;
  role: MembershipRole | null;
  /** Member of a client with is_rbac_enabled (spec §6). */
  restricted: boolean;
  partnerUserRole: PartnerUserRole | null;
}

export type AccessDecision = 'allow' | 'unauthenticated' | 'unverified' | 'forbidden';

/** Pure access decision for a rule; the server maps it to 401 / 403 with the spec §8 texts. */
export function decideAccess(rule: AccessRule, caller: Caller | null): AccessDecision {
  if (rule === 'anonymous') return 'allow';
  if (caller === null) return 'unauthenticated';
  if (rule === 'authenticated') return 'allow';
  if (!caller.emailVerified) return 'unverified';
  switch (rule) {
    case 'verified':
      return 'allow';
    case 'unrestricted':
      return caller.role !== null && !caller.restricted ? 'allow' : 'forbidden';
    case 'admin':
      return caller.role === 'admin' ? 'allow' : 'forbidden';
    case 'partner':
      return caller.partnerUserRole !== null ? 'allow' : 'forbidden';
    case 'partner_admin':
      return caller.partnerUserRole === 'admin' ? 'allow' : 'forbidden';
  }
}

/** Texts of the 401 and 403 answers (spec §8 reads `detail`). */
export const ACCESS_DETAILS = {
  unauthenticated: 'Authentication credentials were not provided.',
  unverified: 'Please confirm your email address is verified.',
  forbidden: 'You do not have permission to perform this action.',
  csrf: 'CSRF Failed: CSRF token missing or incorrect.',
  throttled: 'Too many sign-in attempts. Try again later.',
} as const;
