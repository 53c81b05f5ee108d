import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';

const KINDS = ['eks-nodegroup', 'eks-fargate-profile', 'autoscaling-group'] as const;

/** The EKS node groups, Fargate profiles and Auto Scaling groups the inventory collected for the projects. */
export function createEksInventoryRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    async eksResources(projectIds: readonly string[]) {
      if (projectIds.length === 0) return [];
      return db
        .selectFrom('inventory_resources')
        .select(['kind', 'resource_id', 'state', 'resource'])
        .where('project_id', 'in', [...projectIds])
        .where('kind', 'in', [...KINDS])
        .orderBy('resource_id')
        .execute();
    },
  };
}

export type EksInventoryRepo = ReturnType<typeof createEksInventoryRepo>;
