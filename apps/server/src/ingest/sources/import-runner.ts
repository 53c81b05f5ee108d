import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import { PermanentJobError } from '../../platform/jobs/job-handler';
import type { createImportService } from '../import.service';
import type { ImportRunner } from './poll-source-job';

/** Runs the poller's and the upload's imports through the import service (run records, atomic period swap). */
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
      const project = await db
        .selectFrom('projects')
        .select('client_id')
        .where('id', '=', projectId)
        .executeTakeFirst();
      if (project === undefined) throw new PermanentJobError(`project ${projectId} no longer exists`);
      // The delivery's layout is only a hint; the importer detects the format from the columns.
      await importService.importFrom({ source, clientId: project.client_id, projectId, format: 'auto' });
    },
  };
}
