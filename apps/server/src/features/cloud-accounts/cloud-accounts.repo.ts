import type { Kysely } from 'kysely';
import { type ProjectWithStatus, projectStatusSql, withLiveStatus } from '../../db/project-status';
import type { AppTables, BillingSourceRow, ImportRunRow } from '../../db/tables';

/** Projects of a client with their billing sources and import runs (app database only). */
export function createCloudAccountsRepo({ db }: { db: Kysely<AppTables> }) {
  const projects = () =>
    db.selectFrom('projects').selectAll('projects').select(projectStatusSql.as('live_status'));
  return {
    /** The client's projects, each with its status (`projectStatusSql`). */
    async listProjects(clientId: string): Promise<ProjectWithStatus[]> {
      return (await projects().where('client_id', '=', clientId).orderBy('name').execute()).map(
        withLiveStatus,
      );
    },

    async findProject(clientId: string, id: string): Promise<ProjectWithStatus | null> {
      const row = await projects().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();
      return row === undefined ? null : withLiveStatus(row);
    },

    async insertProject(project: {
      clientId: string;
      name: string;
      cloudType: 'aws' | 'azure';
      cloudAccountId: string | null;
    }): Promise<ProjectWithStatus> {
      const row = await db
        .insertInto('projects')
        .values({
          client_id: project.clientId,
          name: project.name,
          cloud_type: project.cloudType,
          cloud_account_id: project.cloudAccountId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // A new project has no billing data nor import yet.
      return { ...row, status: 'awaiting_configuration' };
    },

    async updateProject(id: string, changes: { name?: string; cloudAccountId?: string | null }) {
      const set = {
        ...(changes.name === undefined ? {} : { name: changes.name }),
        ...(changes.cloudAccountId === undefined ? {} : { cloud_account_id: changes.cloudAccountId }),
      };
      if (Object.keys(set).length > 0)
        await db.updateTable('projects').set(set).where('id', '=', id).execute();
    },

    /** Runs and sources go with the project (foreign keys cascade). */
    async deleteProject(id: string): Promise<void> {
      await db.deleteFrom('projects').where('id', '=', id).execute();
    },

    async projectNameTaken(clientId: string, name: string, exceptId: string | null): Promise<boolean> {
      let query = db
        .selectFrom('projects')
        .select('id')
        .where('client_id', '=', clientId)
        .where('name', '=', name);
      if (exceptId !== null) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    sourcesOfClient(clientId: string): Promise<BillingSourceRow[]> {
      return db
        .selectFrom('billing_sources')
        .innerJoin('projects', 'projects.id', 'billing_sources.project_id')
        .selectAll('billing_sources')
        .where('projects.client_id', '=', clientId)
        .orderBy('billing_sources.created_at')
        .execute();
    },

    sourcesOfProject(projectId: string): Promise<BillingSourceRow[]> {
      return db
        .selectFrom('billing_sources')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('created_at')
        .execute();
    },

    /** The newest run of each of the client's projects. */
    latestRuns(clientId: string): Promise<ImportRunRow[]> {
      return db
        .selectFrom('import_runs')
        .selectAll()
        .where('client_id', '=', clientId)
        .distinctOn('project_id')
        .orderBy('project_id')
        .orderBy('started_at', 'desc')
        .execute();
    },

    runs(projectId: string, limit: number): Promise<ImportRunRow[]> {
      return db
        .selectFrom('import_runs')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('started_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** The newest run of the project that imported from this location (an upload's run). */
    async latestRunFrom(projectId: string, source: string): Promise<ImportRunRow | null> {
      const row = await db
        .selectFrom('import_runs')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('source', '=', source)
        .orderBy('started_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ?? null;
    },

    /** Azure accounts are for clients billed in Azure: the flag is an Azure billing currency being set. */
    async azureEnabled(clientId: string): Promise<boolean> {
      const row = await db
        .selectFrom('clients')
        .select('azure_billing_currency')
        .where('id', '=', clientId)
        .executeTakeFirst();
      return (row?.azure_billing_currency ?? null) !== null;
    },
  };
}

export type CloudAccountsRepo = ReturnType<typeof createCloudAccountsRepo>;
