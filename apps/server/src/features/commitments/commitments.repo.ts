import {
  COMMITMENT_ALERT_DEFAULTS,
  type CommitmentAlertSettings,
  commitmentAlertSettingsSchema,
  type RateOverrideFigure,
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

    /** The client's own rate table figures (none until its admins set some), with when they last changed. */
    async rateOverrides(
      clientId: string,
    ): Promise<{ overrides: RateOverrideFigure[]; updatedAt: Date | null }> {
      const rows = await db
        .selectFrom('commitment_rate_overrides')
        .select(['kind', 'term', 'payment_option', 'rate_ratio', 'updated_at'])
        .where('client_id', '=', clientId)
        .orderBy('kind')
        .orderBy('term')
        .orderBy('payment_option')
        .execute();
      const updatedAt = rows.reduce<Date | null>(
        (latest, row) => (latest === null || row.updated_at > latest ? row.updated_at : latest),
        null,
      );
      return {
        overrides: rows.map(({ kind, term, payment_option, rate_ratio }) => ({
          kind,
          term,
          payment_option,
          rate_ratio,
        })),
        updatedAt,
      };
    },

    /** Replaces the client's figures with these (checked by the contract first); an empty list clears them. */
    async saveRateOverrides(
      clientId: string,
      overrides: readonly RateOverrideFigure[],
      by: string,
      at: Date,
    ) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('commitment_rate_overrides').where('client_id', '=', clientId).execute();
        if (overrides.length === 0) return;
        await trx
          .insertInto('commitment_rate_overrides')
          .values(overrides.map((o) => ({ client_id: clientId, ...o, updated_at: at, updated_by: by })))
          .execute();
      });
    },

    /** What ShareSave's rule reads of a client (spec §3 Client), and the share it agreed (null until set). */
    async shareSave(clientId: string) {
      const row = await db
        .selectFrom('clients')
        .leftJoin('commitment_sharesave', 'commitment_sharesave.client_id', 'clients.id')
        .select([
          'clients.sharesave_allowed',
          'clients.partner_id',
          'commitment_sharesave.share',
          'commitment_sharesave.updated_at',
        ])
        .where('clients.id', '=', clientId)
        .executeTakeFirst();
      return {
        sharesave_allowed: row?.sharesave_allowed ?? false,
        partner: row?.partner_id ?? null,
        share: row?.share ?? null,
        updatedAt: row?.updated_at ?? null,
      };
    },

    /** The ShareSave settings of a partner's clients, by name (the partner view). */
    async partnerShareSaves(partnerId: string) {
      const rows = await db
        .selectFrom('clients')
        .leftJoin('commitment_sharesave', 'commitment_sharesave.client_id', 'clients.id')
        .select([
          'clients.id',
          'clients.name',
          'clients.sharesave_allowed',
          'clients.partner_id',
          'commitment_sharesave.share',
          'commitment_sharesave.updated_at',
        ])
        .where('clients.partner_id', '=', partnerId)
        .orderBy('clients.name')
        .orderBy('clients.id')
        .execute();
      return rows.map((row) => ({
        clientId: row.id,
        clientName: row.name,
        sharesave_allowed: row.sharesave_allowed,
        partner: row.partner_id,
        share: row.share ?? null,
        updatedAt: row.updated_at ?? null,
      }));
    },

    async saveShareSave(clientId: string, share: number | null, by: string, at: Date) {
      const values = { share, updated_at: at, updated_by: by };
      await db
        .insertInto('commitment_sharesave')
        .values({ client_id: clientId, ...values })
        .onConflict((c) => c.column('client_id').doUpdateSet(values))
        .execute();
    },

    /** Clients with at least one project (the daily evaluation goes over them). */
    async clientsWithProjects(): Promise<string[]> {
      const rows = await db.selectFrom('projects').select('client_id').distinct().execute();
      return rows.map((row) => row.client_id);
    },

    /** Clients with a project whose bill changed at or after `at` (an import recorded then, or a later one). */
    async clientsImportedSince(at: Date): Promise<string[]> {
      const rows = await db
        .selectFrom('projects')
        .select('client_id')
        .distinct()
        .where('billing_last_ingestion_datetime', '>=', at)
        .execute();
      return rows.map((row) => row.client_id);
    },

    /** A client's admins: the users an alert is addressed to (each by their email preferences). */
    adminIds: (clientId: string) => clientAdminIds(db, clientId),
  };
}

export type CommitmentsRepo = ReturnType<typeof createCommitmentsRepo>;
