import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';

/** The inventory Compute Copilot reads: groups and instances as collection stored them, and their changes. */
export function createComputeCopilotRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    /** Auto Scaling groups and EC2 instances of the projects. */
    async groupsAndInstances(projectIds: readonly string[]) {
      if (projectIds.length === 0) return [];
      return db
        .selectFrom('inventory_resources')
        .select(['project_id', 'account_id', 'region', 'kind', 'resource_id', 'name', 'state', 'resource'])
        .where('project_id', 'in', [...projectIds])
        .where('kind', 'in', ['autoscaling-group', 'ec2-instance'])
        .orderBy('project_id')
        .orderBy('resource_id')
        .execute();
    },

    /** The groups' recorded changes, newest first. */
    async groupChanges(projectIds: readonly string[]) {
      if (projectIds.length === 0) return [];
      return db
        .selectFrom('inventory_changes')
        .select(['project_id', 'account_id', 'resource_id', 'change', 'fields', 'recorded_at'])
        .where('project_id', 'in', [...projectIds])
        .where('kind', '=', 'autoscaling-group')
        .orderBy('recorded_at', 'desc')
        .limit(2_000)
        .execute();
    },

    /** One resource by id or ARN among the projects (the first project's when several list it). */
    async resource(projectIds: readonly string[], id: string) {
      if (projectIds.length === 0) return null;
      const row = await db
        .selectFrom('inventory_resources')
        .select(['project_id', 'account_id', 'region', 'kind', 'resource_id', 'name', 'state', 'resource'])
        .where('project_id', 'in', [...projectIds])
        .where('resource_id', '=', id)
        .orderBy('project_id')
        .limit(1)
        .executeTakeFirst();
      return row ?? null;
    },
  };
}

export type ComputeCopilotRepo = ReturnType<typeof createComputeCopilotRepo>;
