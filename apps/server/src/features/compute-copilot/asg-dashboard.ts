import type { AsgDashboard, AsgGroup } from '@finlens/contracts/compute-copilot';
import type { ResourceMetricName, UtilisationSummary } from '@finlens/contracts/resource-metrics';
import { type AsgAdviceInput, asgAdvice } from '@finlens/cost-model/compute-copilot/asg-advice';
import { DAYS_PER_MONTH } from '@finlens/cost-model/recommendations/rule-kit';
import type { ReadScope } from '../../warehouse/cost-scope';
import type { ComputeCopilotRepo } from './compute-copilot.repo';
import {
  bothRates,
  type CopilotWarehouse,
  type CopilotWindow,
  costBy,
  EFFECTIVE,
  ON_DEMAND,
  totalsByKey,
} from './copilot-reads';

/** The inventory's utilisation summaries: the port this feature declares; app/ wires the inventory's service. */
export interface UtilisationReader {
  utilisationSummaries(
    scope: { projectIds: string[] },
    resourceIds: readonly string[],
    options: { days?: number; metrics?: readonly ResourceMetricName[] },
  ): Promise<UtilisationSummary[]>;
}

/** Days of CPU the dashboard and its advice read. */
const METRIC_DAYS = 14;
const GROUP_TAG = 'aws:autoscaling:groupName';

type Row = Awaited<ReturnType<ComputeCopilotRepo['groupsAndInstances']>>[number];
type ChangeRow = Awaited<ReturnType<ComputeCopilotRepo['groupChanges']>>[number];
type Attrs = Record<string, unknown>;

const text = (v: unknown) => (typeof v === 'string' ? v : null);
const num = (v: unknown) => (typeof v === 'number' ? v : 0);
const place = (r: { project_id: string; account_id: string; region: string }) =>
  `${r.project_id}|${r.account_id}|${r.region}`;

/** Each group's instances: those it lists as attached, and those tagged with its name in its place. */
function membersOf(groups: Row[], instances: Row[]): Map<Row, (Row | string)[]> {
  const byId = new Map(instances.map((i) => [`${place(i)}|${i.resource_id}`, i]));
  const tagged = new Map<string, Row[]>();
  for (const i of instances) {
    const tags = ((i.resource as Attrs).tags ?? {}) as Record<string, string>;
    const name = tags[GROUP_TAG];
    if (name !== undefined)
      tagged.set(`${place(i)}|${name}`, [...(tagged.get(`${place(i)}|${name}`) ?? []), i]);
  }
  const out = new Map<Row, (Row | string)[]>();
  for (const g of groups) {
    const attached = (((g.resource as Attrs).attachments ?? []) as { kind: string; id: string }[])
      .filter((a) => a.kind === 'ec2-instance')
      .map((a) => byId.get(`${place(g)}|${a.id}`) ?? a.id);
    const ids = new Set(attached.map((a) => (typeof a === 'string' ? a : a.resource_id)));
    const extra = (tagged.get(`${place(g)}|${g.resource_id}`) ?? []).filter((i) => !ids.has(i.resource_id));
    out.set(g, [...attached, ...extra]);
  }
  return out;
}

function historyOf(changes: ChangeRow[], g: Row): AsgGroup['scaling_history'] {
  return changes
    .filter(
      (c) =>
        c.project_id === g.project_id && c.account_id === g.account_id && c.resource_id === g.resource_id,
    )
    .slice(0, 20)
    .map((c) => ({
      at: new Date(c.recorded_at).toISOString(),
      change: c.change,
      fields: ((c.fields ?? []) as { field: string; before: unknown; after: unknown }[]).filter((f) =>
        [
          'desiredCapacity',
          'minSize',
          'maxSize',
          'attachments',
          'instanceTypes',
          'mixedInstancesPolicy',
        ].includes(f.field),
      ),
    }))
    .filter((c) => c.change !== 'changed' || c.fields.length > 0);
}

