import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';

export interface SearchProject {
  id: string;
  name: string;
  cloudType: 'aws' | 'azure';
}

/** The projects a search may count: the caller's client's own (app database only). */
export function createSearchRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    async projectsOf(clientId: string): Promise<SearchProject[]> {
      const rows = await db
        .selectFrom('projects')
        .select(['id', 'name', 'cloud_type'])
        .where('client_id', '=', clientId)
        .execute();
      return rows.map((row) => ({ id: row.id, name: row.name, cloudType: row.cloud_type }));
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
