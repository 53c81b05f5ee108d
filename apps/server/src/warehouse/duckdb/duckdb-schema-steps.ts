import type { DuckDBConnection } from '@duckdb/node-api';
import { CANONICAL_COLUMNS, LINE_ITEMS_TABLE } from '../canonical-schema';
import { COMMITMENT_HOURLY_ROLLUP, COMMITMENT_ROLLUP } from '../cost-query/commitment-rollup';
import { CONTAINER_NODE_ROLLUP, CONTAINER_ROLLUP } from '../cost-query/container-rollup';
import { CONTAINER_WORKLOAD_ROLLUP } from '../cost-query/container-workload-rollup';
import {
  RESOURCE_WEEKLY_ROLLUP,
  ROLLUP_DAY_COLUMN,
  ROLLUPS,
  type RollupDefinition,
  SCOPE_ROLLUP,
  TAG_ROLLUP,
} from '../cost-query/rollups';
import { createMetricsTablesSql } from './duckdb-metrics-store';
import { createRollupSql, rebuildRollups } from './duckdb-rollups';
import { createLineItemsSql, duckDbType } from './duckdb-schema';
import { inTransaction } from './duckdb-transaction';

const STEPS_TABLE = 'warehouse_schema_steps';

/**
 * Warehouse schema versions as named steps, applied once each in order and recorded. A step is frozen once
 * released: a changed rollup gets a new step that drops and rebuilds it. Warehouses made before the steps
 * table existed already have line_items; its step is then a no-op (CREATE … IF NOT EXISTS).
 */