export async function asgDashboard(deps: {
  warehouse: CopilotWarehouse;
  repo: ComputeCopilotRepo;
  utilisation: UtilisationReader;
  scope: ReadScope;
  window: CopilotWindow | null;
}): Promise<Omit<AsgDashboard, 'start_date' | 'end_date' | 'as_of'>> {
  const { warehouse, scope, window } = deps;
  const [rows, changes, accounts] = await Promise.all([
    deps.repo.groupsAndInstances(scope.projectIds),
    deps.repo.groupChanges(scope.projectIds),
    scope.projectIds.length === 0 ? [] : warehouse.usageAccounts(scope),
  ]);
  const groups = rows.filter((r) => r.kind === 'autoscaling-group');
  const members = membersOf(
    groups,
    rows.filter((r) => r.kind === 'ec2-instance'),
  );
  const instanceIds = [
    ...new Set([...members.values()].flat().map((m) => (typeof m === 'string' ? m : m.resource_id))),
  ];
  const costs = await instanceCosts(warehouse, scope, window, instanceIds);
  const cpu = new Map<string, { avg: number; p95: number; max: number }>();
  const summaries = await deps.utilisation.utilisationSummaries(
    { projectIds: scope.projectIds },
    instanceIds,
    {
      days: METRIC_DAYS,
      metrics: ['cpu-utilization'],
    },
  );
  for (const s of summaries) {
    const m = s.metrics.find((x) => x.metric === 'cpu-utilization');
    if (m && m.points > 0) cpu.set(s.resource_id, { avg: m.avg, p95: m.p95, max: m.max });
  }
  const names = new Map(accounts.map((a) => [a.accountId, a.accountName]));
  const days = window?.days ?? 1;
  const out = groups.map((g) =>
    groupOf({
      g,
      members: members.get(g) ?? [],
      costs,
      cpu,
      days,
      spotRatio: costs.spotRatio,
      changes,
      names,
    }),
  );
  out.sort((a, b) => b.cost.effective - a.cost.effective || a.name.localeCompare(b.name));
  const all = out.flatMap((g) => g.instances);
  return {
    currency: costs.currency,
    totals: {
      effective: out.reduce((s, g) => s + g.cost.effective, 0),
      on_demand: out.reduce((s, g) => s + g.cost.on_demand, 0),
      groups: out.length,
      instances: all.length,
      spot_instances: all.filter((i) => i.lifecycle === 'spot').length,
      monthly_saving: out.reduce((s, g) => s + g.advice.reduce((t, a) => t + a.monthly_saving, 0), 0),
      instances_awaiting_cpu: out.reduce((s, g) => s + g.cpu_awaited, 0),
    },
    groups: out,
  };
}

/** Each instance's effective and on-demand cost over the window, and the bill's spot price ratio. */
async function instanceCosts(
  warehouse: CopilotWarehouse,
  scope: ReadScope,
  window: CopilotWindow | null,
  ids: string[],
) {
  const empty = { effective: new Map<string, number>(), onDemand: new Map<string, number>() };
  if (window === null || ids.length === 0 || scope.projectIds.length === 0)
    return { ...empty, spotRatio: null, currency: 'USD' };
  const wanted = new Set(ids);
  const range = {
    clientId: scope.clientId,
    projectIds: scope.projectIds,
    from: window.from,
    current: window.from,
    to: window.to,
    tagKeys: [],
  };
  const [effective, onDemand, spot] = await Promise.all([
    warehouse.resourceCosts({ ...range, costType: EFFECTIVE }),
    warehouse.resourceCosts({ ...range, costType: ON_DEMAND }),
    bothRates((costType) =>
      costBy(warehouse, scope, window, {
        dimension: 'finlens_purchase_option',
        costType,
        filters: [{ dimension: 'finlens_compute_types', mode: 'include', values: ['EC2'] }],
      }),
    ),
  ]);
  const sum = (list: typeof effective) => {
    const m = new Map<string, number>();
    for (const r of list)
      if (wanted.has(r.resourceId)) m.set(r.resourceId, (m.get(r.resourceId) ?? 0) + r.currentCost);
    return m;
  };
  const spotEffective = totalsByKey(spot.effective).get('Spot') ?? 0;
  const spotList = totalsByKey(spot.onDemand).get('Spot') ?? 0;
  return {
    effective: sum(effective),
    onDemand: sum(onDemand),
    spotRatio: spotList > 0 ? spotEffective / spotList : null,
    currency: spot.effective.currency ?? 'USD',
  };
}

