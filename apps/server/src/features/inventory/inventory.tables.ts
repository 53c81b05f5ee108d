import type { ColumnType, Generated, Selectable } from 'kysely';
import type { FieldChange } from '../../integrations/cloud/resource-diff';

type Json<T> = ColumnType<T, string, string>;
type Stamp = ColumnType<Date, Date | string, Date | string>;

/** A resource as stored: the port's resource with dates as ISO text. */
export type StoredResource = Record<string, unknown> & { kind: string; id: string };

/** What a collection run could not list, per service (the rest of the run was kept). */
export interface CollectionError {
  service: string;
  operation: string;
  code: string;
  message: string;
  kinds: string[];
}

export type CollectionStatus = 'queued' | 'running' | 'succeeded' | 'partial' | 'failed';

export interface CloudSimulationsTable {
  project_id: string;
  /** The scenario file's JSON (integrations/cloud/simulated/scenario-schema.ts). */
  scenario: Json<unknown>;
  /** The project's bill is generated beside the scenario (the demo's) and regenerated after each action. */
  bill_follows_actions: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, never, never>;
}

/** An action taken on a simulated account, replayed over the scenario when its cloud is built again. */
export interface CloudSimulationActionsTable {
  id: Generated<string>;
  project_id: string;
  account_id: string;
  performed_at: Stamp;
  /** The port's CloudAction. */
  action: Json<unknown>;
  recorded_at: Generated<Date>;
}

export interface CollectionRunsTable {
  id: Generated<string>;
  project_id: string;
  pass_id: string;
  account_id: string;
  region: string;
  status: Generated<CollectionStatus>;
  queued_at: Generated<Date>;
  started_at: Stamp | null;
  finished_at: Stamp | null;
  resource_count: number | null;
  errors: Json<CollectionError[]>;
}

export interface InventoryResourcesTable {
  project_id: string;
  account_id: string;
  region: string;
  kind: string;
  resource_id: string;
  name: string | null;
  state: string;
  resource: Json<StoredResource>;
  first_seen_at: Stamp;
  last_seen_at: Stamp;
}

export interface InventoryChangesTable {
  id: Generated<string>;
  project_id: string;
  run_id: string;
  account_id: string;
  region: string;
  kind: string;
  resource_id: string;
  change: 'created' | 'changed' | 'deleted';
  fields: Json<FieldChange[]>;
  resource: Json<StoredResource>;
  recorded_at: Stamp;
}

/** The inventory tables, merged into AppTables (db/tables.ts). */
export interface InventoryTables {
  cloud_simulations: CloudSimulationsTable;
  cloud_simulation_actions: CloudSimulationActionsTable;
  collection_runs: CollectionRunsTable;
  inventory_resources: InventoryResourcesTable;
  inventory_changes: InventoryChangesTable;
}

export type CollectionRunRow = Selectable<CollectionRunsTable>;
export type InventoryResourceRow = Selectable<InventoryResourcesTable>;
export type InventoryChangeRow = Selectable<InventoryChangesTable>;
