import { z } from 'zod';
import { projectIdsParam } from './fragments';
import { RESOURCE_KIND_NAMES } from './inventory';
import { RESOURCE_METRIC_NAMES } from './resource-metrics';

/**
 * Cost saving recommendations, Essentials and rules (issue 21; spec §2 /v3/cost/recommendations/, /v3/cost/unused/,
 * /v3/cost/underutilized-resources/, /v3/essentials/*, /v3/rules/, /v3/rule-details/, /v3/rules-dashboard/:key).
 * The spec shows no calls, so they are designed here. A rule is a typed check over the collected inventory, its
 * metrics and the bill; every evaluation (after each collection and import) stores what each rule found, and a
 * finding is a recommendation. The ledger (open → dismissed/snoozed/accepted → applied → verified) owns the
 * `status` fields; the rules engine owns everything else.
 */
export const RECOMMENDATIONS_PATHS = {
  list: '/c/recommendations/',
  export: '/c/recommendations/export/',
  summary: '/c/recommendations/summary/',
  detail: (id: string) => `/c/recommendations/${encodeURIComponent(id)}/`,
  unused: '/c/recommendations/unused/',
  underutilized: '/c/recommendations/underutilized/',
  why: '/c/recommendations/why/',
  evaluate: '/c/recommendations/evaluate/',
  essentialsSummary: '/c/essentials/summary/',
  essentialsGroup: (group: EssentialsGroup) => `/c/essentials/${group}/`,
  rules: '/c/rules/',
  rule: (key: string) => `/c/rules/${key}/`,
  ruleDashboard: (key: string) => `/c/rules/${key}/dashboard/`,
  ruleChanges: '/c/rules/changes/',
} as const;

/**
 * One recommendation type per rule (the rule's key). Anchors: AWS Compute Optimizer (rightsizing, idle, Graviton),
 * Cost Optimization Hub (stop, delete, scale in, rightsize, upgrade), Trusted Advisor cost checks.
 */
export const RECOMMENDATION_TYPES = [
  'ec2-idle',
  'ec2-stopped-with-volumes',
  'ebs-unattached',
  'ebs-gp2-to-gp3',
  'ec2-rightsizing',
  'ebs-snapshot-old',
  'ebs-snapshot-orphaned',
  'eip-unassociated',
  'elb-idle',
  'nat-gateway-idle',
  'ec2-previous-generation',
  'rds-idle',
  'rds-rightsizing',
  'ebs-io1-to-io2',
  'ebs-iops-overprovisioned',
  's3-no-lifecycle',
  's3-cold-standard',
  'lambda-memory',
  'asg-overprovisioned',
  'asg-spot-adoption',
  'asg-launch-template-rightsizing',
  'asg-scheduled-scaling',
  'container-rightsizing',
] as const;
export type RecommendationType = (typeof RECOMMENDATION_TYPES)[number];
export const recommendationTypeSchema = z.enum(RECOMMENDATION_TYPES);

/** The Essentials page a type is listed under (spec §2 /v3/essentials/storage|rightsizing|idle-resources/). */
export const ESSENTIALS_GROUPS = ['storage', 'rightsizing', 'idle-resources'] as const;
export type EssentialsGroup = (typeof ESSENTIALS_GROUPS)[number];

/**
 * unused: nothing uses the resource (listed by /v3/cost/unused/); underutilized: used below what it is sized for
 * (/v3/cost/underutilized-resources/); configuration: a cheaper setting or generation does the same work.
 */
export const RECOMMENDATION_FINDINGS = ['unused', 'underutilized', 'configuration'] as const;
export type RecommendationFinding = (typeof RECOMMENDATION_FINDINGS)[number];

export const RISKS = ['low', 'medium', 'high'] as const;
export type Risk = (typeof RISKS)[number];

/** What acting on a recommendation does; the ledger maps them onto the cloud port's actions. */
export const RECOMMENDATION_ACTIONS = [
  'stop',
  'terminate',
  'delete',
  'snapshot-and-delete',
  'release',
  'modify',
  'scale-in',
  'add-lifecycle-policy',
  'use-spot',
  'schedule-scaling',
] as const;
export type RecommendationActionKind = (typeof RECOMMENDATION_ACTIONS)[number];

