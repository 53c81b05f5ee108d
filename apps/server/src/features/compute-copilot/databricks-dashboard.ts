import type { DatabricksDashboard, DatabricksRow } from '@finlens/contracts/compute-copilot';
import type { CostFilter } from '@finlens/contracts/cost-query';
import {
  allocateDbus,
  type DbuLine,
  dbuKindOf,
} from '@finlens/cost-model/compute-copilot/databricks-allocation';
import type { ResourceCostRow } from '../../warehouse/cost-query/resource-costs';
import type { ReadScope } from '../../warehouse/cost-scope';
import type { UtilisationReader } from './asg-dashboard';
import type { ComputeCopilotRepo } from './compute-copilot.repo';
import {
  type CopilotWarehouse,
  type CopilotWindow,
  costBy,
  EFFECTIVE,
  previousWindow,
} from './copilot-reads';

/**
 * Databricks cost from the tags Databricks puts on its clusters' instances (Vendor, ClusterName, ClusterId,
 * JobId, RunName, Creator) and its DBU lines in the bill, infrastructure and DBUs side by side, per workspace
 * (the AWS account it runs in), cluster, job and user, over the window and the window before it.
 */
const TAGS = ['Vendor', 'ClusterName', 'ClusterId', 'JobId', 'RunName', 'Creator'] as const;
type Tag = (typeof TAGS)[number];
/** An all-purpose cluster whose instances average less CPU than this is idle. */
const IDLE_CPU = 10;
const METRIC_DAYS = 14;
const DATABRICKS_LINES: CostFilter = {
  dimension: 'product_product_name',
  mode: 'like',
  values: ['databricks'],
};

/** The bill's spellings of a tag key: CUR 2.0 keeps the key (`user_ClusterName`), Athena-style names snake it. */
function spellings(tag: Tag): string[] {
  const snake = tag.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
  return [`user_${tag}`, `user_${snake}`, `user_${tag.toLowerCase()}`];
}
const TAG_KEYS = TAGS.flatMap(spellings);

interface Instance {
  id: string;
  accountId: string;
  region: string | null;
  tags: Record<Tag, string | null>;
  current: number;
  previous: number;
}

function instancesOf(rows: ResourceCostRow[]): Instance[] {
  return rows.flatMap((r) => {
    const tags = Object.fromEntries(
      TAGS.map((tag, t) => [tag, r.tags.slice(t * 3, t * 3 + 3).find((v) => v !== null && v !== '') ?? null]),
    ) as Record<Tag, string | null>;
    if (tags.Vendor?.toLowerCase() !== 'databricks' || r.accountId === null) return [];
    return [
      {
        id: r.resourceId,
        accountId: r.accountId,
        region: r.region,
        tags,
        current: r.currentCost,
        previous: r.previousCost,
      },
    ];
  });
}

async function dbuLines(
  warehouse: CopilotWarehouse,
  scope: ReadScope,
  window: CopilotWindow,
): Promise<DbuLine[]> {
  const accounts = await costBy(warehouse, scope, window, {
    dimension: 'line_item_usage_account_id',
    costType: EFFECTIVE,
    filters: [DATABRICKS_LINES],
  });
  const lines = await Promise.all(
    accounts.series
      .filter((s) => s.key !== null && s.total !== 0)
      .map(async (s) => {
        const account = s.key as string;
        const byType = await costBy(warehouse, scope, window, {
          dimension: 'line_item_usage_type',
          costType: EFFECTIVE,
          filters: [
            DATABRICKS_LINES,
            { dimension: 'line_item_usage_account_id', mode: 'include', values: [account] },
          ],
        });
        return byType.series.map((t) => ({ accountId: account, usageType: t.key ?? '', cost: t.total }));
      }),
  );
  return lines.flat();
}

type Acc = { label: string; infrastructure: number; dbu: number; previous: number };

function add(
  map: Map<string, Acc>,
  key: string,
  label: string,
  infra: number,
  dbu: number,
  previous: number,
) {
  const a = map.get(key) ?? { label, infrastructure: 0, dbu: 0, previous: 0 };
  a.infrastructure += infra;
  a.dbu += dbu;
  a.previous += previous;
  map.set(key, a);
}