const STEPS: { name: string; apply: (connection: DuckDBConnection) => Promise<void> }[] = [
  {
    name: `create ${LINE_ITEMS_TABLE}`,
    apply: async (connection) => {
      await connection.run(createLineItemsSql());
    },
  },
  {
    name: 'create daily cost rollups',
    apply: async (connection) => {
      // The rollups of that release; later ones came with their own steps.
      const rollups = ROLLUPS.filter((r) => r.table === 'cost_rollup_daily' || r.table === TAG_ROLLUP);
      for (const rollup of rollups) await connection.run(createRollupSql(rollup));
      await rebuildRollups(connection, null, rollups);
    },
  },
  {
    // The first tag rollup kept eight charge columns beside the tag sets and held ~90% of the line items.
    name: 'narrow the daily tag rollup',
    apply: async (connection) => {
      const rollup = ROLLUPS.filter((r) => r.table === TAG_ROLLUP);
      await connection.run(`DROP TABLE IF EXISTS ${TAG_ROLLUP}`);
      for (const r of rollup) await connection.run(createRollupSql(r));
      await rebuildRollups(connection, null, rollup);
    },
  },
  {
    // Scope facts (newest day, currency) and undimensioned queries read it instead of the line items.
    name: 'create the daily scope rollup',
    apply: async (connection) => {
      const rollup = ROLLUPS.filter((r) => r.table === SCOPE_ROLLUP);
      for (const r of rollup) await connection.run(createRollupSql(r));
      await rebuildRollups(connection, null, rollup);
    },
  },
  {
    // A warehouse made before this column gets it empty (a new one already has it: IF NOT EXISTS).
    name: 'add line_item_iam_principal',
    apply: async (connection) => {
      await connection.run(
        `ALTER TABLE ${LINE_ITEMS_TABLE} ADD COLUMN IF NOT EXISTS "line_item_iam_principal" VARCHAR`,
      );
    },
  },
  {
    // Commitment inventory, utilisation and coverage (docs/commitments.md); old rows read NULL.
    name: 'add the commitment columns',
    apply: async (connection) => {
      for (const name of COMMITMENT_COLUMNS) await addColumn(connection, name);
    },
  },
  {
    name: 'create the resource metrics tables',
    apply: async (connection) => {
      for (const sql of createMetricsTablesSql()) await connection.run(sql);
    },
  },
  {
    // Kubernetes cost (containers feature): requested vs used and the net split costs; old rows read NULL.
    name: 'add the split usage columns',
    apply: async (connection) => {
      for (const name of SPLIT_USAGE_COLUMNS) await addColumn(connection, name);
    },
  },
  {
    // Commitment Management's day and month reads: the commitment rows per day (docs/commitments.md).
    name: 'create the commitment rollup',
    apply: async (connection) => {
      await connection.run(createRollupSql(COMMITMENT_ROLLUP));
      await rebuildRollups(connection, null, [COMMITMENT_ROLLUP]);
    },
  },
  {
    // The containers screens' reads: the EKS pods' split sums per day and Kubernetes key (kubernetes-costs.ts).
    name: 'create the container rollup',
    apply: async (connection) => {
      await connection.run(createRollupSql(CONTAINER_ROLLUP));
      await rebuildRollups(connection, null, [CONTAINER_ROLLUP]);
    },
  },
  {
    // The containers reconciliation and node capacity: pods' and nodes' cost per hour and node.
    name: 'create the container node-hour rollup',
    apply: async (connection) => {
      await connection.run(createRollupSql(CONTAINER_NODE_ROLLUP));
      await rebuildRollups(connection, null, [CONTAINER_NODE_ROLLUP]);
    },
  },
  {
    // Container rightsizing: the pods' use per workload and hour, for the p95 over a look-back (docs/adr/0014).
    name: 'create the container workload-hour rollup',
    apply: async (connection) => {
      await connection.run(createRollupSql(CONTAINER_WORKLOAD_ROLLUP));
      await rebuildRollups(connection, null, [CONTAINER_WORKLOAD_ROLLUP]);
    },
  },
  {
    // The purchase analyses' hours: eligible and reservation-covered usage per hour (commitment-hours.ts).
    name: 'create the hourly commitment rollup',
    apply: async (connection) => {
      await connection.run(createRollupSql(COMMITMENT_HOURLY_ROLLUP));
      await rebuildRollups(connection, null, [COMMITMENT_HOURLY_ROLLUP]);
    },
  },
  {
    // The container rollup gains each pod row's capacity type (its node's purchase option in the hour).
    name: 'add the capacity type to the container rollup',
    apply: (connection) => remakeRollup(connection, CONTAINER_ROLLUP),
  },
  {
    // Top resources rank from full weeks of this rollup and the line items of the days around them.
    name: 'create the weekly resource rollup',
    apply: async (connection) => {
      await connection.run(createRollupSql(RESOURCE_WEEKLY_ROLLUP));
      await rebuildRollups(connection, null, [RESOURCE_WEEKLY_ROLLUP]);
    },
  },
  {
    // The commitment rollup gains the RIFee rows' platform (the inventory's Platform / engine from the bill) and
    // FOCUS's commitment discount type, category, name and unit (the inventory's FOCUS commitments).
    name: 'add the reservation platform and the FOCUS commitment attributes to the commitment rollup',
    apply: (connection) => remakeRollup(connection, COMMITMENT_ROLLUP),
  },
  {
    // The commitment rollup gains the fee rows' hour: the dashboard's hourly fee rows read from it (fee_hour).
    name: 'add the fee hour to the commitment rollup',
    apply: (connection) => remakeRollup(connection, COMMITMENT_ROLLUP),
  },
  {
    // Rollup rows now go in by day (duckdb-rollups.ts); the rows already there are put in that order, so a range's
    // rows sit together and DuckDB skips the blocks of other days.
    name: 'order the rollups by day',
    apply: async (connection) => {
      for (const rollup of ROLLUPS) await orderByDay(connection, rollup);
    },
  },
];

/**
 * Rewrites a rollup's rows in day order (the same rows: copied aside, the table emptied and filled again). Not
 * remakeRollup: that rebuilds from the line items, a scan of every line item per rollup, where a copy of the
 * rollup's own rows (a fraction of them) gives the same table.
 */
