import { z } from 'zod';
import { optionalDateRange, projectIdsParam } from './fragments';

/**
 * Compute Copilot (spec §2 /v3/compute-copilot/asg/dashboard/, databricks-dashboard/, visibility-dashboard/ and
 * its /:type/:id/, /:type/details/:id/). The spec names the screens, not their calls: these are designed here.
 * Money is the bill's, at the effective rate (net amortized: reservations, savings plans, spot and negotiated
 * discounts applied) beside its on-demand equivalent (public on-demand cost); docs/compute-copilot.md.
 */
export const COMPUTE_COPILOT_PATHS = {
  asg: '/c/compute-copilot/asg/',
  databricks: '/c/compute-copilot/databricks/',
  visibility: '/c/compute-copilot/visibility/',
  visibilityGroup: '/c/compute-copilot/visibility/:type/:id/',
  resource: '/c/compute-copilot/resources/:id/',
  asgActivities: '/c/compute-copilot/asg/activities/',
} as const;

/** The longest range a dashboard reads. */
export const COPILOT_RANGE_DAYS = 400;
/** Without a range: this many days ending with the newest billed day. */
export const COPILOT_DEFAULT_DAYS = 30;

export const copilotQuerySchema = optionalDateRange({ maxDays: COPILOT_RANGE_DAYS })
  .extend({
    project_ids: projectIdsParam,
    days: z.coerce
      .number()
      .int('Enter a whole number of days.')
      .min(1, 'Enter at least 1 day.')
      .max(COPILOT_RANGE_DAYS, `Enter at most ${COPILOT_RANGE_DAYS} days.`)
      .optional()
      .describe(
        'The last this many billed days, ending with the newest billed day (the pages ask this way: a bill a few days behind still answers whole days); not with start_date or end_date.',
      ),
  })
  .superRefine((q, ctx) => {
    if (q.days !== undefined && (q.start_date !== undefined || q.end_date !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['days'],
        message: 'Ask either days or start_date and end_date.',
      });
  });
export type CopilotQuery = z.infer<typeof copilotQuerySchema>;

const money = z.number();
const ratio = z.number().nullable();

/** The window a dashboard answered, and what it cost. */
const windowShape = {
  start_date: z.string().nullable().describe('First day read (UTC); null when the scope has no bill.'),
  end_date: z.string().nullable(),
  as_of: z.string().nullable().describe('Newest billed day of the scope.'),
  currency: z.string(),
};

export const costPairSchema = z.object({
  effective: money.describe('Net amortized cost: what was paid, commitments and discounts applied.'),
  on_demand: money.describe('Public on-demand cost of the same usage (the on-demand equivalent).'),
});
export type CostPair = z.infer<typeof costPairSchema>;

// ---------- Visibility ----------

export const PURCHASE_OPTIONS = ['on_demand', 'spot', 'reserved', 'savings_plan', 'other'] as const;
export type PurchaseOption = (typeof PURCHASE_OPTIONS)[number];
export const PURCHASE_OPTION_LABELS: Record<PurchaseOption, string> = {
  on_demand: 'On-demand',
  spot: 'Spot',
  reserved: 'RI-covered',
  savings_plan: 'SP-covered',
  other: 'Other',
};
export const VISIBILITY_GROUP_TYPES = ['purchase-option', 'resource-type', 'instance-type'] as const;
export type VisibilityGroupType = (typeof VISIBILITY_GROUP_TYPES)[number];

const visibilityRowSchema = costPairSchema.extend({
  key: z.string().describe('The purchase option, resource type (EC2, Fargate, Lambda) or instance type.'),
  label: z.string(),
  savings: money.describe('on_demand − effective.'),
  share: ratio.describe('Share of the effective compute spend.'),
});
export type VisibilityRow = z.infer<typeof visibilityRowSchema>;

export const visibilitySchema = z.object({
  ...windowShape,
  totals: costPairSchema.extend({
    savings: money,
    savings_rate: ratio.describe('savings ÷ on_demand.'),
    coverage: ratio.describe('RI- and SP-covered on-demand equivalent ÷ all compute on-demand equivalent.'),
    spot_share: ratio.describe('Spot on-demand equivalent ÷ all compute on-demand equivalent.'),
  }),
  by_purchase_option: z.array(visibilityRowSchema),
  by_resource_type: z.array(
    visibilityRowSchema.extend({ purchase_options: z.record(z.string(), money).describe('Effective cost.') }),
  ),
  by_instance_type: z.array(visibilityRowSchema),
  periods: z.array(z.string()),
  series: z.array(z.object({ key: z.string(), label: z.string(), costs: z.array(money) })),
});
export type Visibility = z.infer<typeof visibilitySchema>;

