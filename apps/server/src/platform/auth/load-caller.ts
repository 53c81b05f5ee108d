import type { MembershipRole } from '@finlens/contracts/roles';
import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import { type AuthClient, type Caller, isInternalEmail } from './caller';

export interface ClientAccess {
  client: AuthClient;
  role: MembershipRole;
  viaPartner: boolean;
}

/** The clients a user can act in: direct memberships, then the clients of the user's partner. */
export async function accessibleClients(db: Kysely<AppTables>, userId: string): Promise<ClientAccess[]> {
  const direct = await db
    .selectFrom('memberships')
    .innerJoin('clients', 'clients.id', 'memberships.client_id')
    .select([
      'clients.id',
      'clients.name',
      'clients.partner_id',
      'clients.is_rbac_enabled',
      'memberships.role',
    ])
    .where('memberships.user_id', '=', userId)
    .orderBy('memberships.created_at')
    .orderBy('clients.id')
    .execute();
  const viaPartner = await db
    .selectFrom('partner_users')
    .innerJoin('clients', 'clients.partner_id', 'partner_users.partner_id')
    .select([
      'clients.id',
      'clients.name',
      'clients.partner_id',
      'clients.is_rbac_enabled',
      'partner_users.partner_user_role as role',
    ])
    .where('partner_users.user_id', '=', userId)
    .orderBy('clients.created_at')
    .orderBy('clients.id')
    .execute();
  const seen = new Set<string>();
  const result: ClientAccess[] = [];
  for (const [rows, isPartner] of [
    [direct, false],
    [viaPartner, true],
  ] as const) {
    for (const row of rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      result.push({
        client: { id: row.id, name: row.name, partnerId: row.partner_id, isRbacEnabled: row.is_rbac_enabled },
        role: row.role,
        viaPartner: isPartner,
      });
    }
  }
  return result;
}

export interface CallerLoaderDeps {
  db: Kysely<AppTables>;
  internalEmailDomains: readonly string[];
}

/**
 * Builds the one Caller for a user in a wanted client. A stale or foreign client id falls back to the
 * user's first accessible client, so a removed membership never grants access.
 */
export async function loadCaller(
  { db, internalEmailDomains }: CallerLoaderDeps,
  args: { userId: string; clientId: string | null; via: Caller['via']; sessionId: string | null },
): Promise<Caller | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'profile_picture', 'email_verified', 'is_active'])
    .where('id', '=', args.userId)
    .executeTakeFirst();
  if (user === undefined || !user.is_active) return null;
  const partner = await db
    .selectFrom('partner_users')
    .select(['partner_id', 'partner_user_role'])
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  const clients = await accessibleClients(db, user.id);
  const access = clients.find((entry) => entry.client.id === args.clientId) ?? clients[0] ?? null;
  // An API key is bound to its client: no fallback to another one.
  const usable = args.via === 'api_key' && access?.client.id !== args.clientId ? null : access;
  return {
    user: {
      id: user.id,
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
      profilePicture: user.profile_picture,
      emailVerified: user.email_verified,
    },
    client: usable?.client ?? null,
    clientId: usable?.client.id ?? null,
    role: usable?.role ?? null,
    internal: isInternalEmail(user.email, internalEmailDomains),
    isPartnerUser: partner !== undefined,
    partnerUserRole: partner?.partner_user_role ?? null,
    partnerId: partner?.partner_id ?? null,
    restricted: usable !== null && usable.role === 'member' && usable.client.isRbacEnabled,
    via: args.via,
    sessionId: args.sessionId,
  };
}
