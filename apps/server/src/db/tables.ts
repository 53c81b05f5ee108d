import type { ColumnType, Selectable } from 'kysely';

/** One row per installation, written by the first migration; later features key instance-wide data on it. */
export interface InstanceTable {
  id: string;
  created_at: ColumnType<Date, never, never>;
}

/** Every table of the app database, keyed by table name (Kysely's database type). */
export interface AppTables {
  instance: InstanceTable;
}

export type InstanceRow = Selectable<InstanceTable>;
