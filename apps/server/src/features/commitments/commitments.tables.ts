import type { CommitmentAlertSettings } from '@finlens/contracts/commitments';
import type { ColumnType } from 'kysely';

export interface CommitmentAlertSettingsTable {
  client_id: string;
  settings: ColumnType<CommitmentAlertSettings, string, string>;
  updated_at: ColumnType<Date, Date | string, Date | string>;
  updated_by: string | null;
}

/** The commitments tables, merged into AppTables (db/tables.ts). */
export interface CommitmentTables {
  commitment_alert_settings: CommitmentAlertSettingsTable;
}
