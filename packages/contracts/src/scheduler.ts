import { z } from 'zod';
import { isoDate } from './fragments';
import { WORKLOAD_KINDS, workloadResourceKind, workloadTargetSchema } from './kubernetes';

/**
 * Resource scheduler calls (issue 22; spec §2 /v3/essentials/scheduler/ and scheduler-details, §3 scheduler
 * form, position actions and the event-bridge form, §4 positions ↔ hour grids, §9 constants). Schedules are
 * weekly rules in the schedule's IANA zone; the week and its daylight-saving rules are
 * packages/cost-model/src/scheduler/. The spec shows no response shapes; these are ours.
 */
export const SCHEDULER_PATHS = {
  schedules: '/c/scheduler/schedules/',
  schedule: (id: string) => `/c/scheduler/schedules/${id}/`,
  overrides: (id: string) => `/c/scheduler/schedules/${id}/overrides/`,
  override: (id: string, overrideId: string) => `/c/scheduler/schedules/${id}/overrides/${overrideId}/`,
  actions: (id: string) => `/c/scheduler/schedules/${id}/actions/`,
  oneOffs: '/c/scheduler/one_off_actions/',
  estimate: '/c/scheduler/estimate/',
  suggestion: '/c/scheduler/suggestion/',
  holidayCountries: '/c/scheduler/holiday_countries/',
  timeline: (id: string) => `/c/scheduler/schedules/${id}/timeline/`,
} as const;

/** Spec §9. */
export const HOURS_IN_WEEK = 168;
export const DEFAULT_SCHEDULE_ZONE = 'America/Los_Angeles';
export const DEFAULT_SCHEDULE_START = '08:00';
export const DEFAULT_SCHEDULE_END = '20:00';
/** The spec names an Essentials scheduler tag without its value; ours, changeable per schedule. */
export const DEFAULT_SCHEDULER_TAG_KEY = 'finlens:scheduler';
/** An event-bridge action "at a day/time" defaults to this far ahead (spec §3). */
export const ONE_OFF_DEFAULT_LEAD_MINUTES = 10;
/** The longest an override may last: it always expires by itself. */
export const MAX_OVERRIDE_DAYS = 30;

/** Monday first: position = day × 24 + hour. */
export const WEEK_DAY_NAMES = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

/** The spec's resource lists, and the inventory kind each holds. */
export const SCHEDULER_RESOURCE_LISTS = {
  ec2: 'ec2-instance',
  rds: 'rds-instance',
  rds_cluster: 'rds-cluster',
  eks_nodegroup: 'eks-nodegroup',
  autoscaling_groups: 'autoscaling-group',
} as const;
export type SchedulerResourceList = keyof typeof SCHEDULER_RESOURCE_LISTS;
export const SCHEDULABLE_KINDS = [
  'ec2-instance',
  'rds-instance',
  'rds-cluster',
  'eks-nodegroup',
  'autoscaling-group',
] as const satisfies readonly (typeof SCHEDULER_RESOURCE_LISTS)[SchedulerResourceList][];
export type SchedulableKind = (typeof SCHEDULABLE_KINDS)[number];

const ids = z.array(z.string().min(1).max(300)).max(10_000).default([]);
export const schedulerResourcesSchema = z
  .object({ ec2: ids, rds: ids, rds_cluster: ids, eks_nodegroup: ids, autoscaling_groups: ids })
  .describe(
    "Resource ids of the schedule's project (inventory), per list; a node group is cluster/nodegroup. An id found in two regions is written region:id.",
  );
export type SchedulerResources = z.infer<typeof schedulerResourcesSchema>;
const NO_RESOURCES = { ec2: [], rds: [], rds_cluster: [], eks_nodegroup: [], autoscaling_groups: [] };

const clock = z.string().describe('HH:MM, local time of the schedule.');
const dayTimeWindowSchema = z.object({
  days: z.array(z.enum(WEEK_DAY_NAMES)),
  start: clock,
  end: clock.describe('HH:MM; at or before start ends the next day (Sunday runs into Monday).'),
});

