import type { Insertable, Kysely } from 'kysely';
import type { AppTables, ProjectsTable } from './tables';

/** A client named `client` with one project (`project` overrides its columns; the name defaults to 'Main'). */
export async function insertClientAndProject(
  db: Kysely<AppTables>,
  client = 'Acme',
  project: Partial<Insertable<ProjectsTable>> = {},
): Promise<{ clientId: string; projectId: string }> {
  const { id: clientId } = await db
    .insertInto('clients')
    .values({ name: client })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: projectId } = await db
    .insertInto('projects')
    .values({ client_id: clientId, name: 'Main', ...project })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { clientId, projectId };
}
