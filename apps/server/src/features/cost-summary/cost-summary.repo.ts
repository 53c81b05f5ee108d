import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';

/** Which projects the spend summary may count: the caller's client's own. */
export function createCostSummaryRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    /** Every project id of the client. */
    async clientProjectIds(clientId: string): Promise<string[]> {
      const rows = await db.selectFrom('projects').select('id').where('client_id', '=', clientId).execute();
      return rows.map((row) => row.id);
    },

    /** The ids among `projectIds` that belong to the client. */
    async ownedProjectIds(clientId: string, projectIds: string[]): Promise<string[]> {
      if (projectIds.length === 0) return [];
      const rows = await db
        .selectFrom('projects')
        .select('id')
        .where('client_id', '=', clientId)
        .where('id', 'in', projectIds)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}

export type CostSummaryRepo = ReturnType<typeof createCostSummaryRepo>;