function groupOf(args: {
  g: Row;
  members: (Row | string)[];
  costs: { effective: Map<string, number>; onDemand: Map<string, number> };
  cpu: Map<string, { avg: number; p95: number; max: number }>;
  days: number;
  spotRatio: number | null;
  changes: ChangeRow[];
  names: Map<string, string | null>;
}): AsgGroup {
  const { g, costs, cpu, days } = args;
  const a = g.resource as Attrs;
  const instances = args.members.map((m) => {
    const id = typeof m === 'string' ? m : m.resource_id;
    const r = typeof m === 'string' ? null : (m.resource as Attrs);
    const load = cpu.get(id);
    return {
      id,
      instance_type: text(r?.instanceType),
      lifecycle: text(r?.lifecycle),
      state: typeof m === 'string' ? null : m.state,
      availability_zone: text(r?.availabilityZone),
      effective: costs.effective.get(id) ?? 0,
      on_demand: costs.onDemand.get(id) ?? 0,
      cpu_avg: load?.avg ?? null,
      cpu_p95: load?.p95 ?? null,
    };
  });
  // All running instances' CPU or none: while the metrics collection has not read some of them (the first
  // collection after a demo or an account is added, or instances launched since), the group's CPU and the advice
  // that needs it wait, so the advice does not depend on how far a collection had got.
  const awaited = instances.filter((i) => i.state === 'running' && !cpu.has(i.id)).length;
  const loads = awaited > 0 ? [] : instances.flatMap((i) => cpu.get(i.id) ?? []);
  const groupCpu =
    loads.length === 0
      ? null
      : {
          avg: loads.reduce((s, l) => s + l.avg, 0) / loads.length,
          p95: Math.max(...loads.map((l) => l.p95)),
          max: Math.max(...loads.map((l) => l.max)),
        };
  const lt = (a.launchTemplate ?? null) as {
    name: string;
    version: string | null;
    instanceType: string | null;
  } | null;
  const mixed = (a.mixedInstancesPolicy ?? null) as {
    onDemandBaseCapacity: number;
    onDemandPercentageAboveBaseCapacity: number;
    spotAllocationStrategy: string;
    instanceTypes: string[];
  } | null;
  const monthly = (cost: number) => (cost / days) * DAYS_PER_MONTH;
  const input: AsgAdviceInput = {
    region: g.region,
    minSize: num(a.minSize),
    desiredCapacity: num(a.desiredCapacity),
    launchTemplateType: lt?.instanceType ?? null,
    mixedPolicy: mixed,
    instances: instances.map((i) => ({
      type: i.instance_type,
      lifecycle: i.lifecycle,
      monthlyEffective: monthly(i.effective),
      monthlyOnDemand: monthly(i.on_demand),
    })),
    cpu: groupCpu,
    spotRatio: args.spotRatio,
  };
  const effective = instances.reduce((s, i) => s + i.effective, 0);
  return {
    project_id: g.project_id,
    account_id: g.account_id,
    account_name: args.names.get(g.account_id) ?? null,
    region: g.region,
    name: g.resource_id,
    state: g.state,
    min_size: num(a.minSize),
    max_size: num(a.maxSize),
    desired_capacity: num(a.desiredCapacity),
    instance_types: (a.instanceTypes ?? []) as string[],
    launch_template:
      lt === null ? null : { name: lt.name, version: lt.version, instance_type: lt.instanceType },
    mixed_instances_policy:
      mixed === null
        ? null
        : {
            on_demand_base_capacity: mixed.onDemandBaseCapacity,
            on_demand_percentage_above_base_capacity: mixed.onDemandPercentageAboveBaseCapacity,
            spot_allocation_strategy: mixed.spotAllocationStrategy,
            instance_types: mixed.instanceTypes,
          },
    purchase_options: {
      on_demand: instances.filter((i) => i.lifecycle !== 'spot').length,
      spot: instances.filter((i) => i.lifecycle === 'spot').length,
    },
    cost: {
      effective,
      on_demand: instances.reduce((s, i) => s + i.on_demand, 0),
      monthly_effective: monthly(effective),
    },
    utilisation:
      groupCpu === null ? null : { cpu_avg: groupCpu.avg, cpu_p95: groupCpu.p95, days: METRIC_DAYS },
    cpu_awaited: awaited,
    scaling_history: historyOf(args.changes, g),
    instances,
    advice: asgAdvice(input).map((x) => ({
      type: x.type,
      title: x.title,
      detail: x.detail,
      monthly_saving: x.monthlySaving,
      risk: x.risk,
      instance_types: x.instanceTypes,
    })),
  };
}
