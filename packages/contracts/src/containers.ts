import { z } from 'zod';
import { optionalDateRange, projectIdsParam } from './fragments';

/**
 * Kubernetes cost from the CUR's split cost allocation data (spec §2 /v3/compute-copilot/eks/…,
 * container-rightsizing/; the spec shows no calls, so they are designed here). Every figure is at the
 * effective rate the split rows carry: `amortized` (split cost includes the node's amortized RI/SP upfront)
 * or `net_amortized` (after discounts). Split rows only allocate their nodes' cost; totals elsewhere leave them out.
 */
export const CONTAINERS_PATHS = {
  summary: '/c/containers/eks/summary/',
  allocation: '/c/containers/eks/allocation/',
  reconciliation: '/c/containers/eks/reconciliation/',
  rightsizing: '/c/containers/rightsizing/',
} as const;

/** Days the screens read when no range is given: the last 30 days of data. */
export const CONTAINERS_DEFAULT_DAYS = 30;
export const CONTAINERS_MAX_DAYS = 366;

export const COST_BASES = ['amortized', 'net_amortized'] as const;
export type CostBasis = (typeof COST_BASES)[number];

/**
 * What a pod's capacity cost: its node's purchase option in the hour (the node's own lines: on-demand, spot, or
 * covered by a reservation or a savings plan; an hour partly covered counts as covered), or Fargate for pods
 * billed on their own Fargate lines.
 */
export const CAPACITY_TYPES = ['on_demand', 'spot', 'reserved', 'savings_plan', 'fargate'] as const;
export type CapacityType = (typeof CAPACITY_TYPES)[number];
export const CAPACITY_TYPE_LABELS: Record<CapacityType, string> = {
  on_demand: 'On-demand',
  spot: 'Spot',
  reserved: 'RI-covered',
  savings_plan: 'SP-covered',
  fargate: 'Fargate',
};

export const ALLOCATION_GROUPS = [
  'cluster_name',
  'node',
  'capacity_type',
  'pod_namespace',
  'controllerKind',
  'controller',
  'deployment',
  'pod',
  'container',
] as const;
export type AllocationGroup = (typeof ALLOCATION_GROUPS)[number];

export const IDLE_RULE_NAMES = ['separate', 'node', 'cluster', 'proportional'] as const;

/** What a user must switch on for a cluster without split rows (billing-formats §1.2). */
export const SPLIT_DATA_ACTION =
  'Turn on split cost allocation data for Amazon EKS in the Billing and Cost Management preferences, and include it in the CUR 2.0 export (INCLUDE_SPLIT_COST_ALLOCATION_DATA = TRUE). AWS adds the pod rows from the next export on.';

/**
 * What a user must do for a cluster only a FOCUS export names: FOCUS 1.0–1.2 define no split cost allocation
 * columns and AWS's FOCUS exports add none (only x_ServiceCode, x_Operation, x_Discounts and, in 1.0,
 * x_UsageType and x_CostCategories), so pod costs cannot come from that bill (billing-formats §4.8).
 */
export const FOCUS_SPLIT_DATA_ACTION =
  'Your FOCUS export carries no split cost allocation data: FOCUS (1.0 to 1.2) has no pod-level columns and AWS adds none to its FOCUS export. Turn on split cost allocation data for Amazon EKS in the Billing and Cost Management preferences and create a CUR 2.0 export with INCLUDE_SPLIT_COST_ALLOCATION_DATA = TRUE (or a legacy CUR with split cost allocation data); import it in place of the FOCUS export for these accounts, as both hold the same costs.';

const text = (field: string) => z.string().min(1).max(300).optional().describe(`Only this ${field}.`);

/** Scope, range, rate and Kubernetes filters every call takes. */
const scopeParams = {
  project_ids: projectIdsParam,
  cost_basis: z
    .enum(COST_BASES)
    .default('amortized')
    .describe('The effective rate: amortized or net amortized.'),
  cluster: text('cluster name'),
  namespace: text('namespace'),
  controller: text('controller (workload) name'),
  node: text('node (EC2 instance id)'),
  capacity_type: z
    .enum(CAPACITY_TYPES)
    .optional()
    .describe("Only pods on this capacity: their node's purchase option in the hour, or Fargate."),
};

