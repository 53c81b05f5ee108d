import {
  COMMITMENT_ALERT_DEFAULTS,
  type CommitmentAlertSettings,
  commitmentAlertSettingsSchema,
} from '@finlens/contracts/commitments';
import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import { clientAdminIds } from '../notifications/notifications.service';

/** A client's commitment alert settings and who hears the alerts. */
export function createCommitmentsRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    /** The client's settings, the defaults where it never changed them. */
    async alertSettings(clientId: string): Promise<CommitmentAlertSettings> {
      const row = await db
        .selectFrom('commitment_alert_settings')
        .select('settings')
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      const saved = commitmentAlertSettingsSchema.safeParse(row?.settings);
      return saved.success ? saved.data : COMMITMENT_ALERT_DEFAULTS;
    },

    async saveAlertSettings(clientId: string, settings: CommitmentAlertSettings, by: string, at: Date) {
      const values = { settings: JSON.stringify(settings), updated_at: at, updated_by: by };
      await db
        .insertInto('commitment_alert_settings')
        .values({ client_id: clientId, ...values })
        .onConflict((c) => c.column('client_id').doUpdateSet(values))
        .execute();
    },

    /** Clients with at least one project (the daily evaluation goes over them). */
    async clientsWithProjects(): Promise<string[]> {
      const rows = await db.selectFrom('projects').select('client_id').distinct().execute();
      return rows.map((row) => row.client_id);
    },

    /** A client's admins: the users an alert is addressed to (each by their email preferences). */
    adminIds: (clientId: string) => clientAdminIds(db, clientId),
  };
}

export type CommitmentsRepo = ReturnType<typeof createCommitmentsRepo>;
