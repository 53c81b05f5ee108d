import type {
  AsgActivities,
  AsgActivitiesQuery,
  AsgDashboard,
  CopilotQuery,
  CopilotResource,
  DatabricksDashboard,
  Visibility,
  VisibilityGroup,
  VisibilityGroupType,
} from '@finlens/contracts/compute-copilot';
import type { ClientCaller } from '../../platform/auth/caller';
import { fieldError, notFound } from '../../platform/http/http-error';
import type { CostScopes } from '../../warehouse/cost-scope';
import { asgActivities, type ResolveCloudTarget } from './asg-activities';
import { asgDashboard, type UtilisationReader } from './asg-dashboard';
import type { ComputeCopilotRepo } from './compute-copilot.repo';
import { type CopilotWarehouse, type CopilotWindow, windowOf } from './copilot-reads';
import { resourceCost } from './copilot-resource';
import { databricksDashboard } from './databricks-dashboard';
import { groupFilter, groupLabel, visibility, visibilityGroup } from './visibility';

export interface ComputeCopilotDeps {
  scopes: CostScopes;
  warehouse: CopilotWarehouse;
  repo: ComputeCopilotRepo;
  utilisation: UtilisationReader;
  /** Live reads of a project's cloud (scaling activities); absent: not wired, answered as unavailable. */
  resolveCloud?: ResolveCloudTarget;
}

const windowFields = (window: CopilotWindow | null) => ({
  start_date: window?.from ?? null,
  end_date: window?.to ?? null,
  as_of: window?.asOf ?? null,
});

/** Compute Copilot's dashboards: ASGs, Databricks and compute visibility, over the caller's projects. */
export function createComputeCopilotService({
  scopes,
  warehouse,
  repo,
  utilisation,
  resolveCloud = async () => null,
}: ComputeCopilotDeps) {
  async function open(caller: ClientCaller, query: CopilotQuery) {
    const scope = await scopes.requested(caller, query.project_ids);
    return { scope, window: await windowOf(warehouse, scope, query) };
  }

  return {
    async asg(caller: ClientCaller, query: CopilotQuery): Promise<AsgDashboard> {
      const { scope, window } = await open(caller, query);
      const answer = await asgDashboard({ warehouse, repo, utilisation, scope, window });
      return { ...windowFields(window), ...answer };
    },

    /** 404 unless the inventory lists the group in one of the caller's projects. */
    async asgActivities(caller: ClientCaller, query: AsgActivitiesQuery): Promise<AsgActivities> {
      const scope = await scopes.requested(caller, [query.project_id]);
      const rows = await repo.groupsAndInstances(scope.projectIds);
      const known = rows.some(
        (r) =>
          r.kind === 'autoscaling-group' &&
          r.account_id === query.account_id &&
          r.region === query.region &&
          r.resource_id === query.name,
      );
      if (!known) throw notFound();
      return asgActivities(resolveCloud, caller.clientId, query);
    },

    async databricks(caller: ClientCaller, query: CopilotQuery): Promise<DatabricksDashboard> {
      const { scope, window } = await open(caller, query);
      if (window === null) {
        const none = { infrastructure: 0, dbu: 0, total: 0 };
        return {
          ...windowFields(window),
          currency: 'USD',
          totals: { ...none, dbu_unallocated: 0, instances: 0, instances_awaiting_cpu: 0 },
          dbu_lines: [],
          workspaces: [],
          clusters: [],
          jobs: [],
          users: [],
        };
      }
      const answer = await databricksDashboard({ warehouse, repo, utilisation, scope, window });
      return { ...windowFields(window), currency: 'USD', ...answer };
    },

    async visibility(caller: ClientCaller, query: CopilotQuery): Promise<Visibility> {
      const { scope, window } = await open(caller, query);
      if (window === null) {
        const zero = { effective: 0, on_demand: 0, savings: 0 };
        return {
          ...windowFields(window),
          currency: 'USD',
          totals: { ...zero, savings_rate: null, coverage: null, spot_share: null },
          by_purchase_option: [],
          by_resource_type: [],
          by_instance_type: [],
          periods: [],
          series: [],
        };
      }
      return { ...windowFields(window), ...(await visibility(warehouse, scope, window)) };
    },

    async visibilityGroup(
      caller: ClientCaller,
      params: { type: VisibilityGroupType; id: string },
      query: CopilotQuery,
    ): Promise<VisibilityGroup> {
      const filter = groupFilter(params.type, params.id);
      if (filter === null) throw fieldError('id', [`Unknown ${params.type}: ${params.id}.`]);
      const { scope, window } = await open(caller, query);
      const head = {
        ...windowFields(window),
        type: params.type,
        id: params.id,
        label: groupLabel(params.type, params.id),
      };
      if (window === null) {
        const totals = { effective: 0, on_demand: 0, savings: 0 };
        return { ...head, currency: 'USD', totals, resources: [], group_count: 0 };
      }
      return { ...head, ...(await visibilityGroup(warehouse, scope, window, filter)) };
    },

    async resource(caller: ClientCaller, id: string, query: CopilotQuery): Promise<CopilotResource> {
      const { scope, window } = await open(caller, query);
      const row = await repo.resource(scope.projectIds, id);
      const cost = window === null ? null : await resourceCost(warehouse, scope, window, id);
      const billed = cost !== null && cost.by_purchase_option.length > 0;
      if (row === null && !billed) throw notFound();
      const attributes = (row?.resource ?? {}) as Record<string, unknown>;
      return {
        ...windowFields(window),
        resource_id: id,
        inventory:
          row === null
            ? null
            : {
                project_id: row.project_id,
                account_id: row.account_id,
                region: row.region,
                kind: row.kind,
                name: row.name,
                state: row.state,
                attributes,
              },
        ...(cost ?? {
          currency: 'USD',
          totals: { effective: 0, on_demand: 0, savings: 0 },
          by_purchase_option: [],
          periods: [],
          series: [],
        }),
      };
    },
  };
}

export type ComputeCopilotService = ReturnType<typeof createComputeCopilotService>;