/** The ledger's states (owned by the savings ledger, not by the rules engine). */
export const RECOMMENDATION_STATUSES = [
  'open',
  'dismissed',
  'snoozed',
  'accepted',
  'approved',
  'applied',
  'verified',
  'regressed',
] as const;
export type RecommendationStatus = (typeof RECOMMENDATION_STATUSES)[number];

/** Static description of each type: the page it belongs to and how it reads. */
export const RECOMMENDATION_TYPE_INFO: Record<
  RecommendationType,
  { name: string; group: EssentialsGroup; finding: RecommendationFinding }
> = {
  'ec2-idle': { name: 'Idle EC2 instances', group: 'idle-resources', finding: 'unused' },
  'ec2-stopped-with-volumes': {
    name: 'Long-stopped EC2 instances with volumes',
    group: 'idle-resources',
    finding: 'unused',
  },
  'ebs-unattached': { name: 'Unattached EBS volumes', group: 'storage', finding: 'unused' },
  'ebs-gp2-to-gp3': { name: 'EBS gp2 to gp3', group: 'storage', finding: 'configuration' },
  'ec2-rightsizing': { name: 'EC2 rightsizing', group: 'rightsizing', finding: 'underutilized' },
  'ebs-snapshot-old': { name: 'Old EBS snapshots', group: 'storage', finding: 'unused' },
  'ebs-snapshot-orphaned': { name: 'Orphaned EBS snapshots', group: 'storage', finding: 'unused' },
  'eip-unassociated': { name: 'Unassociated Elastic IPs', group: 'idle-resources', finding: 'unused' },
  'elb-idle': { name: 'Idle load balancers', group: 'idle-resources', finding: 'unused' },
  'nat-gateway-idle': {
    name: 'NAT gateways with little traffic',
    group: 'idle-resources',
    finding: 'unused',
  },
  'ec2-previous-generation': {
    name: 'Previous-generation instance types',
    group: 'rightsizing',
    finding: 'configuration',
  },
  'rds-idle': { name: 'Idle RDS instances', group: 'idle-resources', finding: 'unused' },
  'rds-rightsizing': { name: 'RDS rightsizing', group: 'rightsizing', finding: 'underutilized' },
  'ebs-io1-to-io2': { name: 'EBS io1 to io2', group: 'storage', finding: 'configuration' },
  'ebs-iops-overprovisioned': { name: 'Over-provisioned IOPS', group: 'storage', finding: 'underutilized' },
  's3-no-lifecycle': {
    name: 'S3 buckets without lifecycle policies',
    group: 'storage',
    finding: 'configuration',
  },
  's3-cold-standard': { name: 'Cold data in S3 Standard', group: 'storage', finding: 'configuration' },
  'lambda-memory': { name: 'Lambda memory over-allocation', group: 'rightsizing', finding: 'underutilized' },
  'asg-overprovisioned': {
    name: 'Over-provisioned Auto Scaling groups',
    group: 'rightsizing',
    finding: 'underutilized',
  },
  'asg-spot-adoption': {
    name: 'Auto Scaling groups on demand that could run on spot',
    group: 'rightsizing',
    finding: 'configuration',
  },
  'asg-launch-template-rightsizing': {
    name: 'Auto Scaling launch template rightsizing',
    group: 'rightsizing',
    finding: 'underutilized',
  },
  'asg-scheduled-scaling': {
    name: 'Auto Scaling groups to scale in outside office hours',
    group: 'rightsizing',
    finding: 'underutilized',
  },
  'container-rightsizing': {
    name: 'Kubernetes workloads requesting more than they use',
    group: 'rightsizing',
    finding: 'underutilized',
  },
};

const money = (text: string) => z.number().describe(`${text} USD per month (30.4375 days).`);

/** One metric statistic a rule compared with its threshold: what the evidence chart draws. */
export const metricEvidenceSchema = z.object({
  metric: z.enum(RESOURCE_METRIC_NAMES),
  storage_class: z.string().nullable().describe('The S3 storage class of s3-bytes; null for other metrics.'),
  statistic: z.enum(['avg', 'p95', 'max', 'sum']).describe('Of the hourly values over the look-back.'),
  observed: z
    .number()
    .nullable()
    .describe('The statistic over the look-back; null when no points were collected.'),
  threshold_key: z
    .string()
    .nullable()
    .describe("The rule threshold compared with (a key of the rule's thresholds)."),
  threshold: z.number().nullable(),
  comparison: z.enum(['<', '<=', '>', '>=']).nullable().describe('observed <comparison> threshold held.'),
  unit: z.string().describe('percent, bytes, count or count/second.'),
  points: z.number().int().describe('Hourly values the look-back had.'),
});
export type MetricEvidence = z.infer<typeof metricEvidenceSchema>;

