import type { MembershipRole, PartnerUserRole } from '@finlens/contracts/roles';

export interface AuthUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  profilePicture: string | null;
  emailVerified: boolean;
}

export interface AuthClient {
  id: string;
  name: string;
  partnerId: string | null;
  isRbacEnabled: boolean;
}

/** Who is calling, as routes see it on `request.auth` (null for an anonymous request). */
export interface RequestAuth {
  user: AuthUser;
  /** The active client; null when the user has none (e.g. a partner user before choosing one). */
  client: AuthClient | null;
  role: MembershipRole | null;
  isPartnerUser: boolean;
  partnerUserRole: PartnerUserRole | null;
  partnerId: string | null;
  /** A member of an RBAC-enabled client (spec §6 member_rbac_enabled). */
  restricted: boolean;
  via: 'session' | 'api_key';
  /** Set when `via` is session. */
  sessionId: string | null;
}

/** The caller of a route whose access rule is at least `authenticated` (the hook already refused others). */
export function authOf(request: { auth: RequestAuth | null }): RequestAuth {
  if (request.auth === null)
    throw Object.assign(new Error('Authentication credentials were not provided.'), { statusCode: 401 });
  return request.auth;
}

/** The caller and the active client every tenant query filters by; 403 when the caller has no client. */
export function clientScopeOf(request: { auth: RequestAuth | null }): {
  auth: RequestAuth;
  clientId: string;
} {
  const auth = authOf(request);
  if (auth.client === null) {
    throw Object.assign(new Error('You do not have permission to perform this action.'), { statusCode: 403 });
  }
  return { auth, clientId: auth.client.id };
}
