import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// The verified-savings ledger also holds the realised savings of the resource scheduler: one entry per
// scheduled resource, made at its first stop by the schedule and verified from the bill like a recommendation's.
// An entry comes from a recommendation or from a schedule (which may be deleted later: the entry and its trail
// stay). closed_at: the resource left its schedule (or the schedule was disabled or deleted); the bill no
// longer judges it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('savings_ledger_entries')
    .alterColumn('recommendation_id', (col) => col.dropNotNull())
    .execute();
  await db.schema
    .alterTable('savings_ledger_entries')
    .addColumn('source', 'text', (col) =>
      col.notNull().defaultTo('recommendation').check(sql`source in ('recommendation', 'schedule')`),
    )
    .execute();
  await db.schema
    .alterTable('savings_ledger_entries')
    .addColumn('schedule_id', 'text', (col) => col.references('scheduler_schedules.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('savings_ledger_entries').addColumn('closed_at', 'timestamptz').execute();
  await db.schema
    .alterTable('savings_ledger_entries')
    .addCheckConstraint(
      'savings_ledger_entries_one_origin',
      sql`(source = 'recommendation' and recommendation_id is not null and schedule_id is null) or (source = 'schedule' and recommendation_id is null)`,
    )
    .execute();
  await db.schema
    .alterTable('savings_ledger_entries')
    .addUniqueConstraint('savings_ledger_entries_schedule_resource', [
      'schedule_id',
      'account_id',
      'region',
      'resource_kind',
      'resource_id',
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from savings_ledger_entries where source = 'schedule'`.execute(db);
  await db.schema
    .alterTable('savings_ledger_entries')
    .dropConstraint('savings_ledger_entries_schedule_resource')
    .execute();
  await db.schema
    .alterTable('savings_ledger_entries')
    .dropConstraint('savings_ledger_entries_one_origin')
    .execute();
  await db.schema.alterTable('savings_ledger_entries').dropColumn('closed_at').execute();
  await db.schema.alterTable('savings_ledger_entries').dropColumn('schedule_id').execute();
  await db.schema.alterTable('savings_ledger_entries').dropColumn('source').execute();
  await db.schema
    .alterTable('savings_ledger_entries')
    .alterColumn('recommendation_id', (col) => col.setNotNull())
    .execute();
}
