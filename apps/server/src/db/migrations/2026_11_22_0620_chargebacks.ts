import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// Chargebacks: a statement per showback and closed month. Issuing stores the lines, so later imports and rule
// edits leave an issued statement as it was; a re-issue is a new row that supersedes the old one.

const now = sql`now()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chargebacks')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('client_id', 'text', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    // Kept when the showback is deleted: an issued statement outlives its configuration.
    .addColumn('showback_id', 'text', (col) => col.references('showbacks.id').onDelete('set null'))
    .addColumn('showback_name', 'text', (col) => col.notNull())
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('cost_type', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('markups', 'jsonb', (col) => col.notNull())
    .addColumn('shared_cost_line', 'boolean', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('draft', 'issued', 'void')`))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('supersedes_id', 'text', (col) => col.references('chargebacks.id').onDelete('set null'))
    // Frozen at issue: Unallocated and the scope total of the month (null while a draft).
    .addColumn('unallocated', 'double precision')
    .addColumn('scope_total', 'double precision')
    .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('issued_at', 'timestamptz')
    .addColumn('voided_at', 'timestamptz')
    .addColumn('void_reason', 'text')
    .execute();
  await db.schema
    .createIndex('chargebacks_client_month')
    .on('chargebacks')
    .columns(['client_id', 'month'])
    .execute();
  await db.schema.createIndex('chargebacks_showback_id').on('chargebacks').column('showback_id').execute();
  await db.schema
    .createIndex('chargebacks_supersedes_id')
    .on('chargebacks')
    .column('supersedes_id')
    .execute();
  await db.schema.createIndex('chargebacks_created_by').on('chargebacks').column('created_by').execute();

  await db.schema
    .createTable('chargeback_lines')
    .addColumn('chargeback_id', 'text', (col) =>
      col.notNull().references('chargebacks.id').onDelete('cascade'),
    )
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('direct', 'double precision', (col) => col.notNull())
    .addColumn('shared', 'double precision', (col) => col.notNull())
    .addColumn('markup_percent', 'double precision', (col) => col.notNull())
    .addPrimaryKeyConstraint('chargeback_lines_pkey', ['chargeback_id', 'value'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chargeback_lines').execute();
  await db.schema.dropTable('chargebacks').execute();
}