export const containersQuerySchema = optionalDateRange({ maxDays: CONTAINERS_MAX_DAYS }).and(
  z.object(scopeParams),
);
export type ContainersQuery = z.infer<typeof containersQuerySchema>;

export const ALLOCATION_SORTS = ['cost', 'idle_cost', 'name', 'cpu_efficiency', 'memory_efficiency'] as const;

export const allocationQuerySchema = optionalDateRange({ maxDays: CONTAINERS_MAX_DAYS }).and(
  z.object({
    ...scopeParams,
    group_by: z.enum(ALLOCATION_GROUPS).default('pod_namespace'),
    idle: z
      .enum(IDLE_RULE_NAMES)
      .default('separate')
      .describe(
        'Idle capacity: its own line per cluster (separate), or shared by the node it sits on, by cluster, or across all clusters in proportion to split cost.',
      ),
    sort: z.enum(ALLOCATION_SORTS).default('cost'),
    order: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(500).default(50),
    format: z.enum(['json', 'csv']).default('json'),
  }),
);
export type AllocationQuery = z.infer<typeof allocationQuerySchema>;

/**
 * Container rightsizing reads each workload's use per hour over a look-back (decided here, issue 24 item 3):
 * - Look-back: the last 14 days of data by default, as AWS Compute Optimizer (its default look-back, for EC2 and
 *   ECS services alike) and this project's EC2 rightsizing rule: two weekly cycles, and short enough that a
 *   request changed three weeks ago no longer weighs. Kubecost's request sizing defaults to fewer days, the
 *   Vertical Pod Autoscaler keeps 8 days of decaying history; a longer range can be asked (up to 200 days).
 * - The hourly value of a workload is its busiest pod's use in that hour (vCPU or GB: the split row's actual
 *   usage ÷ the hours it covers), since every pod of it gets the same request. Its p95 over the look-back's hours
 *   (linear interpolation, DuckDB quantile_cont and ClickHouse quantile alike, exact below 8,192 values: 200 days
 *   are 4,800 hours) plus headroom is the recommendation, never below the highest hourly value (the peak): the
 *   EC2 rule's "p95 within 100 − headroom, the peak within 100 %". A bill exported per day has one value per day,
 *   a day's average: the p95 of days then hides spikes within a day, which the recommendation says.
 * - Headroom: 20 % by default (Compute Optimizer's and the EC2 rule's; the VPA adds a 15 % safety margin).
 */
export const CONTAINER_RIGHTSIZING_LOOKBACK_DAYS = 14;
/** The longest range asked (the pages' 6 months): 4,800 hourly values, exact on both engines. */
export const CONTAINER_RIGHTSIZING_MAX_DAYS = 200;
export const CONTAINER_RIGHTSIZING_PERCENTILE = 0.95;
export const CONTAINER_RIGHTSIZING_HEADROOM = 20;

export const rightsizingQuerySchema = optionalDateRange({ maxDays: CONTAINER_RIGHTSIZING_MAX_DAYS }).and(
  z.object({
    ...scopeParams,
    headroom: z.coerce
      .number()
      .min(0)
      .max(100)
      .default(CONTAINER_RIGHTSIZING_HEADROOM)
      .describe(
        'Percent added above the p95 of the hourly use of the busiest pod (default 20); never below the peak.',
      ),
  }),
);
export type RightsizingQuery = z.infer<typeof rightsizingQuerySchema>;

const windowSchema = z.object({ start_date: z.string(), end_date: z.string(), days: z.number() }).nullable();

/** Requested, used and capacity of one resource over the window: vCPU-hours or GB-hours. */
const resourceUse = z.object({
  requested: z.number(),
  used: z.number(),
  capacity: z.number().nullable(),
  /** used ÷ requested; null without requests. */
  used_over_requested: z.number().nullable(),
  /** requested ÷ capacity; null without capacity. */
  requested_over_capacity: z.number().nullable(),
});