export const scheduleInputSchema = z
  .object({
    schedule_name: z.string().trim().min(1, 'Enter a name.').max(200),
    project: z.string().min(1).describe('The project (cloud account) whose resources the schedule acts on.'),
    account_number: z
      .string()
      .regex(/^\d{12}$/, 'An AWS account number has 12 digits.')
      .nullable()
      .default(null)
      .describe('Limits the schedule to one account of the project.'),
    resources: schedulerResourcesSchema.default(NO_RESOURCES),
    workloads: z
      .array(workloadTargetSchema)
      .max(500)
      .optional()
      .describe(
        'Kubernetes workloads (container scheduler): replicas to zero at stop, back at start. Left out on PATCH: kept.',
      ),
    target: z.string().max(200).nullable().default(null).describe('Free text: what the schedule is for.'),
    time_zone: z
      .string()
      .default(DEFAULT_SCHEDULE_ZONE)
      .describe('IANA zone the days and times are read in.'),
    days: z.array(z.enum(WEEK_DAY_NAMES)).optional().describe('Form variant (default Monday–Friday).'),
    start: clock.optional().describe(`Form variant, default ${DEFAULT_SCHEDULE_START}.`),
    end: clock.optional().describe(`Form variant, default ${DEFAULT_SCHEDULE_END}.`),
    windows: z
      .array(dayTimeWindowSchema)
      .min(1)
      .optional()
      .describe('Several day/time rows; they may not overlap.'),
    positions: z
      .array(
        z
          .number()
          .int()
          .min(0)
          .max(HOURS_IN_WEEK - 1),
      )
      .optional()
      .describe('Position variant: running hours of the week, 0–167 (Monday 00:00 = 0); wins over the form.'),
    hibernate: z
      .boolean()
      .default(false)
      .describe('EC2 instances launched with hibernation hibernate instead of stopping.'),
    enforced: z.boolean().default(false).describe('Drift is put back by the schedule, not only reported.'),
    enabled: z.boolean().default(true),
    scheduled_by_tag_key: z.string().min(1).max(128).default(DEFAULT_SCHEDULER_TAG_KEY),
    scheduled_by_tag_value: z
      .string()
      .min(1)
      .max(256)
      .nullable()
      .default(null)
      .describe("With a value, the project's resources tagged key=value are scheduled too."),
    holidays: z
      .array(isoDate)
      .max(366)
      .default([])
      .describe('Local days the schedule keeps its resources stopped.'),
    holiday_country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'Use an ISO 3166 country code, e.g. FR.')
      .nullable()
      .default(null)
      .describe("Also keep stopped on this country's public holidays (date-holidays' list, type public)."),
  })
  .describe('A weekly schedule (spec §3 scheduler form, or its position-based variant).');
export type ScheduleInput = z.infer<typeof scheduleInputSchema>;

const positionActionSchema = z.object({
  action: z.enum(['start', 'stop']),
  action_type: z.literal('selected_day_of_week'),
  day: z.enum(WEEK_DAY_NAMES),
  day_of_week: z.number().int(),
  hour: z.number().int(),
  minute: z.number().int(),
  position: z.number().int(),
});

export const scheduledResourceSchema = z.object({
  account_id: z.string(),
  region: z.string(),
  kind: z.string(),
  resource_id: z.string(),
  name: z.string().nullable(),
  state: z.string().describe('Last state the inventory or the scheduler saw.'),
  matched_by: z.enum(['list', 'tag']),
});

export const scheduleOverrideSchema = z.object({
  id: z.string(),
  resource: z.object({ kind: z.string(), resource_id: z.string() }).nullable(),
  running: z.boolean(),
  from: z.string(),
  until: z.string(),
  created_by: z.string().nullable(),
});
export type ScheduleOverride = z.infer<typeof scheduleOverrideSchema>;

