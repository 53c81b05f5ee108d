import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';

export function createPolicyRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    async addVersions(
      versions: readonly { version: string; released_at: string; summary: string }[],
    ): Promise<void> {
      if (versions.length === 0) return;
      await db
        .insertInto('policy_versions')
        .values(versions.map(({ version, released_at, summary }) => ({ version, released_at, summary })))
        .onConflict((oc) => oc.column('version').doNothing())
        .execute();
    },
    /** The client's projects (one or all) with the newest version each accepted. */
    projectsWithAcceptance(clientId: string, projectId: string | null) {
      let query = db
        .selectFrom('projects')
        .leftJoin('policy_acceptances', 'policy_acceptances.project_id', 'projects.id')
        .leftJoin('policy_versions', 'policy_versions.version', 'policy_acceptances.version')
        .select([
          'projects.id',
          'projects.name',
          'policy_acceptances.version',
          'policy_acceptances.accepted_at',
          'policy_versions.released_at',
        ])
        .where('projects.client_id', '=', clientId);
      if (projectId !== null) query = query.where('projects.id', '=', projectId);
      return query.orderBy('projects.name').orderBy('projects.id').execute();
    },
    async accept(projectIds: string[], version: string, userId: string): Promise<void> {
      if (projectIds.length === 0) return;
      await db
        .insertInto('policy_acceptances')
        .values(projectIds.map((id) => ({ project_id: id, version, accepted_by: userId })))
        .onConflict((oc) => oc.columns(['project_id', 'version']).doNothing())
        .execute();
    },
    async withdraw(projectIds: string[], version: string): Promise<void> {
      if (projectIds.length === 0) return;
      await db
        .deleteFrom('policy_acceptances')
        .where('project_id', 'in', projectIds)
        .where('version', '=', version)
        .execute();
    },
  };
}

export type PolicyRepo = ReturnType<typeof createPolicyRepo>;
