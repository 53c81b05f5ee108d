import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';

/** Finds a stored resource by its id among projects already scoped to the caller. */
export function createResourceLookupRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    find: (projectIds: readonly string[], resourceId: string) =>
      projectIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('inventory_resources')
            .select(['project_id', 'account_id', 'region', 'kind', 'resource_id'])
            .where('project_id', 'in', [...projectIds])
            .where('resource_id', '=', resourceId)
            .orderBy('project_id')
            .limit(2)
            .execute(),
  };
}

export type ResourceLookupRepo = ReturnType<typeof createResourceLookupRepo>;
