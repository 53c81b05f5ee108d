import { type Kysely, sql } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { FieldChange } from '../../integrations/cloud/resource-diff';
import type {
  CollectionError,
  CollectionRunRow,
  CollectionStatus,
  InventoryResourceRow,
  StoredResource,
} from './inventory.tables';

export interface RunKey {
  projectId: string;
  passId: string;
  accountId: string;
  region: string;
}

/** One resource as the pass saw it (the stored row's columns). */
export interface ResourceWrite {
  accountId: string;
  region: string;
  kind: string;
  id: string;
  name: string | null;
  state: string;
  resource: StoredResource;
}

export interface ChangeWrite {
  change: 'created' | 'changed' | 'deleted';
  resource: ResourceWrite;
  fields: FieldChange[];
}

export interface PassOutcome {
  status: Exclude<CollectionStatus, 'queued' | 'running'>;
  errors: CollectionError[];
  /** Resources seen this pass (created or still there), and those gone. */
  upserts: ResourceWrite[];
  deletes: ResourceWrite[];
  changes: ChangeWrite[];
  at: Date;
}

const FINISHED: CollectionStatus[] = ['succeeded', 'partial', 'failed'];
/** Rows per INSERT statement (10 parameters each, well under PostgreSQL's 65,535 per statement). */
const UPSERT_BATCH = 1000;