export const visibilityGroupParamsSchema = z.object({
  type: z.enum(VISIBILITY_GROUP_TYPES),
  id: z.string().min(1).max(200),
});

export const visibilityGroupSchema = z.object({
  ...windowShape,
  type: z.enum(VISIBILITY_GROUP_TYPES),
  id: z.string(),
  label: z.string(),
  totals: costPairSchema.extend({ savings: money }),
  resources: z.array(
    costPairSchema.extend({
      resource_id: z
        .string()
        .nullable()
        .describe('null: usage without a resource id; "__others__": the rest.'),
      label: z.string(),
      savings: money,
    }),
  ),
  group_count: z.number().int(),
});
export type VisibilityGroup = z.infer<typeof visibilityGroupSchema>;

export const resourceParamsSchema = z.object({ id: z.string().min(1).max(2048) });

export const copilotResourceSchema = z.object({
  ...windowShape,
  resource_id: z.string(),
  inventory: z
    .object({
      project_id: z.string(),
      account_id: z.string(),
      region: z.string(),
      kind: z.string(),
      name: z.string().nullable(),
      state: z.string().nullable(),
      attributes: z.record(z.string(), z.unknown()),
    })
    .nullable()
    .describe('The resource as the last inventory collection listed it; null when it is not listed.'),
  totals: costPairSchema.extend({ savings: money }),
  by_purchase_option: z.array(visibilityRowSchema),
  periods: z.array(z.string()),
  series: z.array(z.object({ key: z.string(), label: z.string(), costs: z.array(money) })),
});
export type CopilotResource = z.infer<typeof copilotResourceSchema>;

// ---------- ASG ----------

export const ASG_ADVICE_TYPES = ['spot-adoption', 'rightsizing', 'scheduled-scaling'] as const;
export type AsgAdviceType = (typeof ASG_ADVICE_TYPES)[number];

export const asgAdviceSchema = z.object({
  type: z.enum(ASG_ADVICE_TYPES),
  title: z.string(),
  detail: z.string(),
  monthly_saving: money.describe('At the effective rate, from the group instances’ own bill.'),
  risk: z.enum(['low', 'medium', 'high']),
  instance_types: z.array(z.string()).describe('Spot: the diversified types; rightsizing: the target type.'),
});
export type AsgAdvice = z.infer<typeof asgAdviceSchema>;

export const asgInstanceSchema = costPairSchema.extend({
  id: z.string(),
  instance_type: z.string().nullable(),
  lifecycle: z.string().nullable(),
  state: z.string().nullable(),
  availability_zone: z.string().nullable(),
  cpu_avg: z.number().nullable(),
  cpu_p95: z.number().nullable(),
});

export const asgGroupSchema = z.object({
  project_id: z.string(),
  account_id: z.string(),
  account_name: z.string().nullable(),
  region: z.string(),
  name: z.string(),
  state: z.string().nullable(),
  min_size: z.number().int(),
  max_size: z.number().int(),
  desired_capacity: z.number().int(),
  instance_types: z.array(z.string()),
  launch_template: z
    .object({ name: z.string(), version: z.string().nullable(), instance_type: z.string().nullable() })
    .nullable(),
  mixed_instances_policy: z
    .object({
      on_demand_base_capacity: z.number().int(),
      on_demand_percentage_above_base_capacity: z.number(),
      spot_allocation_strategy: z.string(),
      instance_types: z.array(z.string()),
    })
    .nullable(),
  purchase_options: z.object({ on_demand: z.number().int(), spot: z.number().int() }),
  cost: costPairSchema.extend({ monthly_effective: money }),
  utilisation: z
    .object({ cpu_avg: z.number(), cpu_p95: z.number(), days: z.number().int() })
    .nullable()
    .describe('Null until every running instance of the group has CPU figures (cpu_awaited 0).'),
  cpu_awaited: z
    .number()
    .int()
    .describe(
      'Running instances the metrics collection has not read yet: the CPU figures and the advice that needs them (rightsizing, scheduled scaling) wait for them.',
    ),
  scaling_history: z
    .array(
      z.object({
        at: z.string(),
        change: z.string(),
        fields: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
      }),
    )
    .describe('Capacity and membership changes inventory collection saw, newest first.'),
  instances: z.array(asgInstanceSchema),
  advice: z.array(asgAdviceSchema),
});
export type AsgGroup = z.infer<typeof asgGroupSchema>;

