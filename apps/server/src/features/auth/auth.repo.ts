import type { Kysely } from 'kysely';
import type { AppTables, UserRow } from '../../db/tables';

/** Storage of users and their first client; no rules here. */
export function createAuthRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    findUserByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },
    findUserById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** The user and a client of which they are the first admin, in one transaction. */
    async createUserWithClient(args: {
      email: string;
      passwordHash: string;
      firstName: string;
      lastName: string;
      companyName: string;
    }): Promise<{ userId: string; clientId: string }> {
      return db.transaction().execute(async (trx) => {
        const user = await trx
          .insertInto('users')
          .values({
            email: args.email,
            password_hash: args.passwordHash,
            first_name: args.firstName,
            last_name: args.lastName,
            profile_picture: null,
            last_login_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const client = await trx
          .insertInto('clients')
          .values({ name: args.companyName, partner_id: null, azure_billing_currency: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('memberships')
          .values({ client_id: client.id, user_id: user.id, role: 'admin' })
          .execute();
        return { userId: user.id, clientId: client.id };
      });
    },
    async setEmailVerified(userId: string): Promise<void> {
      await db.updateTable('users').set({ email_verified: true }).where('id', '=', userId).execute();
    },
    async setPassword(userId: string, passwordHash: string, verifyEmail = false): Promise<void> {
      await db
        .updateTable('users')
        .set(
          verifyEmail
            ? { password_hash: passwordHash, email_verified: true }
            : { password_hash: passwordHash },
        )
        .where('id', '=', userId)
        .execute();
    },
    async updateProfile(
      userId: string,
      patch: { first_name?: string; last_name?: string; profile_picture?: string | null },
    ): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      await db.updateTable('users').set(patch).where('id', '=', userId).execute();
    },
    async touchLastLogin(userId: string): Promise<void> {
      await db.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', userId).execute();
    },
    async projectCount(clientId: string): Promise<number> {
      const row = await db
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
    async companyName(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('memberships')
        .innerJoin('clients', 'clients.id', 'memberships.client_id')
        .select('clients.name')
        .where('memberships.user_id', '=', userId)
        .orderBy('memberships.created_at')
        .executeTakeFirst();
      return row?.name ?? null;
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
