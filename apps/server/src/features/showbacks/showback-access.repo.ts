import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';

/** Spec §6: memberships' allowed_all_showback_values and the values granted per showback. */
export function createShowbackAccessRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    async membership(clientId: string, userId: string) {
      return db
        .selectFrom('memberships')
        .select(['role', 'allowed_all_showback_values'])
        .where('client_id', '=', clientId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async grants(showbackId: string, userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('showback_value_grants')
        .select('value')
        .where('showback_id', '=', showbackId)
        .where('user_id', '=', userId)
        .orderBy('value')
        .execute();
      return rows.map((r) => r.value);
    },

    async accessList(clientId: string, showbackId: string) {
      const [members, grants] = await Promise.all([
        db
          .selectFrom('memberships')
          .innerJoin('users', 'users.id', 'memberships.user_id')
          .select(['users.id', 'users.email', 'memberships.allowed_all_showback_values'])
          .where('memberships.client_id', '=', clientId)
          .orderBy('users.email')
          .execute(),
        db
          .selectFrom('showback_value_grants')
          .select(['user_id', 'value'])
          .where('showback_id', '=', showbackId)
          .execute(),
      ]);
      return members.map((m) => ({
        user_id: m.id,
        email: m.email,
        allowed_all_showback_values: m.allowed_all_showback_values,
        showback_values: grants
          .filter((g) => g.user_id === m.id)
          .map((g) => g.value)
          .sort(),
      }));
    },

    /** The member's flag (client-wide, spec §6) and their values of this showback. */
    async setAccess(
      clientId: string,
      showbackId: string,
      userId: string,
      allowedAll: boolean,
      values: string[],
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('memberships')
          .set({ allowed_all_showback_values: allowedAll })
          .where('client_id', '=', clientId)
          .where('user_id', '=', userId)
          .execute();
        await trx
          .deleteFrom('showback_value_grants')
          .where('showback_id', '=', showbackId)
          .where('user_id', '=', userId)
          .execute();
        for (const value of new Set(values)) {
          await trx
            .insertInto('showback_value_grants')
            .values({ showback_id: showbackId, user_id: userId, value })
            .execute();
        }
      });
    },
  };
}
