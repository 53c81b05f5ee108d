import type { MembershipRole, PartnerUserRole } from '@finlens/contracts/roles';
import { HttpError } from '../http/http-error';

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

/**
 * Who is calling: the one caller the auth hook builds for every request (`request.caller`, null when
 * anonymous) and every route hands to its service.
 */
export interface Caller {
  user: AuthUser;
  /** The active client; null when the user has none (e.g. a partner user before choosing one). */
  client: AuthClient | null;
  /** `client.id`, the tenant every client query filters by; null with no client. */
  clientId: string | null;
  /** The role in the active client (a partner user's partner role there); null with no client. */
  role: MembershipRole | null;
  /** A user of one of INTERNAL_EMAIL_DOMAINS (spec §6: extra granularity options and menus). */
  internal: boolean;
  isPartnerUser: boolean;
  partnerUserRole: PartnerUserRole | null;
  partnerId: string | null;
  /** A member of an RBAC-enabled client (spec §6 member_rbac_enabled). */
  restricted: boolean;
  via: 'session' | 'api_key';
  /** Set when `via` is session. */
  sessionId: string | null;
}

/** A caller acting in a client: what every tenant route and service works with. */
export interface ClientCaller extends Caller {
  client: AuthClient;
  clientId: string;
  role: MembershipRole;
}

interface WithCaller {
  caller: Caller | null;
}

/** The caller of a route whose access rule is at least `authenticated` (the hook already refused others). */
export function callerOf(request: WithCaller): Caller {
  if (request.caller === null) throw new HttpError(401, 'Authentication credentials were not provided.');
  return request.caller;
}

/** The caller of a tenant route; 403 when the caller has no active client. */
export function clientCallerOf(request: WithCaller): ClientCaller {
  const caller = callerOf(request);
  if (!hasClient(caller)) throw new HttpError(403, 'You do not have permission to perform this action.');
  return caller;
}

export function hasClient(caller: Caller): caller is ClientCaller {
  return caller.client !== null && caller.clientId !== null && caller.role !== null;
}

/** Whether an email belongs to one of the installation's internal domains (spec §6). */
export function isInternalEmail(email: string, domains: readonly string[]): boolean {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  return domains.includes(domain);
}
