import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';

/** SSO settings per client and the users SSO signs in. */
export function createSsoRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    findByClient(clientId: string) {
      return db.selectFrom('sso_configs').selectAll().where('client_id', '=', clientId).executeTakeFirst();
    },
    findEnabledByDomain(domain: string) {
      return db
        .selectFrom('sso_configs')
        .selectAll()
        .where('email_domain', '=', domain)
        .where('enabled', '=', true)
        .executeTakeFirst();
    },
    async domainTakenByOther(domain: string, clientId: string): Promise<boolean> {
      const row = await db
        .selectFrom('sso_configs')
        .select('client_id')
        .where('email_domain', '=', domain)
        .where('client_id', '!=', clientId)
        .executeTakeFirst();
      return row !== undefined;
    },
    async upsert(row: {
      clientId: string;
      enabled: boolean;
      issuer: string;
      oidcClientId: string;
      secretSealed: string | null;
      emailDomain: string;
    }): Promise<void> {
      const values = {
        enabled: row.enabled,
        issuer: row.issuer,
        oidc_client_id: row.oidcClientId,
        email_domain: row.emailDomain,
        updated_at: new Date(),
        ...(row.secretSealed === null ? {} : { client_secret_sealed: row.secretSealed }),
      };
      await db
        .insertInto('sso_configs')
        .values({ client_id: row.clientId, client_secret_sealed: row.secretSealed, ...values })
        .onConflict((oc) => oc.column('client_id').doUpdateSet(values))
        .execute();
    },
    /** The user of a verified SSO email, created (verified, no password) when new, and a member of the client. */
    async provisionMember(args: {
      clientId: string;
      email: string;
      firstName: string;
      lastName: string;
    }): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('users')
          .select('id')
          .where('email', '=', args.email)
          .executeTakeFirst();
        const userId =
          existing?.id ??
          (
            await trx
              .insertInto('users')
              .values({
                email: args.email,
                password_hash: null,
                first_name: args.firstName,
                last_name: args.lastName,
                profile_picture: null,
                last_login_at: null,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        await trx
          .updateTable('users')
          .set({ email_verified: true, last_login_at: new Date() })
          .where('id', '=', userId)
          .execute();
        await trx
          .insertInto('memberships')
          .values({ client_id: args.clientId, user_id: userId, role: 'member' })
          .onConflict((oc) => oc.columns(['client_id', 'user_id']).doNothing())
          .execute();
        return userId;
      });
    },
  };
}

export type SsoRepo = ReturnType<typeof createSsoRepo>;