const rowsOf = (map: Map<string, Acc>): DatabricksRow[] =>
  [...map]
    .map(([key, a]) => ({
      key,
      label: a.label,
      infrastructure: a.infrastructure,
      dbu: a.dbu,
      total: a.infrastructure + a.dbu,
      previous_total: a.previous,
    }))
    .sort((x, y) => y.total - x.total || x.key.localeCompare(y.key));

export async function databricksDashboard(deps: {
  warehouse: CopilotWarehouse;
  repo: Pick<ComputeCopilotRepo, 'groupsAndInstances'>;
  utilisation: UtilisationReader;
  scope: ReadScope;
  window: CopilotWindow;
}): Promise<Omit<DatabricksDashboard, 'start_date' | 'end_date' | 'as_of' | 'currency'>> {
  const { warehouse, scope, window } = deps;
  const before = previousWindow(window);
  const [costRows, lines, previousLines, accounts] = await Promise.all([
    warehouse.resourceCosts({
      clientId: scope.clientId,
      projectIds: scope.projectIds,
      from: before.from,
      current: window.from,
      to: window.to,
      costType: EFFECTIVE,
      tagKeys: TAG_KEYS,
    }),
    dbuLines(warehouse, scope, window),
    dbuLines(warehouse, scope, before),
    warehouse.usageAccounts(scope),
  ]);
  const instances = instancesOf(costRows);
  const clusterKey = (i: Instance) => `${i.accountId}|${i.tags.ClusterId ?? i.tags.ClusterName ?? i.id}`;
  const kindOf = (i: Instance) => (i.tags.JobId === null ? 'all-purpose' : 'job') as 'job' | 'all-purpose';
  const weights = (pick: (i: Instance) => number) => {
    const m = new Map<
      string,
      { key: string; accountId: string; kind: 'job' | 'all-purpose'; weight: number }
    >();
    for (const i of instances) {
      const key = clusterKey(i);
      const w = m.get(key) ?? { key, accountId: i.accountId, kind: kindOf(i), weight: 0 };
      w.weight += pick(i);
      m.set(key, w);
    }
    return [...m.values()];
  };
  const now = allocateDbus(
    lines,
    weights((i) => i.current),
  );
  const then = allocateDbus(
    previousLines,
    weights((i) => i.previous),
  );
  const clusterInfra = new Map<string, number>();
  for (const i of instances)
    clusterInfra.set(clusterKey(i), (clusterInfra.get(clusterKey(i)) ?? 0) + i.current);
  /** An instance's share of its cluster's allocated DBUs, by its share of the cluster's instance cost. */
  const dbuOf = (i: Instance, alloc: Map<string, number>, own: number, total: number) =>
    total > 0 ? ((alloc.get(clusterKey(i)) ?? 0) * own) / total : 0;
  const previousInfra = new Map<string, number>();
  for (const i of instances)
    previousInfra.set(clusterKey(i), (previousInfra.get(clusterKey(i)) ?? 0) + i.previous);

  const names = new Map(accounts.map((a) => [a.accountId, a.accountName]));
  const workspaces = new Map<string, Acc>();
  const jobs = new Map<string, Acc>();
  const users = new Map<string, Acc>();
  const clusters = new Map<string, Acc & { instance: Instance; ids: string[] }>();
  for (const i of instances) {
    const key = clusterKey(i);
    const dbu = dbuOf(i, now.byCluster, i.current, clusterInfra.get(key) ?? 0);
    const prev = i.previous + dbuOf(i, then.byCluster, i.previous, previousInfra.get(key) ?? 0);
    add(workspaces, i.accountId, names.get(i.accountId) ?? i.accountId, i.current, dbu, prev);
    if (i.tags.JobId !== null)
      add(jobs, i.tags.JobId, i.tags.RunName ?? `Job ${i.tags.JobId}`, i.current, dbu, prev);
    add(users, i.tags.Creator ?? '', i.tags.Creator ?? 'No creator tag', i.current, dbu, prev);
    const c = clusters.get(key) ?? {
      label: i.tags.ClusterName ?? key,
      infrastructure: 0,
      dbu: 0,
      previous: 0,
      instance: i,
      ids: [],
    };
    c.infrastructure += i.current;
    c.dbu += dbu;
    c.previous += prev;
    c.ids.push(i.id);
    clusters.set(key, c);
  }
  // DBU lines no cluster takes (SQL warehouses, serverless) stay with their workspace.
  const unallocatedBy = new Map<string, number>();
  for (const line of lines) {
    const kind = dbuKindOf(line.usageType);
    const taken = instances.some(
      (i) => i.accountId === line.accountId && kindOf(i) === kind && i.current > 0,
    );
    if (!taken) unallocatedBy.set(line.accountId, (unallocatedBy.get(line.accountId) ?? 0) + line.cost);
  }
  for (const [account, cost] of unallocatedBy)
    add(workspaces, account, names.get(account) ?? account, 0, cost, 0);

  const cpu = new Map<string, number>();
  const ids = instances.map((i) => i.id);
  // Instances the inventory lists running: their CPU is awaited until the metrics collection has read them.
  const running = new Set(
    ids.length === 0
      ? []
      : (await deps.repo.groupsAndInstances(scope.projectIds))
          .filter((r) => r.kind === 'ec2-instance' && r.state === 'running')
          .map((r) => r.resource_id),
  );
  if (ids.length > 0) {
    const summaries = await deps.utilisation.utilisationSummaries({ projectIds: scope.projectIds }, ids, {
      days: METRIC_DAYS,
      metrics: ['cpu-utilization'],
    });
    for (const s of summaries) {
      const m = s.metrics.find((x) => x.metric === 'cpu-utilization');
      if (m && m.points > 0) cpu.set(s.resource_id, m.avg);
    }
  }
  const regionOf = new Map(instances.map((i) => [i.accountId, i.region]));
  return {
    totals: {
      infrastructure: instances.reduce((s, i) => s + i.current, 0),
      dbu: lines.reduce((s, l) => s + l.cost, 0),
      total: instances.reduce((s, i) => s + i.current, 0) + lines.reduce((s, l) => s + l.cost, 0),
      dbu_unallocated: now.unallocated,
      instances: instances.filter((i) => i.current > 0).length,
      instances_awaiting_cpu: ids.filter((id) => running.has(id) && !cpu.has(id)).length,
    },
    dbu_lines: lines.map((l) => ({
      account_id: l.accountId,
      usage_type: l.usageType,
      sku: dbuKindOf(l.usageType),
      cost: l.cost,
    })),
    workspaces: rowsOf(workspaces).map((w) => ({
      ...w,
      account_id: w.key,
      region: regionOf.get(w.key) ?? null,
    })),
    clusters: [...clusters]
      .map(([key, c]) => {
        // All running instances' CPU or none, so the idle flag does not depend on how far a collection got.
        const awaited = c.ids.filter((id) => running.has(id) && !cpu.has(id)).length;
        const loads = awaited > 0 ? [] : c.ids.flatMap((id) => cpu.get(id) ?? []);
        const avg = loads.length === 0 ? null : loads.reduce((s, v) => s + v, 0) / loads.length;
        const kind = kindOf(c.instance);
        return {
          key,
          label: c.label,
          infrastructure: c.infrastructure,
          dbu: c.dbu,
          total: c.infrastructure + c.dbu,
          previous_total: c.previous,
          cluster_id: c.instance.tags.ClusterId,
          kind,
          creator: c.instance.tags.Creator,
          job_id: c.instance.tags.JobId,
          instances: c.ids.sort(),
          cpu_avg: avg,
          cpu_awaited: awaited,
          idle: kind === 'all-purpose' && avg !== null && avg < IDLE_CPU && c.infrastructure > 0,
        };
      })
      .sort((x, y) => y.total - x.total || x.key.localeCompare(y.key)),
    jobs: rowsOf(jobs).map((j) => ({
      ...j,
      growth: j.previous_total > 0 ? j.total / j.previous_total - 1 : null,
    })),
    users: rowsOf(users),
  };
}
