import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppTables } from '../db/tables';
import { defineJobHandler } from '../platform/jobs/job-handler';
import type { ScheduleDefinition } from '../platform/jobs/job-schedules';
import { failStaleImportRuns } from './imports.repo';

export const FAIL_INTERRUPTED_IMPORTS_JOB = 'ingest.fail-interrupted-imports';

/**
 * Every minute: an import whose process died stops beating and is marked failed within about two minutes, so
 * the history never shows it running for ever (start-up does the same once, before the worker starts).
 */
export const INTERRUPTED_IMPORT_SCHEDULES: readonly ScheduleDefinition[] = [
  { name: FAIL_INTERRUPTED_IMPORTS_JOB, kind: FAIL_INTERRUPTED_IMPORTS_JOB, payload: {}, cron: '* * * * *' },
];

export function failInterruptedImportsJobHandler({ db }: { db: Kysely<AppTables> }) {
  return defineJobHandler({
    kind: FAIL_INTERRUPTED_IMPORTS_JOB,
    payload: z.object({}),
    async run() {
      await failStaleImportRuns(db);
    },
  });
}