/** A non-metric fact a rule used (state, age, attachment, type), shown beside the chart. */
export const factEvidenceSchema = z.object({
  key: z.string().describe('Stable key: state, stopped_days, age_days, volume_type, attachments …'),
  label: z.string(),
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  threshold_key: z.string().nullable(),
  threshold: z.number().nullable(),
});
export type FactEvidence = z.infer<typeof factEvidenceSchema>;

export const evidenceSchema = z
  .object({
    start_date: z
      .string()
      .describe('First UTC day of the look-back (the chart reads the metrics route with it).'),
    end_date: z.string().describe('Last UTC day of the look-back.'),
    metrics: z.array(metricEvidenceSchema),
    facts: z.array(factEvidenceSchema),
  })
  .describe(
    'Why the rule fired: the metric series and thresholds, and the facts. The chart draws each metric from ' +
      'GET /c/inventory/resources/{resource_id}/metrics/ over start_date..end_date with the threshold as a line.',
  );
export type Evidence = z.infer<typeof evidenceSchema>;

export const savingSchema = z.object({
  current_monthly_cost: money("The resource's cost at the account's effective rate:"),
  estimated_monthly_saving: money('The saving at the effective rate (after RI/SP/discounts):'),
  on_demand_monthly_saving: money('The same saving at on-demand (public) prices:'),
  effective_rate: z
    .number()
    .describe(
      "Effective ÷ on-demand cost of the account's line items of this kind over the last 30 days (1 with no discount).",
    ),
  basis: z
    .enum(['bill', 'catalogue'])
    .describe(
      "bill: the resource's own billed cost; catalogue: the instance or storage price list × effective_rate.",
    ),
  covered_by_commitment: z
    .boolean()
    .describe(
      'A reservation or Savings Plan covers (part of) its usage: cutting it may not cut the bill until the commitment ends.',
    ),
});
export type Saving = z.infer<typeof savingSchema>;

export const recommendationActionSchema = z.object({
  kind: z.enum(RECOMMENDATION_ACTIONS),
  description: z.string().describe('What to do, in one sentence ("Change m5.xlarge to m7g.large").'),
  target: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .describe(
      'The change: { instance_type } for modify, { volume_type, iops } for a volume, { desired_capacity } …',
    ),
  reversible: z.boolean(),
});
export type RecommendationAction = z.infer<typeof recommendationActionSchema>;

/** The ledger's fields on a recommendation; the rules engine answers them as 'open' with nulls until it exists. */
export const ledgerFieldsSchema = z.object({
  status: z.enum(RECOMMENDATION_STATUSES),
  status_reason: z.string().nullable().describe('The dismissal reason, or a note of the last move.'),
  snoozed_until: z.string().nullable().describe('UTC date a snoozed recommendation opens again.'),
  status_changed_at: z.string().nullable(),
  status_changed_by: z.string().nullable().describe('Email of the user who moved it last.'),
});
export type LedgerFields = z.infer<typeof ledgerFieldsSchema>;

export const showbackValueSchema = z.object({
  showback_id: z.string(),
  showback_name: z.string(),
  value: z.string(),
});

export const recommendationSchema = z
  .object({
    id: z
      .string()
      .describe('Stable for the rule and the resource: re-evaluations update the same recommendation.'),
    type: recommendationTypeSchema,
    rule_key: z.string().describe('The rule that found it (today the type).'),
    group: z.enum(ESSENTIALS_GROUPS),
    finding: z.enum(RECOMMENDATION_FINDINGS),
    title: z.string(),
    project_id: z.string(),
    account_id: z.string(),
    account_name: z.string().nullable(),
    region: z.string(),
    resource_kind: z
      .enum(RESOURCE_KIND_NAMES)
      .nullable()
      .describe(
        'null for what is not an inventory resource: a Kubernetes workload (container-rightsizing, resource_id cluster/namespace/kind/name).',
      ),
    resource_id: z.string(),
    resource_key: z.string().describe('Account and normal resource id (as Resources Cost keys it).'),
    resource_name: z.string().nullable(),
    resource_type: z.string().nullable().describe('Instance type or class, volume type …'),
    tags: z.record(z.string(), z.string()),
    showback_values: z
      .array(showbackValueSchema)
      .describe("Values of the client's active showbacks the resource's tags fall in."),
    evidence: evidenceSchema,
    saving: savingSchema,
    risk: z.enum(RISKS),
    action: recommendationActionSchema,
    might_be_wrong_because: z
      .array(z.string())
      .describe('Why the recommendation might be wrong, one reason each.'),
    first_seen_at: z.string().describe('When an evaluation first found it (the violation opened).'),
    evaluated_at: z.string().describe('The evaluation that last confirmed it.'),
    resolved_at: z
      .string()
      .nullable()
      .describe(
        'When an evaluation no longer found it (the condition cleared, or the resource left); null while open.',
      ),
  })
  .extend(ledgerFieldsSchema.shape);
