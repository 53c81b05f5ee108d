import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';

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
      await db.insertInto('memberships').values({ client_id: clientId, user_id: userId, role }).execute();
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
