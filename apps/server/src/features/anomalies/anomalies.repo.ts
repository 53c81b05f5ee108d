import type { AnomalyStatus } from '@finlens/contracts/anomalies';
import { type Kysely, sql } from 'kysely';
import type { AppTables } from '../../db/tables';
import { clientAdminIds } from '../notifications/notifications.service';
import type { AnomaliesTable, AnomalyRow } from './anomalies.tables';

export interface FoundAnomaly {
  dimension: AnomaliesTable['dimension'];
  scopeKey: string;
  startDate: string;
  endDate: string;
  actualCost: number;
  expectedCost: number;
  score: number;
  severity: AnomaliesTable['severity'];
  drivers: { resource_id: string | null; cost: number }[];
  explorer: Record<string, string>;
}

export interface AnomalyFilter {
  status?: AnomalyStatus;
  dimension?: AnomaliesTable['dimension'];
  startDate?: string;
  endDate?: string;
  limit: number;
}

/** Storage of anomalies and detection runs; every read of anomalies is scoped to one client. */
export function createAnomaliesRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    adminIds: (clientId: string) => clientAdminIds(db, clientId),
    /**
     * Inserts a new anomaly or refreshes the one with the same scope and start (its status is kept);
     * returns the row and whether it is new.
     */
    async upsert(clientId: string, found: FoundAnomaly): Promise<{ row: AnomalyRow; created: boolean }> {
      const values = {
        end_date: found.endDate,
        actual_cost: found.actualCost,
        expected_cost: found.expectedCost,
        score: found.score,
        severity: found.severity,
        drivers: JSON.stringify(found.drivers),
        explorer: JSON.stringify(found.explorer),
      };
      const row = await db
        .insertInto('anomalies')
        .values({
          client_id: clientId,
          dimension: found.dimension,
          scope_key: found.scopeKey,
          start_date: found.startDate,
          ...values,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['client_id', 'dimension', 'scope_key', 'start_date'])
            .doUpdateSet({ ...values, updated_at: new Date() }),
        )
        .returningAll()
        // xmax = 0 only on a freshly inserted row (PostgreSQL and PGlite).
        .returning(sql<boolean>`(xmax = 0)`.as('created'))
        .executeTakeFirstOrThrow();
      const { created, ...anomaly } = row;
      return { row: anomaly as AnomalyRow, created: Boolean(created) };
    },
    async list(clientId: string, filter: AnomalyFilter): Promise<AnomalyRow[]> {
      let query = db.selectFrom('anomalies').selectAll().where('client_id', '=', clientId);
      if (filter.status !== undefined) query = query.where('status', '=', filter.status);
      if (filter.dimension !== undefined) query = query.where('dimension', '=', filter.dimension);
      if (filter.startDate !== undefined) query = query.where('end_date', '>=', filter.startDate);
      if (filter.endDate !== undefined) query = query.where('start_date', '<=', filter.endDate);
      return query.orderBy('start_date', 'desc').orderBy('id').limit(filter.limit).execute();
    },
    async get(clientId: string, id: string): Promise<AnomalyRow | null> {
      const row = await db
        .selectFrom('anomalies')
        .selectAll()
        .where('client_id', '=', clientId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ?? null;
    },
    async setStatus(
      clientId: string,
      id: string,
      change: { status: AnomalyStatus; reason: string | null; userId: string },
    ): Promise<AnomalyRow | null> {
      const row = await db
        .updateTable('anomalies')
        .set({
          status: change.status,
          reason: change.reason,
          status_changed_by: change.userId,
          status_changed_at: new Date(),
          updated_at: new Date(),
        })
        .where('client_id', '=', clientId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    },
    /** True once a detection of the client has finished. */
    async hasFinishedRun(clientId: string): Promise<boolean> {
      const row = await db
        .selectFrom('anomaly_detection_runs')
        .select('client_id')
        .where('client_id', '=', clientId)
        .where('finished_at', 'is not', null)
        .executeTakeFirst();
      return row !== undefined;
    },
    async startRun(clientId: string, at: Date): Promise<void> {
      await db
        .insertInto('anomaly_detection_runs')
        .values({ client_id: clientId, started_at: at, finished_at: null, as_of: null })
        .onConflict((conflict) =>
          conflict.column('client_id').doUpdateSet({ started_at: at, finished_at: null }),
        )
        .execute();
    },
    async finishRun(clientId: string, asOf: string | null): Promise<void> {
      await db
        .updateTable('anomaly_detection_runs')
        .set({ finished_at: new Date(), as_of: asOf })
        .where('client_id', '=', clientId)
        .execute();
    },
    /** Clients with a succeeded import that finished after their last detection started (or never detected). */
    async clientsWithNewImports(): Promise<string[]> {
      const rows = await db
        .selectFrom('import_runs as i')
        .leftJoin('anomaly_detection_runs as r', 'r.client_id', 'i.client_id')
        .select('i.client_id')
        .distinct()
        .where('i.status', '=', 'succeeded')
        .where((eb) =>
          eb.or([eb('r.started_at', 'is', null), eb('i.finished_at', '>', eb.ref('r.started_at'))]),
        )
        .execute();
      return rows.map((row) => row.client_id);
    },
    async clientsWithProjects(): Promise<string[]> {
      const rows = await db.selectFrom('projects').select('client_id').distinct().execute();
      return rows.map((row) => row.client_id);
    },
  };
}

export type AnomaliesRepo = ReturnType<typeof createAnomaliesRepo>;
