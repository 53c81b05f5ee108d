import type { Kysely } from 'kysely';
import type { AppTables, ImportRunRow } from '../db/tables';
import type { PeriodTotals } from '../warehouse/cost-store';

/** How often a running import says its process is alive, and after how long without it the run counts as ended. */
export const IMPORT_HEARTBEAT_MS = 10_000;
export const IMPORT_HEARTBEAT_TIMEOUT_MS = 60_000;

/**
 * What follows an import that replaced billing periods, run in the transaction that records the run so it is
 * as durable as the run. The composition root hands it in (alert evaluation, anomaly scan): ingest knows no feature.
 */
export type PeriodsReplacedHook = (trx: Kysely<AppTables>, finishedAt: Date) => Promise<void>;

/**
 * Marks failed the running imports whose heartbeat stopped more than IMPORT_HEARTBEAT_TIMEOUT_MS ago: their
 * process ended mid-import (a crash, kill -9) and their warehouse changes were rolled back. Of one project, or
 * of every project (start-up and the periodic sweep). Returns how many runs it closed.
 */
export async function failStaleImportRuns(
  db: Kysely<AppTables>,
  { projectId = null, now = new Date() }: { projectId?: string | null; now?: Date } = {},
): Promise<number> {
  const stale = new Date(now.getTime() - IMPORT_HEARTBEAT_TIMEOUT_MS);
  let query = db
    .updateTable('import_runs')
    .set({
      status: 'failed',
      finished_at: now,
      error:
        'interrupted: the importing process ended before the import finished; the previous data was kept',
    })
    .where('status', '=', 'running')
    .where((eb) => eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', stale)]));
  if (projectId !== null) query = query.where('project_id', '=', projectId);
  const [result] = await query.execute();
  return Number(result?.numUpdatedRows ?? 0);
}

/** Storage of import runs and the client/project lookups an import needs (app database only). */
export function createImportsRepo(
  db: Kysely<AppTables>,
  { onPeriodsReplaced }: { onPeriodsReplaced: PeriodsReplacedHook },
) {
  return {
    /**
     * The client and project with these names, created when missing: the name→id step of `finlens import`
     * and the local-control import, done once before the import service, which works by id.
     */
    async ensureProject({ clientName, projectName }: { clientName: string; projectName: string }) {
      return db.transaction().execute(async (trx) => {
        const client =
          (await trx.selectFrom('clients').select('id').where('name', '=', clientName).executeTakeFirst()) ??
          (await trx
            .insertInto('clients')
            .values({ name: clientName })
            .returning('id')
            .executeTakeFirstOrThrow());
        return { clientId: client.id, projectId: await projectNamed(trx, client.id, projectName) };
      });
    },

    /** The project of this client with this name, created when missing (the demo client's project). */
    async ensureProjectOfClient({ clientId, projectName }: { clientId: string; projectName: string }) {
      return { clientId, projectId: await projectNamed(db, clientId, projectName) };
    },

    /** Whether the project exists and belongs to the client (the import service's guard on its ids). */
    async isProjectOfClient({ clientId, projectId }: { clientId: string; projectId: string }) {
      const row = await db
        .selectFrom('projects')
        .select('id')
        .where('id', '=', projectId)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Closes the project's running imports whose process has ended (see failStaleImportRuns); a running
     * import of another live process (several servers share the app database) keeps beating and is left alone.
     */
    async failInterruptedRuns(projectId: string, now = new Date()) {
      await failStaleImportRuns(db, { projectId, now });
    },

    /** The importing process is alive (see failInterruptedRuns). */
    async heartbeat(importId: string) {
      await db
        .updateTable('import_runs')
        .set({ heartbeat_at: new Date() })
        .where('id', '=', importId)
        .where('status', '=', 'running')
        .execute();
    },

    async startRun(run: { clientId: string; projectId: string; source: string; requestedFormat: string }) {
      const row = await db
        .insertInto('import_runs')
        .values({
          client_id: run.clientId,
          project_id: run.projectId,
          source: run.source,
          requested_format: run.requestedFormat,
          heartbeat_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async finishRun(
      id: string,
      result: { projectId: string; format: string; files: number; rows: number; periods: PeriodTotals[] },
    ) {
      const finishedAt = new Date();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('import_runs')
          .set({
            status: 'succeeded',
            finished_at: finishedAt,
            detected_format: result.format,
            files: result.files,
            rows: result.rows,
            periods: JSON.stringify(result.periods.map((p) => p.billingPeriod.slice(0, 7))),
            totals: JSON.stringify(result.periods),
          })
          .where('id', '=', id)
          .execute();
        await trx
          .updateTable('projects')
          .set({ billing_last_ingestion_datetime: finishedAt })
          .where('id', '=', result.projectId)
          .execute();
        await onPeriodsReplaced(trx, finishedAt);
      });
    },

    async failRun(id: string, error: { message: string; file?: string; row?: number; column?: string }) {
      await db
        .updateTable('import_runs')
        .set({
          status: 'failed',
          finished_at: new Date(),
          error: error.message,
          error_file: error.file ?? null,
          error_row: error.row ?? null,
          error_column: error.column ?? null,
        })
        .where('id', '=', id)
        .execute();
    },

    async runsOfProject(projectId: string): Promise<ImportRunRow[]> {
      return db
        .selectFrom('import_runs')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('started_at')
        .execute();
    },
  };
}

async function projectNamed(db: Kysely<AppTables>, clientId: string, name: string): Promise<string> {
  const found = await db
    .selectFrom('projects')
    .select('id')
    .where('client_id', '=', clientId)
    .where('name', '=', name)
    .executeTakeFirst();
  if (found !== undefined) return found.id;
  const created = await db
    .insertInto('projects')
    .values({ client_id: clientId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

export type ImportsRepo = ReturnType<typeof createImportsRepo>;
