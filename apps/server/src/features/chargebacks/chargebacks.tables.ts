import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface ChargebacksTable {
  id: Generated<string>;
  client_id: string;
  showback_id: string | null;
  showback_name: string;
  month: string;
  cost_type: string;
  currency: string;
  markups: ColumnType<Record<string, number>, string, string>;
  shared_cost_line: boolean;
  status: 'draft' | 'issued' | 'void';
  version: number;
  supersedes_id: string | null;
  unallocated: number | null;
  scope_total: number | null;
  created_by: string | null;
  created_at: ColumnType<Date, never, never>;
  issued_at: Timestamp | null;
  voided_at: Timestamp | null;
  void_reason: string | null;
}

export interface ChargebackLinesTable {
  chargeback_id: string;
  value: string;
  direct: number;
  shared: number;
  markup_percent: number;
  /** Direct cost per service, frozen at issue (JSON); null on lines issued before it was kept. */
  services: ColumnType<{ service: string; cost: number }[] | null, string | null, string | null>;
  previous_month_subtotal: number | null;
}

/** The chargeback tables, merged into AppTables (db/tables.ts). */
export interface ChargebackTables {
  chargebacks: ChargebacksTable;
  chargeback_lines: ChargebackLinesTable;
}
