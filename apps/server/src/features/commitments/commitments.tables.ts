import type {
  CommitmentAlertSettings,
  CommitmentRateKind,
  CommitmentTerm,
  PaymentOption,
} from '@finlens/contracts/commitments';
import type { ColumnType } from 'kysely';

export interface CommitmentAlertSettingsTable {
  client_id: string;
  settings: ColumnType<CommitmentAlertSettings, string, string>;
  updated_at: ColumnType<Date, Date | string, Date | string>;
  updated_by: string | null;
}

/** A client's own figure for one cell of the documented rate table. */
export interface CommitmentRateOverridesTable {
  client_id: string;
  kind: CommitmentRateKind;
  term: CommitmentTerm;
  payment_option: PaymentOption;
  rate_ratio: number;
  updated_at: ColumnType<Date, Date | string, Date | string>;
  updated_by: string | null;
}

/** The ShareSave share a client agreed (null until agreed). */
export interface CommitmentShareSaveTable {
  client_id: string;
  share: number | null;
  updated_at: ColumnType<Date, Date | string, Date | string>;
  updated_by: string | null;
}

/** The commitments tables, merged into AppTables (db/tables.ts). */
export interface CommitmentTables {
  commitment_alert_settings: CommitmentAlertSettingsTable;
  commitment_rate_overrides: CommitmentRateOverridesTable;
  commitment_sharesave: CommitmentShareSaveTable;
}
