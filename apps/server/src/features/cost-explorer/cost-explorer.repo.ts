import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';

/** The projects an Explorer query may read: the caller's client's own, with their names. */
export function createCostExplorerRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    async clientProjects(clientId: string): Promise<{ id: string; name: string }[]> {
      return db.selectFrom('projects').select(['id', 'name']).where('client_id', '=', clientId).execute();
    },
  };
}

export type CostExplorerRepo = ReturnType<typeof createCostExplorerRepo>;