/** Inventory storage: simulated projects' scenarios, collection runs, current resources and their changes. */
export function createInventoryRepo({ db }: { db: Kysely<AppTables> }) {
  return {
    /**
     * A new scenario is a new simulated cloud: the actions taken on the previous one are dropped with it.
     * `billFollowsActions`: the project's bill was generated with the scenario (the demo's) and follows them.
     */
    async saveScenario(projectId: string, scenario: unknown, billFollowsActions = false): Promise<void> {
      const json = JSON.stringify(scenario);
      const values = { scenario: json, bill_follows_actions: billFollowsActions };
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('cloud_simulations')
          .values({ project_id: projectId, ...values })
          .onConflict((c) => c.column('project_id').doUpdateSet(values))
          .execute();
        await trx.deleteFrom('cloud_simulation_actions').where('project_id', '=', projectId).execute();
      });
    },

    async scenarioOf(projectId: string): Promise<unknown | null> {
      const row = await db
        .selectFrom('cloud_simulations')
        .select('scenario')
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return row?.scenario ?? null;
    },

    /** The `kubernetes` section and `transitionSeconds` of the project's scenario, without the rest of it. */
    async kubernetesOf(
      projectId: string,
    ): Promise<{ kubernetes: unknown; transitionSeconds: unknown } | null> {
      const row = await db
        .selectFrom('cloud_simulations')
        .select([
          sql<unknown>`scenario -> 'kubernetes'`.as('kubernetes'),
          sql<unknown>`scenario -> 'transitionSeconds'`.as('transitionSeconds'),
        ])
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return row ?? null;
    },

    /** The scenarios of the client's simulated projects. */
    async scenariosOf(clientId: string): Promise<{ project_id: string; scenario: unknown }[]> {
      return (
        db
          .selectFrom('cloud_simulations')
          .innerJoin('projects', 'projects.id', 'cloud_simulations.project_id')
          // Only the accounts: a scenario of 100k resources is megabytes of JSON.
          .select([
            'cloud_simulations.project_id',
            sql<unknown>`json_build_object('accounts', cloud_simulations.scenario -> 'accounts')`.as(
              'scenario',
            ),
          ])
          .where('projects.client_id', '=', clientId)
          .execute()
      );
    },

    /** The run of a pass, account and region, created queued the first time (a re-run job finds the same row). */
    async openRun(key: RunKey): Promise<CollectionRunRow> {
      await db
        .insertInto('collection_runs')
        .values({
          project_id: key.projectId,
          pass_id: key.passId,
          account_id: key.accountId,
          region: key.region,
          errors: '[]',
          started_at: null,
          finished_at: null,
          resource_count: null,
        })
        .onConflict((c) => c.columns(['project_id', 'pass_id', 'account_id', 'region']).doNothing())
        .execute();
      return db
        .selectFrom('collection_runs')
        .selectAll()
        .where('project_id', '=', key.projectId)
        .where('pass_id', '=', key.passId)
        .where('account_id', '=', key.accountId)
        .where('region', '=', key.region)
        .executeTakeFirstOrThrow();
    },

    /**
     * Adds the metric reads that failed to a finished run (once per run: a run that already holds metric
     * errors keeps them); a succeeded run becomes partial. The listing's result stays as it was.
     */
    async addMetricErrors(runId: string, errors: CollectionError[]): Promise<void> {
      if (errors.length === 0) return;
      await db.transaction().execute(async (trx) => {
        const run = await trx
          .selectFrom('collection_runs')
          .select(['status', 'errors'])
          .where('id', '=', runId)
          .forUpdate()
          .executeTakeFirst();
        if (run === undefined || run.errors.some((e) => e.service === 'cloudwatch')) return;
        await trx
          .updateTable('collection_runs')
          .set({
            errors: JSON.stringify([...run.errors, ...errors]),
            status: run.status === 'succeeded' ? 'partial' : run.status,
          })
          .where('id', '=', runId)
          .execute();
      });
    },

    async markRunning(runId: string, at: Date): Promise<void> {
      await db
        .updateTable('collection_runs')
        .set({ status: 'running', started_at: at })
        .where('id', '=', runId)
        .where('status', 'not in', FINISHED)
        .execute();
    },

    currentResources(projectId: string, accountId: string, region: string): Promise<InventoryResourceRow[]> {
      return db
        .selectFrom('inventory_resources')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('account_id', '=', accountId)
        .where('region', '=', region)
        .execute();
    },

    /**
     * Saves a pass's result in one transaction, once: a run already finished (its job ran twice) is left as
     * it is, so a repeated job adds neither rows nor change events. False when the run was already finished.
     */
    finishRun(run: CollectionRunRow, outcome: PassOutcome): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('collection_runs')
          .select('status')
          .where('id', '=', run.id)
          .forUpdate()
          .executeTakeFirst();
        if (current === undefined || FINISHED.includes(current.status)) return false;
        const at = outcome.at;
        // Multi-row upserts (a statement per resource made a 100k-resource pass take minutes); a resource seen
        // again keeps its first_seen_at.
        for (let i = 0; i < outcome.upserts.length; i += UPSERT_BATCH) {
          await trx
            .insertInto('inventory_resources')
            .values(
              outcome.upserts.slice(i, i + UPSERT_BATCH).map((r) => ({
                project_id: run.project_id,
                account_id: r.accountId,
                region: r.region,
                kind: r.kind,
                resource_id: r.id,
                name: r.name,
                state: r.state,
                resource: JSON.stringify(r.resource),
                first_seen_at: at,
                last_seen_at: at,
              })),
            )
            .onConflict((c) =>
              c.columns(['project_id', 'account_id', 'region', 'kind', 'resource_id']).doUpdateSet((eb) => ({
                name: eb.ref('excluded.name'),
                state: eb.ref('excluded.state'),
                resource: eb.ref('excluded.resource'),
                last_seen_at: eb.ref('excluded.last_seen_at'),
              })),
            )
            .execute();
        }
        for (const r of outcome.deletes) {
          await trx
            .deleteFrom('inventory_resources')
            .where('project_id', '=', run.project_id)
            .where('account_id', '=', r.accountId)
            .where('region', '=', r.region)
            .where('kind', '=', r.kind)
            .where('resource_id', '=', r.id)
            .execute();
        }
        for (let i = 0; i < outcome.changes.length; i += UPSERT_BATCH) {
          await trx
            .insertInto('inventory_changes')
            .values(
              outcome.changes.slice(i, i + UPSERT_BATCH).map((c) => ({
                project_id: run.project_id,
                run_id: run.id,
                account_id: c.resource.accountId,
                region: c.resource.region,
                kind: c.resource.kind,
                resource_id: c.resource.id,
                change: c.change,
                fields: JSON.stringify(c.fields),
                resource: JSON.stringify(c.resource.resource),
                recorded_at: at,
              })),
            )
            .onConflict((c) => c.columns(['run_id', 'account_id', 'kind', 'resource_id']).doNothing())
            .execute();
        }
        await trx
          .updateTable('collection_runs')
          .set({
            status: outcome.status,
            finished_at: at,
            started_at: run.started_at ?? at,
            resource_count: outcome.upserts.length,
            errors: JSON.stringify(outcome.errors),
          })
          .where('id', '=', run.id)
          .execute();
        return true;
      });
    },

    runsOfPass(projectId: string, passId: string): Promise<CollectionRunRow[]> {
      return db
        .selectFrom('collection_runs')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('pass_id', '=', passId)
        .orderBy('region')
        .execute();
    },

    /** Every run of the newest pass of each of the client's projects. */
    async latestPasses(clientId: string): Promise<CollectionRunRow[]> {
      const newest = db
        .selectFrom('collection_runs')
        .innerJoin('projects', 'projects.id', 'collection_runs.project_id')
        .select(['collection_runs.project_id', 'collection_runs.pass_id'])
        .where('projects.client_id', '=', clientId)
        .distinctOn('collection_runs.project_id')
        .orderBy('collection_runs.project_id')
        .orderBy('collection_runs.queued_at', 'desc');
      return db
        .selectFrom('collection_runs')
        .innerJoin(newest.as('newest'), (join) =>
          join
            .onRef('newest.project_id', '=', 'collection_runs.project_id')
            .onRef('newest.pass_id', '=', 'collection_runs.pass_id'),
        )
        .selectAll('collection_runs')
        .orderBy('collection_runs.region')
        .execute();
    },

    /** Current resources per project and kind, over the client's projects. */
    kindCounts(clientId: string) {
      return db
        .selectFrom('inventory_resources')
        .innerJoin('projects', 'projects.id', 'inventory_resources.project_id')
        .select((eb) => [
          'inventory_resources.project_id',
          'inventory_resources.kind',
          eb.fn.countAll<string>().as('count'),
        ])
        .where('projects.client_id', '=', clientId)
        .groupBy(['inventory_resources.project_id', 'inventory_resources.kind'])
        .execute();
    },

    changesOfRun(runId: string) {
      return db
        .selectFrom('inventory_changes')
        .selectAll()
        .where('run_id', '=', runId)
        .orderBy('kind')
        .orderBy('resource_id')
        .execute();
    },
  };
}

export type InventoryRepo = ReturnType<typeof createInventoryRepo>;