export type Recommendation = z.infer<typeof recommendationSchema>;

export const RECOMMENDATION_SORTS = [
  'saving',
  'on_demand_saving',
  'cost',
  'type',
  'resource',
  'account',
  'region',
  'first_seen',
] as const;

/** `tag=key:value` (repeatable as comma-separated pairs). */
const tagParam = z
  .string()
  .max(500)
  .regex(/^[^:,]+:[^,]*(,[^:,]+:[^,]*)*$/, 'Enter tags as key:value pairs separated by commas.')
  .transform((text) =>
    text
      .split(',')
      .map((pair) => ({ key: pair.slice(0, pair.indexOf(':')), value: pair.slice(pair.indexOf(':') + 1) })),
  )
  .optional()
  .describe('key:value pairs, comma-separated; a resource must carry every pair.');

const listFilters = {
  project_ids: projectIdsParam,
  type: recommendationTypeSchema.optional(),
  group: z.enum(ESSENTIALS_GROUPS).optional(),
  finding: z.enum(RECOMMENDATION_FINDINGS).optional(),
  account_id: z.string().max(100).optional(),
  region: z.string().max(50).optional(),
  tag: tagParam,
  showback_value: z
    .string()
    .max(300)
    .regex(/^[^:]+:.*$/, 'Enter showback_id:value.')
    .optional()
    .describe('showback_id:value — resources in that value of that showback.'),
  status: z
    .enum(RECOMMENDATION_STATUSES)
    .optional()
    .describe(
      'Ledger status (default: open, accepted, approved and regressed ones: not dismissed, snoozed, applied or verified).',
    ),
  include_resolved: z.enum(['true', 'false']).default('false').describe("'true' lists resolved ones too."),
  search: z.string().max(200).optional().describe('Part of the resource id or name.'),
  sort: z.enum(RECOMMENDATION_SORTS).default('saving'),
  order: z.enum(['asc', 'desc']).default('desc'),
};

export const recommendationsQuerySchema = z.object({
  ...listFilters,
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
});
export type RecommendationsQuery = z.infer<typeof recommendationsQuerySchema>;

export const recommendationsExportQuerySchema = z.object(listFilters);
export type RecommendationsExportQuery = z.infer<typeof recommendationsExportQuerySchema>;

export const typeTotalSchema = z.object({
  type: recommendationTypeSchema,
  name: z.string(),
  group: z.enum(ESSENTIALS_GROUPS),
  finding: z.enum(RECOMMENDATION_FINDINGS),
  count: z.number().int(),
  estimated_monthly_saving: z.number(),
  on_demand_monthly_saving: z.number(),
});
export type TypeTotal = z.infer<typeof typeTotalSchema>;

export const evaluationInfoSchema = z
  .object({
    id: z.string(),
    evaluated_at: z.string(),
    trigger: z.enum(['collection', 'import', 'rule-change', 'manual']),
    resources: z.number().int(),
    violations: z.number().int(),
    duration_ms: z.number(),
  })
  .nullable()
  .describe(
    "The newest evaluation of the caller's projects; null before any (collect an account or import a bill).",
  );

export const recommendationsListSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  total_estimated_monthly_saving: z
    .number()
    .describe('Over every matching recommendation, not only this page.'),
  total_on_demand_monthly_saving: z.number(),
  by_type: z
    .array(typeTotalSchema)
    .describe('Totals per type of the matching recommendations (every type listed, zero ones too).'),
  evaluation: evaluationInfoSchema,
  results: z.array(recommendationSchema),
});
export type RecommendationsList = z.infer<typeof recommendationsListSchema>;

