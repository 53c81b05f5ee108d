import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { ChargebackLinesTable, ChargebacksTable } from './chargebacks.tables';
import type { RawLine } from './statement';

export type ChargebackRow = Selectable<ChargebacksTable>;
export type LineRow = Selectable<ChargebackLinesTable>;

export interface ChargebackFilter {
  month?: string;
  showback_id?: string;
  status?: ChargebackRow['status'];
}

/** Storage of chargeback statements and their frozen lines. */
export function createChargebacksRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    async list(clientId: string, filter: ChargebackFilter): Promise<ChargebackRow[]> {
      let query = db.selectFrom('chargebacks').selectAll().where('client_id', '=', clientId);
      if (filter.month !== undefined) query = query.where('month', '=', filter.month);
      if (filter.showback_id !== undefined) query = query.where('showback_id', '=', filter.showback_id);
      if (filter.status !== undefined) query = query.where('status', '=', filter.status);
      return query.orderBy('month', 'desc').orderBy('showback_name').orderBy('version', 'desc').execute();
    },

    async one(clientId: string, id: string): Promise<ChargebackRow | undefined> {
      return db
        .selectFrom('chargebacks')
        .selectAll()
        .where('client_id', '=', clientId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The statement that replaces `id`, if one does. */
    async successorOf(id: string): Promise<string | null> {
      const row = await db
        .selectFrom('chargebacks')
        .select('id')
        .where('supersedes_id', '=', id)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** Frozen lines of one statement (none for a draft). */
    async lines(chargebackIds: readonly string[]): Promise<LineRow[]> {
      if (chargebackIds.length === 0) return [];
      return db
        .selectFrom('chargeback_lines')
        .selectAll()
        .where('chargeback_id', 'in', chargebackIds)
        .execute();
    },

    /** Current statements (not void, not superseded) of a showback and month. */
    async current(clientId: string, showbackId: string, month: string): Promise<ChargebackRow[]> {
      return db
        .selectFrom('chargebacks as c')
        .selectAll('c')
        .where('c.client_id', '=', clientId)
        .where('c.showback_id', '=', showbackId)
        .where('c.month', '=', month)
        .where('c.status', '!=', 'void')
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('chargebacks as n').select('n.id').whereRef('n.supersedes_id', '=', 'c.id'))),
        )
        .execute();
    },

    async insert(row: Insertable<ChargebacksTable>): Promise<ChargebackRow> {
      return db.insertInto('chargebacks').values(row).returningAll().executeTakeFirstOrThrow();
    },

    /** Issues a statement: its lines and frozen totals in one transaction. */
    async freeze(
      id: string,
      frozen: { unallocated: number; scope_total: number; issued_at: Date },
      lines: readonly RawLine[],
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('chargebacks')
          .set({ status: 'issued', ...frozen })
          .where('id', '=', id)
          .execute();
        if (lines.length > 0) {
          await trx
            .insertInto('chargeback_lines')
            .values(
              lines.map((line) => ({
                ...line,
                services: line.services === null ? null : JSON.stringify(line.services),
                chargeback_id: id,
              })),
            )
            .execute();
        }
      });
    },

    async markVoid(id: string, reason: string, at: Date): Promise<void> {
      await db
        .updateTable('chargebacks')
        .set({ status: 'void', void_reason: reason, voided_at: at })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type ChargebacksRepo = ReturnType<typeof createChargebacksRepo>;