export const asgDashboardSchema = z.object({
  ...windowShape,
  totals: costPairSchema.extend({
    groups: z.number().int(),
    instances: z.number().int(),
    spot_instances: z.number().int(),
    monthly_saving: money,
    instances_awaiting_cpu: z.number().int().describe('The groups’ cpu_awaited added up.'),
  }),
  groups: z.array(asgGroupSchema),
});
export type AsgDashboard = z.infer<typeof asgDashboardSchema>;

// ---------- Databricks ----------

const dbxCostShape = {
  infrastructure: money.describe('The clusters’ EC2 instances at the effective rate.'),
  dbu: money.describe('Databricks charges (DBUs) allocated to it; the bill’s lines carry no cluster.'),
  total: money,
};

const dbxRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  ...dbxCostShape,
  previous_total: money.describe('The same figures over the window of equal length before.'),
});
export type DatabricksRow = z.infer<typeof dbxRowSchema>;

export const databricksDashboardSchema = z.object({
  ...windowShape,
  totals: z.object({
    ...dbxCostShape,
    dbu_unallocated: money,
    instances: z.number().int(),
    instances_awaiting_cpu: z.number().int().describe('The clusters’ cpu_awaited added up.'),
  }),
  dbu_lines: z
    .array(z.object({ account_id: z.string(), usage_type: z.string(), sku: z.string(), cost: money }))
    .describe('The bill’s Databricks lines (AWS Marketplace or direct) by account and usage type.'),
  workspaces: z.array(dbxRowSchema.extend({ account_id: z.string(), region: z.string().nullable() })),
  clusters: z.array(
    dbxRowSchema.extend({
      cluster_id: z.string().nullable(),
      kind: z.enum(['job', 'all-purpose']),
      creator: z.string().nullable(),
      job_id: z.string().nullable(),
      instances: z.array(z.string()),
      cpu_avg: z
        .number()
        .nullable()
        .describe('Null until every running instance of the cluster has CPU figures (cpu_awaited 0).'),
      cpu_awaited: z
        .number()
        .int()
        .describe('Running instances the metrics collection has not read yet: the CPU and idle flag wait.'),
      idle: z.boolean().describe('An all-purpose cluster whose instances averaged under 10 % CPU.'),
    }),
  ),
  jobs: z.array(dbxRowSchema.extend({ growth: ratio.describe('total ÷ previous_total − 1.') })),
  users: z.array(dbxRowSchema),
});
export type DatabricksDashboard = z.infer<typeof databricksDashboardSchema>;

// ---------- ASG scaling activities ----------

/** Which group: the dashboard's project, account, region and group name. */
export const asgActivitiesQuerySchema = z.object({
  project_id: z.string().min(1).max(64),
  account_id: z.string().min(1).max(64),
  region: z.string().min(1).max(64),
  name: z.string().min(1).max(255),
});
export type AsgActivitiesQuery = z.infer<typeof asgActivitiesQuerySchema>;

export const scalingActivitySchema = z.object({
  id: z.string(),
  start_time: z.string(),
  end_time: z.string().nullable(),
  status: z.string().describe('AWS StatusCode: Successful, Failed, Cancelled, InProgress …'),
  status_message: z.string().nullable(),
  cause: z.string(),
  description: z.string(),
  progress: z.number().nullable(),
});
export type ScalingActivity = z.infer<typeof scalingActivitySchema>;

export const asgActivitiesSchema = z
  .object({
    available: z.boolean().describe('false: the account could not be asked (reason says why).'),
    reason: z.string().nullable(),
    activities: z.array(scalingActivitySchema),
  })
  .describe(
    "The group's newest scaling activities (at most 50, newest first), read live from the cloud (AWS DescribeScalingActivities; the simulated cloud for demo and simulated projects).",
  );
export type AsgActivities = z.infer<typeof asgActivitiesSchema>;