/** CSV columns of the export, in order. */
export const RECOMMENDATIONS_CSV_COLUMNS = [
  'id',
  'type',
  'title',
  'account_id',
  'region',
  'resource_id',
  'resource_name',
  'resource_type',
  'current_monthly_cost',
  'estimated_monthly_saving',
  'on_demand_monthly_saving',
  'risk',
  'action',
  'status',
  'first_seen_at',
] as const;

export const recommendationsSummaryQuerySchema = z.object({ project_ids: projectIdsParam });

export const recommendationsSummarySchema = z.object({
  total_count: z.number().int(),
  total_estimated_monthly_saving: z.number(),
  total_on_demand_monthly_saving: z.number(),
  by_type: z.array(typeTotalSchema),
  by_group: z.array(
    z.object({
      group: z.enum(ESSENTIALS_GROUPS),
      count: z.number().int(),
      estimated_monthly_saving: z.number(),
    }),
  ),
  by_account: z.array(
    z.object({
      account_id: z.string(),
      account_name: z.string().nullable(),
      count: z.number().int(),
      estimated_monthly_saving: z.number(),
    }),
  ),
  evaluation: evaluationInfoSchema,
});
export type RecommendationsSummary = z.infer<typeof recommendationsSummarySchema>;

/** Essentials Summary (spec §3 ESSENTIALS_SHARESAVE 'Essentials Summary'): the three pages' totals. */
export const essentialsSummarySchema = z.object({
  groups: z.array(
    z.object({
      group: z.enum(ESSENTIALS_GROUPS),
      count: z.number().int(),
      estimated_monthly_saving: z.number(),
      on_demand_monthly_saving: z.number(),
      by_type: z.array(typeTotalSchema),
    }),
  ),
  total_estimated_monthly_saving: z.number(),
  weekly_saving: z
    .number()
    .describe("Spec §9 savings helper: a month of saving ÷ 4 (the spec's weekly figure)."),
  evaluation: evaluationInfoSchema,
});
export type EssentialsSummary = z.infer<typeof essentialsSummarySchema>;

/* ----------------------------------------------------------------------------------------------- rules */

export const ruleThresholdSchema = z.object({
  key: z.string().describe('cpu_p95_max_percent, lookback_days, stopped_days …'),
  label: z.string(),
  unit: z.string().describe('percent, days, bytes, GiB, count, ratio …'),
  default: z.number().describe('From the anchor (Compute Optimizer, Trusted Advisor).'),
  value: z.number().describe("The client's value: its override, else the default."),
  overridden: z.boolean(),
  min: z.number(),
  max: z.number(),
});
export type RuleThreshold = z.infer<typeof ruleThresholdSchema>;

export const ruleSchema = z.object({
  key: recommendationTypeSchema,
  name: z.string(),
  description: z.string().describe('When the rule fires, in one or two sentences.'),
  anchor: z
    .string()
    .describe(
      'Where the defaults come from (e.g. "AWS Compute Optimizer idle: CPU p95 < 5 % over 14 days").',
    ),
  group: z.enum(ESSENTIALS_GROUPS),
  finding: z.enum(RECOMMENDATION_FINDINGS),
  resource_kinds: z.array(z.string()),
  enabled: z.boolean(),
  thresholds: z.array(ruleThresholdSchema),
  open_violations: z.number().int(),
  cost_at_stake: z.number().describe('Estimated monthly saving of its open violations.'),
});
export type Rule = z.infer<typeof ruleSchema>;

export const rulesListSchema = z.object({ results: z.array(ruleSchema), evaluation: evaluationInfoSchema });
export type RulesList = z.infer<typeof rulesListSchema>;

export const rulesQuerySchema = z.object({ project_ids: projectIdsParam });

/** PATCH a rule for the caller's client (admins): thresholds by key, null to go back to the default. */
export const rulePatchSchema = z
  .object({
    enabled: z.boolean().optional(),
    thresholds: z.record(z.string(), z.number().finite().nullable()).optional(),
  })
  .strict()
  .describe(
    'A threshold outside its min..max or an unknown key is a 400 naming thresholds.<key>. Saving re-evaluates.',
  );
export type RulePatch = z.infer<typeof rulePatchSchema>;

export const VIOLATION_EVENTS = ['opened', 'changed', 'resolved'] as const;

