import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new timestamped file instead.
// Recommendations and rules (issue 21): a client's rule settings, every evaluation of a project, the findings
// (one row per rule and resource, kept after they resolve), their history (opened, changed, resolved) and each
// rule's open violations and cost at stake per day.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rule_settings')
    .addColumn('client_id', 'text', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('rule_key', 'text', (col) => col.notNull())
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    // { threshold key: value } replacing the rule's defaults.
    .addColumn('thresholds', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text')
    .addPrimaryKeyConstraint('rule_settings_pkey', ['client_id', 'rule_key'])
    .execute();

  await db.schema
    .createTable('rule_evaluations')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('project_id', 'text', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('trigger', 'text', (col) =>
      col.notNull().check(sql`trigger in ('collection', 'import', 'rule-change', 'manual')`),
    )
    .addColumn('started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('finished_at', 'timestamptz', (col) => col.notNull())
    .addColumn('resources', 'integer', (col) => col.notNull())
    .addColumn('violations', 'integer', (col) => col.notNull())
    .addColumn('duration_ms', 'double precision', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('rule_evaluations_project_started')
    .on('rule_evaluations')
    .columns(['project_id', 'started_at'])
    .execute();

  await db.schema
    .createTable('recommendations')
    // A hash of project, rule and resource key: a re-evaluation updates the same row.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('project_id', 'text', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('rule_key', 'text', (col) => col.notNull())
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('resource_id', 'text', (col) => col.notNull())
    .addColumn('estimated_monthly_saving', 'double precision', (col) => col.notNull())
    .addColumn('on_demand_monthly_saving', 'double precision', (col) => col.notNull())
    // The recommendation as answered (contracts recommendationSchema without the ledger's fields).
    .addColumn('body', 'jsonb', (col) => col.notNull())
    .addColumn('first_seen_at', 'timestamptz', (col) => col.notNull())
    .addColumn('evaluated_at', 'timestamptz', (col) => col.notNull())
    .addColumn('resolved_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('recommendations_project_rule')
    .on('recommendations')
    .columns(['project_id', 'rule_key', 'resolved_at'])
    .execute();

  await db.schema
    .createTable('violation_events')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('recommendation_id', 'text', (col) =>
      col.notNull().references('recommendations.id').onDelete('cascade'),
    )
    .addColumn('project_id', 'text', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('rule_key', 'text', (col) => col.notNull())
    .addColumn('event', 'text', (col) => col.notNull().check(sql`event in ('opened', 'changed', 'resolved')`))
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('resource_id', 'text', (col) => col.notNull())
    .addColumn('resource_name', 'text')
    .addColumn('estimated_monthly_saving', 'double precision', (col) => col.notNull())
    .addColumn('previous_monthly_saving', 'double precision')
    // The resource's inventory change before the event ({ change, recorded_at, fields }), or null.
    .addColumn('cause', 'jsonb')
    .execute();
  await db.schema
    .createIndex('violation_events_project_at')
    .on('violation_events')
    .columns(['project_id', 'at'])
    .execute();
  await db.schema
    .createIndex('violation_events_recommendation')
    .on('violation_events')
    .columns(['recommendation_id'])
    .execute();

  await db.schema
    .createTable('rule_daily')
    .addColumn('project_id', 'text', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('rule_key', 'text', (col) => col.notNull())
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('open_violations', 'integer', (col) => col.notNull())
    .addColumn('cost_at_stake', 'double precision', (col) => col.notNull())
    .addPrimaryKeyConstraint('rule_daily_pkey', ['project_id', 'rule_key', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'rule_daily',
    'violation_events',
    'recommendations',
    'rule_evaluations',
    'rule_settings',
  ])
    await db.schema.dropTable(table).execute();
}
