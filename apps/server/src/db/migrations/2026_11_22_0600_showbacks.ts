import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// Showbacks (spec §3): who owns which dollar. Rules are ordered by `position`; the first matching rule wins.

const id = sql`gen_random_uuid()::text`;
const now = sql`now()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('showbacks')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(id))
    .addColumn('client_id', 'text', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('tag_keys', 'jsonb', (col) => col.notNull())
    .addColumn('allocation_tag_type', 'text', (col) =>
      col.notNull().check(sql`allocation_tag_type in ('tag', 'label', 'cost_allocation_tag')`),
    )
    // The projects whose cost is allocated; null: every project of the client.
    .addColumn('project_ids', 'jsonb')
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('showbacks_client_id').on('showbacks').column('client_id').execute();

  // Several raw tag values shown as one showback value.
  await db.schema
    .createTable('showback_combined_values')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(id))
    .addColumn('showback_id', 'text', (col) => col.notNull().references('showbacks.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('combined_values', 'jsonb', (col) => col.notNull())
    .addUniqueConstraint('showback_combined_values_name', ['showback_id', 'name'])
    .execute();

  await db.schema
    .createTable('showback_hidden_values')
    .addColumn('showback_id', 'text', (col) => col.notNull().references('showbacks.id').onDelete('cascade'))
    .addColumn('value', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('showback_hidden_values_pkey', ['showback_id', 'value'])
    .execute();

  await db.schema
    .createTable('showback_allocation_rules')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(id))
    .addColumn('showback_id', 'text', (col) => col.notNull().references('showbacks.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('assign', 'share')`))
    .addColumn('target_value', 'text')
    .addColumn('split_method', 'text', (col) =>
      col.check(sql`split_method is null or split_method in ('even', 'fixed', 'proportional')`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('showback_allocation_rules_showback_id')
    .on('showback_allocation_rules')
    .columns(['showback_id', 'position'])
    .execute();

  await db.schema
    .createTable('showback_rule_filters')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(id))
    .addColumn('rule_id', 'text', (col) =>
      col.notNull().references('showback_allocation_rules.id').onDelete('cascade'),
    )
    // A CostQuery filter (contracts/cost-query costFilterSchema) as JSON.
    .addColumn('filter', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('showback_rule_filters_rule_id')
    .on('showback_rule_filters')
    .column('rule_id')
    .execute();

  // The values a shared-cost rule splits across; `percent` only for fixed splits.
  await db.schema
    .createTable('showback_shared_splits')
    .addColumn('rule_id', 'text', (col) =>
      col.notNull().references('showback_allocation_rules.id').onDelete('cascade'),
    )
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('percent', 'double precision')
    .addPrimaryKeyConstraint('showback_shared_splits_pkey', ['rule_id', 'value'])
    .execute();

  await db.schema
    .createTable('showback_daily_units')
    .addColumn('showback_id', 'text', (col) => col.notNull().references('showbacks.id').onDelete('cascade'))
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('units', 'double precision', (col) => col.notNull())
    .addPrimaryKeyConstraint('showback_daily_units_pkey', ['showback_id', 'value', 'date'])
    .execute();

  // Spec §6: the values a member sees when memberships.allowed_all_showback_values is false.
  await db.schema
    .createTable('showback_value_grants')
    .addColumn('showback_id', 'text', (col) => col.notNull().references('showbacks.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('value', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('showback_value_grants_pkey', ['showback_id', 'user_id', 'value'])
    .execute();
  await db.schema
    .createIndex('showback_value_grants_user_id')
    .on('showback_value_grants')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'showback_value_grants',
    'showback_daily_units',
    'showback_shared_splits',
    'showback_rule_filters',
    'showback_allocation_rules',
    'showback_hidden_values',
    'showback_combined_values',
    'showbacks',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