const costSplit = {
  cost: z.number().describe('Split cost plus the idle cost the rule gives it.'),
  cpu_cost: z.number(),
  memory_cost: z.number(),
  idle_cost: z.number(),
};

export const eksNodeGroupSchema = z.object({
  node_group: z
    .string()
    .describe(
      "The managed node group (or Karpenter node pool) of the nodes: their eks:nodegroup-name tag in the bill, else the inventory's node group whose Auto Scaling group holds them; '(none)' when neither tells.",
    ),
  nodes: z.number().int().describe('Nodes of the group that ran pods in the window.'),
  node_cost: z.number().describe("The nodes' own cost in the bill."),
  pod_cost: z.number().describe("The pods' split cost on these nodes."),
  idle_cost: z.number(),
  instance_types: z.array(z.string()),
  capacity_type: z.string().nullable().describe('ON_DEMAND or SPOT, from the inventory.'),
  min_size: z.number().int().nullable(),
  desired_size: z.number().int().nullable(),
  max_size: z.number().int().nullable(),
  state: z.string().nullable(),
});
export type EksNodeGroup = z.infer<typeof eksNodeGroupSchema>;

export const eksFargateSchema = z.object({
  cost: z.number().describe("Fargate pods' own vCPU and memory line items at the chosen rate."),
  cpu_cost: z.number(),
  memory_cost: z.number(),
  vcpu_hours: z.number(),
  gb_hours: z.number(),
  pods: z.number().int(),
  namespaces: z.array(
    z.object({
      namespace: z.string(),
      profile: z.string().nullable().describe('The Fargate profile whose selector names the namespace.'),
      cost: z.number(),
      pods: z.number().int(),
    }),
  ),
  profiles: z.array(z.object({ name: z.string(), state: z.string(), namespaces: z.array(z.string()) })),
});
export type EksFargate = z.infer<typeof eksFargateSchema>;

/** Pods' cost (split plus idle) on one capacity type; '(none)' where the node's own lines are not in the bill. */
export const capacityCostSchema = z.object({
  capacity_type: z.string(),
  cost: z.number(),
  idle_cost: z.number(),
});
export type CapacityCost = z.infer<typeof capacityCostSchema>;

export const clusterSummarySchema = z.object({
  cluster_name: z.string(),
  ...costSplit,
  cpu: resourceUse,
  memory: resourceUse,
  nodes: z.number().int(),
  node_cost: z.number().describe("The nodes' own cost in the bill over the window (reconciles with cost)."),
  purchase_options: z.array(
    z.object({ purchase_option: z.string(), cost: z.number(), nodes: z.number().int() }),
  ),
  capacity_types: z
    .array(capacityCostSchema)
    .describe("The cluster's cost by capacity type, Fargate included; adds up to cost plus Fargate's."),
  node_groups: z.array(eksNodeGroupSchema),
  fargate: eksFargateSchema,
});

const topRow = z.object({
  cluster_name: z.string(),
  key: z.string(),
  kind: z.string().nullable(),
  cost: z.number(),
});

export const containersSummarySchema = z.object({
  window: windowSchema,
  cost_basis: z.enum(COST_BASES),
  totals: z.object({ ...costSplit, node_cost: z.number(), fargate_cost: z.number() }),
  capacity_types: z.array(capacityCostSchema).describe('Every cluster’s cost by capacity type.'),
  clusters: z.array(clusterSummarySchema),
  daily: z.array(
    z.object({ date: z.string(), cluster_name: z.string(), cost: z.number(), idle_cost: z.number() }),
  ),
  top_namespaces: z.array(topRow),
  top_workloads: z.array(topRow),
  clusters_without_split_data: z.array(
    z.object({
      cluster_name: z.string(),
      account_id: z.string().nullable(),
      region: z.string().nullable(),
      cost: z.number(),
      action: z.string(),
    }),
  ),
});
export type ContainersSummary = z.infer<typeof containersSummarySchema>;

