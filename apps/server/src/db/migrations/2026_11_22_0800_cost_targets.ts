import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// Cost targets (budgets) with monthly plannings, their change history, alerts and the crossings they fired.

const id = sql`gen_random_uuid()::text`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cost_targets')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(id))
    .addColumn('client_id', 'text', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    // { filters: CostFilter[], project_ids?: string[] } (contracts cost-targets.ts).
    .addColumn('scope', 'jsonb', (col) => col.notNull())
    .addColumn('cost_type', 'text', (col) => col.notNull())
    .addColumn('period', 'text', (col) =>
      col.notNull().check(sql`period in ('MONTHLY', 'QUARTERLY', 'YEARLY')`),
    )
    .addColumn('start_date', 'text', (col) => col.notNull())
    .addColumn('end_date', 'text')
    .addColumn('budget_type', 'text', (col) =>
      col.notNull().check(sql`budget_type in ('top_down', 'bottom_up')`),
    )
    .addColumn('amount', 'double precision')
    .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    // When the alert job last evaluated it: imports finished after this make it due again.
    .addColumn('evaluated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('cost_targets_client_id').on('cost_targets').column('client_id').execute();
  await db.schema.createIndex('cost_targets_created_by').on('cost_targets').column('created_by').execute();

  await db.schema
    .createTable('cost_target_plannings')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(id))
    .addColumn('cost_target_id', 'text', (col) =>
      col.notNull().references('cost_targets.id').onDelete('cascade'),
    )
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('amount', 'double precision', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('cost_target_plannings_target_month', ['cost_target_id', 'month'])
    .execute();

  await db.schema
    .createTable('cost_target_planning_history')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(id))
    .addColumn('cost_target_id', 'text', (col) =>
      col.notNull().references('cost_targets.id').onDelete('cascade'),
    )
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) =>
      col.notNull().check(sql`source in ('manual', 'csv', 'lookback', 'growth')`),
    )
    .addColumn('before', 'double precision')
    .addColumn('after', 'double precision')
    .addColumn('changed_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('changed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('cost_target_planning_history_target')
    .on('cost_target_planning_history')
    .columns(['cost_target_id', 'changed_at'])
    .execute();
  await db.schema
    .createIndex('cost_target_planning_history_changed_by')
    .on('cost_target_planning_history')
    .column('changed_by')
    .execute();

  await db.schema
    .createTable('cost_target_alerts')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(id))
    .addColumn('cost_target_id', 'text', (col) =>
      col.notNull().references('cost_targets.id').onDelete('cascade'),
    )
    .addColumn('basis', 'text', (col) => col.notNull().check(sql`basis in ('actual', 'forecast')`))
    .addColumn('threshold_type', 'text', (col) =>
      col.notNull().check(sql`threshold_type in ('percent', 'amount')`),
    )
    .addColumn('threshold', 'double precision', (col) => col.notNull())
    .addColumn('frequency', 'text', (col) =>
      col.notNull().check(sql`frequency in ('immediately', 'daily', 'weekly')`),
    )
    // { user_ids, emails, channel_ids }
    .addColumn('recipients', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('cost_target_alerts_target')
    .on('cost_target_alerts')
    .column('cost_target_id')
    .execute();

  // One row per threshold crossing and period: the unique key is what makes an alert fire once.
  await db.schema
    .createTable('cost_target_fired_alerts')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(id))
    .addColumn('alert_id', 'text', (col) =>
      col.notNull().references('cost_target_alerts.id').onDelete('cascade'),
    )
    .addColumn('period_start', 'text', (col) => col.notNull())
    .addColumn('threshold', 'double precision', (col) => col.notNull())
    .addColumn('value', 'double precision', (col) => col.notNull())
    .addColumn('budget', 'double precision', (col) => col.notNull())
    // The notifications.dispatch payload, built when the crossing fired (digests send it later).
    .addColumn('message', 'jsonb', (col) => col.notNull())
    .addColumn('fired_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // Set when the notification was enqueued (at once, or by the daily / weekly digest).
    .addColumn('notified_at', 'timestamptz')
    .addUniqueConstraint('cost_target_fired_alerts_once', ['alert_id', 'period_start', 'threshold'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cost_target_fired_alerts').execute();
  await db.schema.dropTable('cost_target_alerts').execute();
  await db.schema.dropTable('cost_target_planning_history').execute();
  await db.schema.dropTable('cost_target_plannings').execute();
  await db.schema.dropTable('cost_targets').execute();
}
