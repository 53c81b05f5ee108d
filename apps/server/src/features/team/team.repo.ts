import type { Kysely } from 'kysely';
import type { AppTables, TeamInvitationsTable } from '../../db/tables';

type Outcome = NonNullable<TeamInvitationsTable['outcome']>;

/** Memberships of one client with their users. */
export function createTeamRepo({ db }: { db: Kysely<AppTables> }) {
  const members = (clientId: string) =>
    db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select([
        'users.id as user_id',
        'users.email',
        'users.first_name',
        'users.last_name',
        'users.email_verified',
        'users.password_hash',
        'users.last_login_at',
        'memberships.role',
        'memberships.created_at',
      ])
      .where('memberships.client_id', '=', clientId);

  return {
    list(clientId: string, role?: 'admin' | 'member') {
      let query = members(clientId);
      if (role !== undefined) query = query.where('memberships.role', '=', role);
      return query.orderBy('users.email').execute();
    },
    find(clientId: string, userId: string) {
      return members(clientId).where('users.id', '=', userId).executeTakeFirst();
    },
    async adminCount(clientId: string): Promise<number> {
      const row = await db
        .selectFrom('memberships')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('client_id', '=', clientId)
        .where('role', '=', 'admin')
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
    findUserByEmail(email: string) {
      return db
        .selectFrom('users')
        .select(['id', 'password_hash'])
        .where('email', '=', email)
        .executeTakeFirst();
    },
    async createInvitedUser(email: string): Promise<string> {
      const row = await db
        .insertInto('users')
        .values({ email, password_hash: null, profile_picture: null, last_login_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async addMembership(clientId: string, userId: string, role: 'admin' | 'member'): Promise<void> {
      await db
        .insertInto('memberships')
        .values({ client_id: clientId, user_id: userId, role })
        .onConflict((oc) => oc.columns(['client_id', 'user_id']).doNothing())
        .execute();
    },

    /** A new pending invitation; an earlier pending one to the same address ends (its link stops working). */
    async replaceInvitation(values: {
      clientId: string;
      email: string;
      role: 'admin' | 'member';
      invitedBy: string;
      tokenHash: string;
      expiresAt: Date;
    }) {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('team_invitations')
          .set({ ended_at: new Date(), outcome: 'revoked' })
          .where('client_id', '=', values.clientId)
          .where('email', '=', values.email)
          .where('ended_at', 'is', null)
          .execute();
        return trx
          .insertInto('team_invitations')
          .values({
            client_id: values.clientId,
            email: values.email,
            role: values.role,
            invited_by: values.invitedBy,
            token_hash: values.tokenHash,
            expires_at: values.expiresAt,
          })
          .returning(['id', 'email', 'role', 'created_at', 'expires_at'])
          .executeTakeFirstOrThrow();
      });
    },
    /** Pending invitations (not ended, not expired) of a client, or addressed to an email. */
    pendingInvitations(by: { clientId: string } | { email: string }) {
      let query = db
        .selectFrom('team_invitations')
        .innerJoin('clients', 'clients.id', 'team_invitations.client_id')
        .select([
          'team_invitations.id',
          'team_invitations.client_id',
          'clients.name as client_name',
          'team_invitations.email',
          'team_invitations.role',
          'team_invitations.created_at',
          'team_invitations.expires_at',
        ])
        .where('team_invitations.ended_at', 'is', null)
        .where('team_invitations.expires_at', '>', new Date());
      query =
        'clientId' in by
          ? query.where('team_invitations.client_id', '=', by.clientId)
          : query.where('team_invitations.email', '=', by.email);
      return query.orderBy('team_invitations.created_at', 'desc').execute();
    },
    /**
     * Ends one pending invitation (one conditional UPDATE, so it is used once even when two answers race) and
     * returns its client and role; undefined when it is unknown, ended, expired or not the given one's.
     */
    endInvitation(
      match: { id: string; email?: string; clientId?: string } | { tokenHash: string; email: string },
      outcome: Outcome,
    ) {
      let query = db
        .updateTable('team_invitations')
        .set({ ended_at: new Date(), outcome })
        .where('ended_at', 'is', null)
        .where('expires_at', '>', new Date());
      if ('tokenHash' in match) query = query.where('token_hash', '=', match.tokenHash);
      else query = query.where('id', '=', match.id);
      if (match.email !== undefined) query = query.where('email', '=', match.email);
      if ('clientId' in match && match.clientId !== undefined)
        query = query.where('client_id', '=', match.clientId);
      return query.returning(['client_id', 'role']).executeTakeFirst();
    },
    async setRole(clientId: string, userId: string, role: 'admin' | 'member'): Promise<void> {
      await db
        .updateTable('memberships')
        .set({ role })
        .where('client_id', '=', clientId)
        .where('user_id', '=', userId)
        .execute();
    },
    async remove(clientId: string, userId: string): Promise<void> {
      await db
        .deleteFrom('memberships')
        .where('client_id', '=', clientId)
        .where('user_id', '=', userId)
        .execute();
    },
    async clientName(clientId: string): Promise<string> {
      const row = await db.selectFrom('clients').select('name').where('id', '=', clientId).executeTakeFirst();
      return row?.name ?? '';
    },
  };
}

export type TeamRepo = ReturnType<typeof createTeamRepo>;