export const allocationRowSchema = z.object({
  cluster_name: z.string(),
  key: z
    .string()
    .describe("The group's value; '(idle)' is a cluster's idle capacity, '(none)' rows without a value."),
  ...costSplit,
  split_cost: z.number(),
  pod_hours: z.number(),
  cpu: resourceUse,
  memory: resourceUse,
});
export type AllocationRow = z.infer<typeof allocationRowSchema>;

export const allocationSchema = z.object({
  window: windowSchema,
  cost_basis: z.enum(COST_BASES),
  group_by: z.enum(ALLOCATION_GROUPS),
  idle: z.enum(IDLE_RULE_NAMES),
  count: z.number().int(),
  total_cost: z.number(),
  rows: z.array(allocationRowSchema),
});
export type Allocation = z.infer<typeof allocationSchema>;

export const reconciliationSchema = z.object({
  window: windowSchema,
  cost_basis: z.enum(COST_BASES),
  node_hours: z.number().int(),
  mismatch_count: z.number().int(),
  missing_nodes: z.number().int(),
  node_cost: z.number(),
  pod_cost: z.number(),
  mismatches: z.array(
    z.object({
      hour: z.string(),
      node: z.string(),
      node_cost: z.number(),
      pod_cost: z.number(),
      gap: z.number(),
    }),
  ),
});
export type ContainersReconciliation = z.infer<typeof reconciliationSchema>;

const requestAdvice = z.object({
  requested: z.number().describe('Average request per pod (vCPU or GB).'),
  average_usage: z.number().describe('Average use per pod-hour.'),
  p95_usage: z.number().describe("p95 of the hourly use of the workload's busiest pod over the look-back."),
  peak_usage: z
    .number()
    .describe('The highest use of one pod in one hour (the floor of the recommendation).'),
  hours: z.number().int().describe('Hourly values the p95 is taken over (one per day for a daily bill).'),
  recommended: z.number().nullable().describe('Null when the request already fits.'),
  monthly_saving: z.number().describe('At the effective rate, per average month (30.4375 days).'),
  on_demand_monthly_saving: z.number().describe('The same at public on-demand prices.'),
});

export const workloadRecommendationSchema = z.object({
  id: z.string().describe('cluster/namespace/kind/controller'),
  account_id: z
    .string()
    .nullable()
    .describe('The usage account its pods ran in: two accounts of a project may run same-named clusters.'),
  cluster_name: z.string(),
  namespace: z.string(),
  controller_kind: z.string().nullable(),
  controller: z.string(),
  pod_hours: z.number(),
  cost: z.number().describe('Split cost over the window.'),
  cpu: requestAdvice,
  memory: requestAdvice,
  monthly_saving: z.number(),
  on_demand_monthly_saving: z.number(),
  recommendation_id: z
    .string()
    .nullable()
    .describe(
      "The container-rightsizing recommendation of the newest evaluation (its ledger entry's id); null when none.",
    ),
});
export type WorkloadRecommendation = z.infer<typeof workloadRecommendationSchema>;

/** One day of one workload's use against its request, per pod (vCPU or GB). */
export const workloadUsageDaySchema = z.object({
  date: z.string(),
  cpu_request: z.number(),
  cpu_p95: z.number().describe("p95 of the day's hourly values (the busiest pod's use each hour)."),
  cpu_max: z.number(),
  memory_request: z.number(),
  memory_p95: z.number(),
  memory_max: z.number(),
});
export type WorkloadUsageDay = z.infer<typeof workloadUsageDaySchema>;

export const rightsizingSchema = z.object({
  window: windowSchema,
  cost_basis: z.enum(COST_BASES),
  headroom: z.number(),
  monthly_saving: z.number(),
  workloads: z.array(workloadRecommendationSchema),
  series: z
    .array(workloadUsageDaySchema)
    .nullable()
    .describe(
      "Per day, the use against the request of the one workload the filters name (the recommendation's evidence); null when they name none or several.",
    ),
});
export type Rightsizing = z.infer<typeof rightsizingSchema>;
