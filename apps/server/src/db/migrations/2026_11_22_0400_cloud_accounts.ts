import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// The cloud account id a project stands for (12-digit AWS account id), entered in Settings → AWS Accounts.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('cloud_account_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('cloud_account_id').execute();
}