export const inventoryCauseSchema = z
  .object({
    change: z.enum(['created', 'changed', 'deleted']),
    recorded_at: z.string(),
    fields: z.array(
      z.object({
        field: z.string(),
        before: z.unknown(),
        after: z.unknown(),
      }),
    ),
  })
  .nullable()
  .describe(
    'The inventory change of the resource just before the event (null: metrics, cost or thresholds moved instead).',
  );

export const violationEventSchema = z.object({
  id: z.string(),
  recommendation_id: z.string(),
  rule_key: recommendationTypeSchema,
  event: z.enum(VIOLATION_EVENTS),
  at: z.string(),
  project_id: z.string(),
  account_id: z.string(),
  region: z.string(),
  resource_id: z.string(),
  resource_name: z.string().nullable(),
  estimated_monthly_saving: z.number().describe('After the event (0 for resolved).'),
  previous_monthly_saving: z.number().nullable().describe('Before the event (null for opened).'),
  cause: inventoryCauseSchema,
});
export type ViolationEvent = z.infer<typeof violationEventSchema>;

export const ruleChangesQuerySchema = z.object({
  project_ids: projectIdsParam,
  rule_key: recommendationTypeSchema.optional(),
  event: z.enum(VIOLATION_EVENTS).optional(),
  account_id: z.string().max(100).optional(),
  resource_id: z.string().max(2048).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
});
export type RuleChangesQuery = z.infer<typeof ruleChangesQuerySchema>;

export const ruleChangesSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(violationEventSchema).describe('Newest first.'),
});
export type RuleChanges = z.infer<typeof ruleChangesSchema>;

export const ruleDashboardQuerySchema = z.object({
  project_ids: projectIdsParam,
  days: z.coerce.number().int().min(1).max(400).default(90).describe('Days of history (default 90).'),
});

export const ruleDashboardSchema = z.object({
  rule: ruleSchema,
  series: z
    .array(z.object({ date: z.string(), open_violations: z.number().int(), cost_at_stake: z.number() }))
    .describe('Open violations and their monthly saving at the end of each UTC day, every day present.'),
  violations: z.array(recommendationSchema).describe('Open violations, largest saving first.'),
  recent_events: z.array(violationEventSchema).describe('The newest 50 events.'),
});
export type RuleDashboard = z.infer<typeof ruleDashboardSchema>;

export const recommendationDetailSchema = z.object({
  recommendation: recommendationSchema,
  rule: ruleSchema,
  history: z.array(violationEventSchema).describe('Opened, changed and resolved events, newest first.'),
});
export type RecommendationDetail = z.infer<typeof recommendationDetailSchema>;

/* --------------------------------------------------------------------- "why no recommendation?" */

export const whyQuerySchema = z.object({
  project_id: z.string().min(1).describe("The resource's project."),
  resource_id: z.string().min(1).max(2048).describe('Inventory resource id (or ARN).'),
});
export type WhyQuery = z.infer<typeof whyQuerySchema>;

export const CHECK_OUTCOMES = [
  'passed',
  'violated',
  'missing-metrics',
  'not-applicable',
  'disabled',
] as const;

export const ruleCheckSchema = z.object({
  rule_key: recommendationTypeSchema,
  rule_name: z.string(),
  outcome: z.enum(CHECK_OUTCOMES),
  reason: z.string().describe('Why it passed (the figure and the threshold), or which metrics are missing.'),
  evidence: evidenceSchema.nullable(),
  recommendation_id: z.string().nullable().describe('The recommendation it opened, when violated.'),
});
export type RuleCheck = z.infer<typeof ruleCheckSchema>;

export const whyAnswerSchema = z.object({
  project_id: z.string(),
  account_id: z.string(),
  region: z.string(),
  resource_kind: z.enum(RESOURCE_KIND_NAMES),
  resource_id: z.string(),
  resource_name: z.string().nullable(),
  evaluated_at: z
    .string()
    .describe("Checked now, with the client's thresholds, over the stored inventory and metrics."),
  checks: z
    .array(ruleCheckSchema)
    .describe('Every rule of the resource kind, then the others as not-applicable.'),
});
export type WhyAnswer = z.infer<typeof whyAnswerSchema>;

/** POST evaluate: queue an evaluation of the caller's projects now (it also runs after every collection and import). */
export const evaluateBodySchema = z.object({ project_ids: z.array(z.string().min(1)).optional() }).strict();
export const evaluateResponseSchema = z.object({
  job_ids: z.array(z.string()),
  status: z.literal('queued'),
});
