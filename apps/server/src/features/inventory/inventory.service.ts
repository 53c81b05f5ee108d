import { randomUUID } from 'node:crypto';
import type {
  AccountInventory,
  InventoryResource,
  InventoryResources,
  ResourcesQuery,
} from '@finlens/contracts/inventory';
import { z } from 'zod';
import { parseScenario, ScenarioError } from '../../integrations/cloud/simulated/scenario-file';
import type { ClientCaller } from '../../platform/auth/caller';
import { HttpError } from '../../platform/http/http-error';
import type { CostScopes } from '../../warehouse/cost-scope';
import { accountInventory, countsByProject } from './collection-status';
import { awaitingReason, type CollectionTargets } from './collection-targets';
import type { CollectionTargetsRepo } from './collection-targets.repo';
import type { InventoryRepo } from './inventory.repo';
import type { InventoryResourceRow } from './inventory.tables';
import type { InventoryCollection } from './inventory-collection.service';
import type { CostViewResource, InventoryCostViewRepo, InventoryListRepo } from './inventory-list.repo';

export type { CostViewResource };

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toResource(row: InventoryResourceRow): InventoryResource {
  const { kind, id, arn, accountId, region, name, tags, state, createdAt, ...attributes } =
    row.resource as Record<string, unknown>;
  return {
    project_id: row.project_id,
    account_id: row.account_id,
    region: row.region,
    kind: row.kind as InventoryResource['kind'],
    resource_id: row.resource_id,
    arn: typeof arn === 'string' ? arn : null,
    name: row.name,
    state: row.state,
    tags: (tags ?? {}) as Record<string, string>,
    first_seen_at: iso(row.first_seen_at) ?? '',
    last_seen_at: iso(row.last_seen_at) ?? '',
    attributes: { ...attributes, createdAt: createdAt ?? null },
  };
}

const namedAccounts = z.object({
  accounts: z.array(z.object({ accountId: z.string(), name: z.string().min(1).optional() }).passthrough()),
});

/** The named accounts of a stored scenario (checked whole when it was loaded); none when it has no names. */
function scenarioAccounts(scenario: unknown): { accountId: string; name: string }[] {
  const parsed = namedAccounts.safeParse(scenario);
  if (!parsed.success) return [];
  return parsed.data.accounts.flatMap((a) =>
    a.name === undefined ? [] : [{ accountId: a.accountId, name: a.name }],
  );
}

/** The inventory as Resources Cost reads it: every resource of the projects, one whole, a change marker. */
export function createInventoryCostView({ repo }: { repo: InventoryCostViewRepo }) {
  return {
    resources: (projectIds: readonly string[]) => repo.resources(projectIds),
    version: (projectIds: readonly string[]) => repo.version(projectIds),
    /** One resource with its kind's attributes, null when it is not (or no longer) stored. */
    async resource(
      key: Pick<InventoryResourceRow, 'project_id' | 'account_id' | 'region' | 'kind' | 'resource_id'>,
    ) {
      const row = await repo.resource(key);
      return row === undefined ? null : toResource(row);
    },
  };
}

export type InventoryCostView = ReturnType<typeof createInventoryCostView>;

/** The inventory rules: tenancy through the one cost scope, collection through durable jobs. */
export function createInventoryService({
  repo,
  listRepo,
  targetsRepo,
  scopes,
  targets,
  collection,
  simulatedClusters = async () => undefined,
}: {
  repo: Pick<InventoryRepo, 'saveScenario' | 'latestPasses' | 'kindCounts' | 'scenariosOf'>;
  targetsRepo: Pick<CollectionTargetsRepo, 'collectability'>;
  listRepo: InventoryListRepo;
  scopes: Pick<CostScopes, 'requested'>;
  targets: CollectionTargets;
  collection: Pick<InventoryCollection, 'enqueuePass'>;
  /**
   * Registers the scenario's Kubernetes clusters as the project's simulated clusters (the Container
   * Scheduler's), as `finlens demo` does for the demo's (features/kubernetes-clusters ensureSimulated).
   */
  simulatedClusters?: (clientId: string, projectId: string, names: readonly string[]) => Promise<unknown>;
}) {
  /**
   * The account names the cloud side knows, by project id then account id: a simulated account's scenario
   * `name` (the AWS collection reads no names). For bills that name no account.
   */
  async function accountNames(clientId: string): Promise<Map<string, Map<string, string>>> {
    const out = new Map<string, Map<string, string>>();
    for (const { project_id, scenario } of await repo.scenariosOf(clientId)) {
      const names = new Map<string, string>();
      for (const account of scenarioAccounts(scenario)) names.set(account.accountId, account.name);
      out.set(project_id, names);
    }
    return out;
  }

  const ownProject = async (caller: ClientCaller, projectId: string) => {
    await scopes.requested(caller, [projectId]);
  };

  return {
    async resources(caller: ClientCaller, query: ResourcesQuery): Promise<InventoryResources> {
      const { project_ids, ...filters } = query;
      const scope = await scopes.requested(caller, project_ids);
      const { count, rows } = await listRepo.list(scope.projectIds, filters);
      return { count, page: query.page, page_size: query.page_size, results: rows.map(toResource) };
    },

    /** Queues a pass over the account (admin); 409 while it awaits configuration. */
    async collectNow(caller: ClientCaller, projectId: string) {
      await ownProject(caller, projectId);
      const target = await targets.resolve(projectId, caller.clientId);
      if (target === null) throw new HttpError(404, 'Not found.');
      if (target.kind === 'awaiting-configuration')
        throw new HttpError(409, `This account is awaiting configuration: ${target.reason}.`);
      const passId = randomUUID();
      await collection.enqueuePass(projectId, passId);
      return { pass_id: passId, status: 'queued' as const };
    },

    /** Makes the account a simulated one, collected from `scenario` (400 naming the bad field). */
    async loadScenario(caller: ClientCaller, projectId: string, scenario: unknown) {
      await ownProject(caller, projectId);
      let parsed: ReturnType<typeof parseScenario>;
      try {
        parsed = parseScenario(scenario);
      } catch (error) {
        if (error instanceof ScenarioError)
          throw new HttpError(400, `Invalid scenario: ${error.message}`, {
            [error.path || 'non_field_errors']: [error.detail],
          });
        throw error;
      }
      await repo.saveScenario(projectId, scenario);
      const clusters = parsed.kubernetes.clusters.map((c) => c.name);
      await simulatedClusters(caller.clientId, projectId, clusters);
      return {
        accounts: parsed.accounts.length,
        regions: parsed.regions.length,
        resources: parsed.resources.length,
        kubernetes_clusters: clusters.length,
      };
    },

    accountNames,

    /** Each project's inventory state, counts and newest pass, by project id (Settings → Cloud Accounts). */
    async accountInventories(clientId: string): Promise<Map<string, AccountInventory>> {
      const [projects, runs, kindCounts, names] = await Promise.all([
        targetsRepo.collectability(clientId),
        repo.latestPasses(clientId),
        repo.kindCounts(clientId),
        accountNames(clientId),
      ]);
      const counts = countsByProject(kindCounts);
      const out = new Map<string, AccountInventory>();
      for (const project of projects) {
        out.set(
          project.id,
          accountInventory({
            awaiting: project.pollable ? null : awaitingReason(project),
            runs: runs.filter((run) => run.project_id === project.id),
            accountNames: names.get(project.id) ?? new Map(),
            counts: counts.get(project.id) ?? {},
          }),
        );
      }
      return out;
    },
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
