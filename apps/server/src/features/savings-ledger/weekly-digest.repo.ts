import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import { clientAdminIds } from '../notifications/notifications.service';
import type { StoredVerification } from './savings-ledger.tables';

/** What the weekly digest reads: recommendations first found in a week and the ledger's verified savings. */
export function createWeeklyDigestRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    async clientsWithProjects(): Promise<string[]> {
      const rows = await db.selectFrom('projects').select('client_id').distinct().execute();
      return rows.map((row) => row.client_id);
    },

    adminIds: (clientId: string) => clientAdminIds(db, clientId),

    /** Still open, first found in [from, to), not dismissed or snoozed since; biggest saving first. */
    async newRecommendations(clientId: string, from: Date, to: Date) {
      const rows = await db
        .selectFrom('recommendations as r')
        .innerJoin('projects as p', 'p.id', 'r.project_id')
        .leftJoin('savings_ledger_entries as e', 'e.recommendation_id', 'r.id')
        .select(['r.id', 'r.estimated_monthly_saving as saving', 'r.body', 'e.state'])
        .where('p.client_id', '=', clientId)
        .where('r.first_seen_at', '>=', from)
        .where('r.first_seen_at', '<', to)
        .where('r.resolved_at', 'is', null)
        .orderBy('r.estimated_monthly_saving', 'desc')
        .orderBy('r.id')
        .execute();
      return rows
        .filter((row) => row.state !== 'dismissed' && row.state !== 'snoozed')
        .map((row) => ({ id: row.id, saving: row.saving, title: String(row.body.title ?? row.id) }));
    },

    /** The client's verified ledger entries with their verification (when and how much the bill shows). */
    async verifiedEntries(clientId: string) {
      const rows = await db
        .selectFrom('savings_ledger_entries')
        .select(['id', 'title', 'estimated_monthly_saving', 'verification'])
        .where('client_id', '=', clientId)
        .where('state', '=', 'verified')
        .execute();
      return rows.flatMap((row) =>
        row.verification === null ? [] : [{ ...row, verification: row.verification as StoredVerification }],
      );
    },
  };
}

export type WeeklyDigestRepo = ReturnType<typeof createWeeklyDigestRepo>;