export const workloadEstimateSchema = z
  .object({
    window: z
      .object({ from: z.string(), to: z.string() })
      .nullable()
      .describe('The 30 billed days read; null without a bill.'),
    monthly_saving: z
      .number()
      .nullable()
      .describe(
        "Σ of the workloads' 30-day savings per average month (30.4375 days): what the pods' share of their nodes comes to while the schedule keeps them at zero — saved only if those nodes scale in. Null without a bill.",
      ),
    workloads: z.array(
      z.object({
        cluster: z.string().describe('The cluster id.'),
        cluster_name: z.string(),
        namespace: z.string(),
        kind: z.enum(WORKLOAD_KINDS),
        name: z.string(),
        split_cost_30d: z
          .number()
          .describe(
            "Its pods' split cost over the window at the effective rate (net amortized where the bill carries it, else amortized), from the container rollup.",
          ),
        running_hours_30d: z
          .number()
          .describe('Hours it had pods: per day, the most hours any one of its pods ran, summed.'),
        hourly_cost: z.number().describe('Split cost per running hour.'),
        stopped_hours_30d: z.number().describe('Hours of 30 days the schedule keeps it at zero replicas.'),
        estimated_saving_30d: z.number(),
      }),
    ),
    unlisted: z
      .array(
        z.object({
          cluster: z.string(),
          namespace: z.string(),
          kind: z.enum(WORKLOAD_KINDS),
          label_selector: z.string(),
          error: z.string(),
        }),
      )
      .describe('Label selectors whose cluster did not list its workloads now: not estimated.'),
    node_groups: z
      .array(
        z.object({
          cluster_name: z.string(),
          resource_id: z.string().describe('<cluster>/<node group>, as the inventory names it.'),
          scheduled_by: z.string().nullable().describe('The enabled schedule that scales it, if any.'),
          min_size: z.number().nullable(),
          max_size: z.number().nullable(),
        }),
      )
      .describe(
        "The EKS node groups of the workloads' clusters (inventory): whether a schedule or an autoscaler (min below max) can remove the nodes the pods free.",
      ),
  })
  .describe(
    "A workload schedule's estimate (not in the verified-savings ledger): each workload's split cost per running hour × the hours the schedule keeps it at zero. Pods at zero free a share of their nodes; the bill drops only when those nodes scale in.",
  );
export type WorkloadEstimate = z.infer<typeof workloadEstimateSchema>;