async function orderByDay(connection: DuckDBConnection, rollup: RollupDefinition): Promise<void> {
  const table = rollup.table;
  await connection.run(`CREATE TEMPORARY TABLE rollup_rows AS SELECT * FROM ${table}`);
  await connection.run(`DELETE FROM ${table}`);
  await connection.run(`INSERT INTO ${table} SELECT * FROM rollup_rows ORDER BY ${ROLLUP_DAY_COLUMN}`);
  await connection.run('DROP TABLE rollup_rows');
}

/** Drops a rollup whose columns changed and builds it anew from the line items. */
async function remakeRollup(connection: DuckDBConnection, rollup: RollupDefinition): Promise<void> {
  await connection.run(`DROP TABLE IF EXISTS ${rollup.table}`);
  await connection.run(createRollupSql(rollup));
  await rebuildRollups(connection, null, [rollup]);
}

/** The columns of the step 'add the split usage columns' (frozen). */
const SPLIT_USAGE_COLUMNS = [
  'split_line_item_reserved_usage',
  'split_line_item_actual_usage',
  'split_line_item_split_usage',
  'split_line_item_split_usage_ratio',
  'split_line_item_net_split_cost',
  'split_line_item_net_unused_cost',
  'split_line_item_public_on_demand_split_cost',
  'split_line_item_public_on_demand_unused_cost',
];

/** The columns of the step 'add the commitment columns' (frozen: a later column gets its own step). */
const COMMITMENT_COLUMNS = [
  'reservation_availability_zone',
  'reservation_start_time',
  'reservation_end_time',
  'reservation_modification_status',
  'reservation_normalized_units_per_reservation',
  'reservation_number_of_reservations',
  'reservation_recurring_fee_for_usage',
  'reservation_subscription_id',
  'reservation_total_reserved_normalized_units',
  'reservation_total_reserved_units',
  'reservation_units_per_reservation',
  'reservation_unused_normalized_unit_quantity',
  'reservation_unused_quantity',
  'reservation_upfront_value',
  'savings_plan_end_time',
  'savings_plan_instance_type_family',
  'savings_plan_purchase_term',
  'savings_plan_recurring_commitment_for_billing_period',
  'savings_plan_region',
  'savings_plan_savings_plan_rate',
  'savings_plan_start_time',
  'commitment_discount_category',
  'commitment_discount_id',
  'commitment_discount_name',
  'commitment_discount_quantity',
  'commitment_discount_status',
  'commitment_discount_type',
  'commitment_discount_unit',
  'charge_frequency',
];

/** Adds a canonical column to line_items when missing (appended: loads name their columns). */
async function addColumn(connection: DuckDBConnection, name: string): Promise<void> {
  const column = CANONICAL_COLUMNS.find((c) => c.name === name);
  if (column === undefined) throw new Error(`not a canonical column: ${name}`);
  await connection.run(
    `ALTER TABLE ${LINE_ITEMS_TABLE} ADD COLUMN IF NOT EXISTS "${name}" ${duckDbType(column.type)}`,
  );
}

/** Applies the steps a warehouse lacks, each in its own transaction; returns their names. */
export async function applySchemaSteps(connection: DuckDBConnection): Promise<string[]> {
  await connection.run(
    `CREATE TABLE IF NOT EXISTS ${STEPS_TABLE} (step VARCHAR PRIMARY KEY, applied_at TIMESTAMP)`,
  );
  const done = new Set(
    (await connection.runAndReadAll(`SELECT step FROM ${STEPS_TABLE}`))
      .getRowObjectsJson()
      .map((r) => String(r.step)),
  );
  const applied: string[] = [];
  for (const step of STEPS.filter((s) => !done.has(s.name))) {
    await inTransaction(connection, async () => {
      await step.apply(connection);
      await connection.run(`INSERT INTO ${STEPS_TABLE} VALUES ($1, current_timestamp)`, [step.name]);
    });
    applied.push(step.name);
  }
  return applied;
}
