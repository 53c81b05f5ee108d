import type { ProjectStatus } from '@finlens/contracts/admin';
import { sql } from 'kysely';
import type { ProjectRow } from './tables';

/** The newest import run's status of the project in the outer query's `projects` row. */
const newestRun = sql`(SELECT r.status FROM import_runs r WHERE r.project_id = projects.id ORDER BY r.started_at DESC LIMIT 1)`;

/**
 * The one project status model, read from the data itself by every call that shows a status (admin calls,
 * the account listing behind Organization Overview, Settings → Cloud Accounts): importing while its newest
 * import runs; error (failing) when that import failed or its billing source reports an error; configured
 * (ready) once billing data arrived; awaiting configuration before. Select it `as('live_status')` beside a
 * `projects` row and read it with `withLiveStatus`.
 */
export const projectStatusSql = sql<ProjectStatus>`CASE
  WHEN ${newestRun} = 'running' THEN 'importing'
  WHEN ${newestRun} = 'failed'
    OR EXISTS (SELECT 1 FROM billing_sources s WHERE s.project_id = projects.id AND s.last_error IS NOT NULL)
    THEN 'error'
  WHEN projects.billing_last_ingestion_datetime IS NOT NULL THEN 'configured'
  ELSE 'awaiting_configuration' END`;

/** A projects row with its status read from the data. */
export type ProjectWithStatus = ProjectRow & { status: ProjectStatus };

/** A projects row with its status, as `projectStatusSql` read it. */
export function withLiveStatus<R extends { live_status: ProjectStatus }>(
  row: R,
): Omit<R, 'live_status'> & { status: ProjectStatus } {
  const { live_status, ...rest } = row;
  return { ...rest, status: live_status };
}
