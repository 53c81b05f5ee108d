import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import { PermanentJobError } from '../../platform/jobs/job-handler';
import type { createImportService } from '../import.service';
import type { ImportRunner } from './poll-source-job';

/**
 * Runs the poller's imports through the import service (run records, atomic period swap). The service
 * addresses a project by client and project name, so this refuses names that would not lead back to
 * exactly the polled project, rather than import into another one.
 */
export function importServiceRunner({
  db,
  importService,
}: {
  db: Kysely<AppTables>;
  importService: Pick<ReturnType<typeof createImportService>, 'importFrom'>;
}): ImportRunner {
  return {
    // Concurrent imports take turns inside the import service (the warehouse's exclusive section).
    importDelivery: async ({ projectId, source }) => {
      const target = await db
        .selectFrom('projects')
        .innerJoin('clients', 'clients.id', 'projects.client_id')
        .select(['projects.name as projectName', 'clients.name as clientName'])
        .where('projects.id', '=', projectId)
        .executeTakeFirst();
      if (target === undefined) throw new PermanentJobError(`project ${projectId} no longer exists`);
      const sameNames = await db
        .selectFrom('projects')
        .innerJoin('clients', 'clients.id', 'projects.client_id')
        .select('projects.id')
        .where('projects.name', '=', target.projectName)
        .where('clients.name', '=', target.clientName)
        .execute();
      const clientsNamed = await db
        .selectFrom('clients')
        .select('id')
        .where('name', '=', target.clientName)
        .execute();
      if (sameNames.length !== 1 || clientsNamed.length !== 1) {
        throw new Error(
          `client "${target.clientName}" / project "${target.projectName}" is not unique; rename it to import from this source`,
        );
      }
      // The delivery's layout is only a hint; the importer detects the format from the columns.
      await importService.importFrom({
        source,
        clientName: target.clientName,
        projectName: target.projectName,
        format: 'auto',
      });
    },
  };
}