export const scheduleSchema = z.object({
  id: z.string(),
  schedule_name: z.string(),
  project: z.string(),
  account_number: z.string().nullable(),
  target: z.string().nullable(),
  time_zone: z.string(),
  resources: schedulerResourcesSchema,
  workloads: z.array(workloadTargetSchema),
  windows: z.array(z.object({ start: z.number(), end: z.number() })).describe('Local minutes of the week.'),
  positions: z.array(z.number()).nullable().describe('Null when a window starts or ends off the hour.'),
  form: dayTimeWindowSchema.nullable().describe('Null when no single day/time row states the windows.'),
  actions: z.array(positionActionSchema),
  hibernate: z.boolean(),
  enforced: z.boolean(),
  enabled: z.boolean(),
  scheduled_by_tag_key: z.string(),
  scheduled_by_tag_value: z.string().nullable(),
  holidays: z.array(z.string()),
  holiday_country: z.string().nullable(),
  public_holidays: z.array(z.string()).describe("The country's public holidays in the coming year."),
  scheduled_resources: z.array(scheduledResourceSchema),
  overrides: z.array(scheduleOverrideSchema).describe('Active and future ones.'),
  desired_state: z.enum(['running', 'stopped']).describe('What the schedule wants now.'),
  next_action: z.object({ at: z.string(), action: z.enum(['start', 'stop']) }).nullable(),
  estimated_monthly_saving: z
    .number()
    .nullable()
    .describe(
      'The pre-flight estimate over the last 30 billed days scaled to a 30.4375-day month; null without a bill.',
    ),
  realised_monthly_saving: z
    .number()
    .nullable()
    .describe(
      "The verified-savings ledger's realised monthly saving of the schedule's resources still in it (their " +
        'entries the bill verified: net amortized cost per day before the first stop − after, × 30.4375); null ' +
        'until the bill verified one.',
    ),
  realised_to_date: z
    .number()
    .describe("What the bill shows the schedule saved so far (Σ of its ledger entries' realised to date)."),
  workload_estimate: workloadEstimateSchema
    .nullable()
    .describe(
      'Null: the schedule scales no Kubernetes workload. Apart from estimated_monthly_saving (its cloud resources), which a node group of the same cluster already counts.',
    ),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const scheduleListSchema = z.object({ results: z.array(scheduleSchema) });
export type ScheduleList = z.infer<typeof scheduleListSchema>;

export const overrideInputSchema = z
  .object({
    resource: z
      .object({
        kind: z.enum([...SCHEDULABLE_KINDS, ...WORKLOAD_KINDS.map(workloadResourceKind)]),
        resource_id: z.string().min(1),
      })
      .nullable()
      .default(null)
      .describe(
        'Null: the whole schedule. A workload of the schedule is kind k8s-deployment or k8s-statefulset with resource_id <cluster id>/<namespace>/<name>.',
      ),
    action: z.enum(['keep_running', 'stop']).describe('Keep running (snooze the stops) or stop now.'),
    until: z.iso
      .datetime({ offset: true })
      .describe(`Ends by itself then; at most ${MAX_OVERRIDE_DAYS} days ahead.`),
  })
  .describe('An override of the schedule, from now until a time.');
export type OverrideInput = z.infer<typeof overrideInputSchema>;

export const ACTION_CAUSES = ['schedule', 'override', 'one-off', 'enforce', 'rds-auto-restart'] as const;
export const ACTION_OUTCOMES = ['succeeded', 'failed', 'throttled', 'waiting'] as const;

export const scheduleActionSchema = z.object({
  id: z.string(),
  at: z.string(),
  account_id: z.string(),
  region: z.string(),
  kind: z.string(),
  resource_id: z.string(),
  action: z.string().describe('start, stop, hibernate or scale.'),
  cause: z.enum(ACTION_CAUSES),
  actor: z.string().describe('The user who caused it, or "scheduler".'),
  state_before: z.string().nullable(),
  state_after: z.string().nullable(),
  outcome: z.enum(ACTION_OUTCOMES),
  answer: z.unknown().describe("The cloud port's answer (changes) or its error."),
});
export type ScheduleAction = z.infer<typeof scheduleActionSchema>;
export const scheduleActionListSchema = z.object({ results: z.array(scheduleActionSchema) });

export const oneOffInputSchema = z
  .object({
    type: z.literal('eventbridge').default('eventbridge'),
    project: z.string().min(1),
    account_number: z
      .string()
      .regex(/^\d{12}$/)
      .nullable()
      .default(null),
    schedule: z.enum(['now', 'later']).default('now'),
    day: isoDate.optional().describe('Local day for "later" (default: 10 minutes ahead).'),
    time: clock.optional().describe('Local HH:MM for "later" (default: 10 minutes ahead).'),
    time_zone: z.string().default(DEFAULT_SCHEDULE_ZONE),
    action: z.enum(['start', 'stop']),
    resources: schedulerResourcesSchema.default(NO_RESOURCES),
    hold_until: z.iso
      .datetime({ offset: true })
      .nullable()
      .default(null)
      .describe(
        `Hold the resources so (an override of their schedule) until then, at most ${MAX_OVERRIDE_DAYS} days after the action; null: until the schedule's next start or stop.`,
      ),
  })
  .describe('Spec §3 event-bridge form: one action, now or at a day and time.');
export type OneOffInput = z.infer<typeof oneOffInputSchema>;

export const oneOffSchema = z.object({
  id: z.string(),
  project: z.string(),
  action: z.enum(['start', 'stop']),
  run_at: z.string(),
  done_at: z.string().nullable(),
  hold_until: z.string().nullable(),
  resources: schedulerResourcesSchema,
});
export type OneOff = z.infer<typeof oneOffSchema>;

export const scheduleEstimateSchema = z
  .object({
    window: z
      .object({ from: z.string(), to: z.string() })
      .nullable()
      .describe('The 30 billed days read; null without a bill.'),
    stopped_hours_per_week: z.number(),
    resources: z.array(
      z.object({
        kind: z.string(),
        resource_id: z.string(),
        cost_30d: z
          .number()
          .describe(
            "The resource's own line items (net amortized: after discounts, as the ledger verifies), 30 days.",
          ),
        running_cost_30d: z
          .number()
          .describe(
            'Its running hours (instance hours; stop when it stops), commitment-covered ones included.',
          ),
        keeps_billing_30d: z
          .number()
          .describe(
            "What bills on while it is stopped: its own storage, IOPS and backups (RDS), and an EC2 instance's attached EBS volumes.",
          ),
        committed_cost_30d: z
          .number()
          .describe(
            'Running hours a reservation or savings plan covered (DiscountedUsage, SavingsPlanCoveredUsage).',
          ),
        hourly_cost: z.number().describe('Running-hours cost per hour.'),
        stopped_hours_30d: z.number(),
        estimated_saving_30d: z.number(),
        stranded_commitment_30d: z
          .number()
          .describe(
            'Covered hours the schedule would stop: the reservation or savings plan is paid anyway, so this is not saved but left unused.',
          ),
      }),
    ),
    total_saving_30d: z.number(),
    total_keeps_billing_30d: z.number(),
    total_stranded_commitment_30d: z
      .number()
      .describe(
        'Above 0: stopping these resources strands reserved instances or savings plans covering them.',
      ),
  })
  .describe(
    "Pre-flight estimate: each resource's hourly effective cost of its running hours over the last 30 billed days × the hours the schedule would have stopped it, less the hours a commitment covered (stranded, not saved). Storage keeps billing and is reported beside the saving.",
  );
export type ScheduleEstimate = z.infer<typeof scheduleEstimateSchema>;

/**
 * Schedule suggestion from usage (not shown in the spec; issue 22): the hours of the week the draft's resources
 * were in use over the metrics' hourly retention (14 days), as positions for the grid. An hour is idle when
 * CPU ≤ cpu_threshold % in every week observed and, when network_threshold is given, network in + out ≤ that
 * many bytes a second too (off by default: agents and health checks keep an idle instance's traffic above
 * OptScale's 1,000 bytes a second on most hosts).
 */
export const SUGGESTION_CPU_THRESHOLD = 5;
export const scheduleSuggestionInputSchema = scheduleInputSchema
  .pick({
    project: true,
    account_number: true,
    resources: true,
    time_zone: true,
    scheduled_by_tag_key: true,
    scheduled_by_tag_value: true,
  })
  .extend({
    cpu_threshold: z
      .number()
      .min(0)
      .max(100)
      .default(SUGGESTION_CPU_THRESHOLD)
      .describe('An hour with CPU over this percentage is in use.'),
    network_threshold: z
      .number()
      .min(0)
      .max(1e12)
      .nullable()
      .default(null)
      .describe('With a value, an hour with network in + out over this many bytes a second is in use too.'),
  });
export type ScheduleSuggestionInput = z.infer<typeof scheduleSuggestionInputSchema>;

export const SUGGESTION_VERDICTS = ['used', 'idle', 'busy', 'not-enough-data', 'no-metrics'] as const;
export const scheduleSuggestionSchema = z
  .object({
    from: z.string().describe('Start of the hours read (an instant).'),
    to: z.string(),
    time_zone: z.string(),
    cpu_threshold: z.number(),
    network_threshold: z.number().nullable(),
    positions: z
      .array(z.number().int())
      .describe('Suggested running hours of the week, 0–167; empty when no resource has a usable pattern.'),
    running_hours_per_week: z.number(),
    resources: z.array(
      z.object({
        kind: z.string(),
        resource_id: z.string(),
        name: z.string().nullable(),
        verdict: z
          .enum(SUGGESTION_VERDICTS)
          .describe(
            'used: idle in some hours (they count); idle: never in use; busy: in use every hour of the week; not-enough-data: under 7 days of metrics; no-metrics: its kind has no CPU metric (RDS clusters, Auto Scaling groups, EKS node groups).',
          ),
        observed_hours: z.number().int(),
        used_hours_per_week: z.number().int(),
        quietest_hour_cpu: z
          .number()
          .nullable()
          .describe(
            'The highest CPU % of its quietest hour of the week: a threshold at or above it finds idle hours.',
          ),
      }),
    ),
  })
  .describe('A pre-filled grid from the metrics of the resources a draft schedule names.');
export type ScheduleSuggestion = z.infer<typeof scheduleSuggestionSchema>;

const segmentSchema = z.object({ from: z.string(), to: z.string(), state: z.string() });
export const scheduleTimelineQuerySchema = z.object({
  week: isoDate
    .optional()
    .describe("Any local day of the week to show (Monday–Sunday, the schedule's zone); default: this week."),
});
export const scheduleTimelineSchema = z
  .object({
    from: z.string().describe("Monday 00:00 of the week in the schedule's zone, as an instant."),
    to: z.string(),
    now: z.string(),
    resources: z.array(
      z.object({
        kind: z.string(),
        resource_id: z.string(),
        name: z.string().nullable(),
        desired: z.array(segmentSchema.extend({ state: z.enum(['running', 'stopped']) })),
        actual: z
          .array(segmentSchema.extend({ state: z.enum(['running', 'stopped', 'transitional', 'unknown']) }))
          .describe(
            "Up to now: the states the scheduler observed (each action's state before and after, drift seen) and the inventory's current state; unknown before the first observation.",
          ),
      }),
    ),
  })
  .describe('A week of desired vs actual state per scheduled resource.');
export type ScheduleTimeline = z.infer<typeof scheduleTimelineSchema>;

export const holidayCountriesSchema = z
  .object({ results: z.array(z.object({ code: z.string(), name: z.string() })) })
  .describe('Countries with a public-holiday list, by name.');
