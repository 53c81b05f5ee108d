import { type Kysely, sql } from 'kysely';
import type { AppTables } from '../../db/tables';

/** The app-database reads of Resources Cost: when the projects' billing data last changed. */
export function createResourcesCostRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    async billingVersion(projectIds: readonly string[]): Promise<string> {
      if (projectIds.length === 0) return '';
      const rows = await db
        .selectFrom('projects')
        .select(['id', sql<Date | string | null>`billing_last_ingestion_datetime`.as('at')])
        .where('id', 'in', [...projectIds])
        .orderBy('id')
        .execute();
      return rows.map((r) => `${r.id}@${r.at === null ? '' : new Date(r.at).toISOString()}`).join(',');
    },
  };
}
