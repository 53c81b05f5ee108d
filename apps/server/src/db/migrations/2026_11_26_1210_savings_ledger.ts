import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// The verified-savings ledger: one entry per recommendation someone acted on (a recommendation nobody moved is
// open and has no row), its audit trail (append-only), and each client's remediation policies.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('savings_ledger_entries')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('client_id', 'text', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('recommendation_id', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('resource_id', 'text', (col) => col.notNull())
    .addColumn('resource_kind', 'text')
    // The recommendation's action ({ kind, description, target, reversible }) as it was when the entry was made.
    .addColumn('action', 'jsonb', (col) => col.notNull())
    .addColumn('tags', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('showback_values', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('estimated_monthly_saving', 'double precision', (col) => col.notNull())
    .addColumn('on_demand_monthly_saving', 'double precision', (col) => col.notNull())
    .addColumn('current_monthly_cost', 'double precision', (col) => col.notNull())
    .addColumn('state', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`state in ('open', 'dismissed', 'snoozed', 'accepted', 'approved', 'applied', 'verified', 'regressed')`,
        ),
    )
    .addColumn('status_reason', 'text')
    .addColumn('snoozed_until', 'text')
    .addColumn('proposed_by', 'text')
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('approved_by', 'text')
    .addColumn('applied_at', 'timestamptz')
    .addColumn('applied_via', 'text', (col) => col.check(sql`applied_via in ('cloud', 'manual')`))
    .addColumn('apply_status', 'text', (col) =>
      col.notNull().defaultTo('idle').check(sql`apply_status in ('idle', 'running', 'succeeded', 'failed')`),
    )
    .addColumn('apply_error', 'text')
    // What the resource was before applying (state, type), so a multi-step apply restores what it should.
    .addColumn('apply_plan', 'jsonb')
    .addColumn('safety_snapshot_id', 'text')
    .addColumn('verification', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('savings_ledger_entries_recommendation', ['client_id', 'recommendation_id'])
    .execute();
  await db.schema
    .createIndex('savings_ledger_entries_project')
    .on('savings_ledger_entries')
    .column('project_id')
    .execute();

  await db.schema
    .createTable('savings_ledger_events')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('entry_id', 'text', (col) =>
      col.notNull().references('savings_ledger_entries.id').onDelete('cascade'),
    )
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('from_state', 'text', (col) => col.notNull())
    .addColumn('to_state', 'text', (col) => col.notNull())
    // The user's email or 'system'; kept as text so the trail outlives a removed user.
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('detail', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('savings_ledger_events_entry')
    .on('savings_ledger_events')
    .columns(['entry_id', 'at'])
    .execute();

  await db.schema
    .createTable('remediation_policies')
    .addColumn('client_id', 'text', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('rule_key', 'text', (col) => col.notNull())
    .addColumn('auto_apply', 'boolean', (col) => col.notNull())
    .addColumn('approval', 'text', (col) => col.notNull().check(sql`approval in ('admin', 'automatic')`))
    .addColumn('account_ids', 'jsonb', (col) => col.notNull())
    .addColumn('tags', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('remediation_policies_pkey', ['client_id', 'rule_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('remediation_policies').execute();
  await db.schema.dropTable('savings_ledger_events').execute();
  await db.schema.dropTable('savings_ledger_entries').execute();
}
