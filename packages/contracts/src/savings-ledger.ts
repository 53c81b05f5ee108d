import { z } from 'zod';
import { isoDate, projectIdsParam } from './fragments';
import { recommendationTypeSchema } from './recommendations';

/**
 * The verified-savings ledger (issue: recommendations, item 4). Every recommendation gets one ledger entry that
 * moves open → dismissed (with a reason) / snoozed (until a day) / accepted (proposed) → approved (an admin, or
 * the remediation policy) → applied (through the cloud port, or marked done) → verified / regressed (judged from
 * the bill after the change). The spec names no call for it: the paths and shapes are designed here.
 */
export const SAVINGS_LEDGER_PATHS = {
  entries: '/c/savings_ledger/entries/',
  /** Keyed by the recommendation: an entry that was never moved answers as open with no events. */
  entry: (recommendationId: string) => `/c/savings_ledger/entries/${encodeURIComponent(recommendationId)}/`,
  transition: (recommendationId: string) =>
    `/c/savings_ledger/entries/${encodeURIComponent(recommendationId)}/transition/`,
  totals: '/c/savings_ledger/totals/',
  export: '/c/savings_ledger/export/',
  remediation: '/c/savings_ledger/remediation/',
} as const;

export const LEDGER_STATES = [
  'open',
  'dismissed',
  'snoozed',
  'accepted',
  'approved',
  'applied',
  'verified',
  'regressed',
] as const;
export const ledgerStateSchema = z.enum(LEDGER_STATES);
export type LedgerState = z.infer<typeof ledgerStateSchema>;

/** What a user (or the system) asks of an entry. */
export const LEDGER_ACTIONS = [
  'dismiss',
  'snooze',
  'reopen',
  'accept',
  'approve',
  'reject',
  'apply',
  'mark_done',
] as const;
export const ledgerActionSchema = z.enum(LEDGER_ACTIONS);
export type LedgerAction = z.infer<typeof ledgerActionSchema>;

export const DISMISS_REASONS = [
  'not_applicable',
  'false_positive',
  'accepted_risk',
  'planned',
  'other',
] as const;
export const dismissReasonSchema = z.enum(DISMISS_REASONS);
export type DismissReason = z.infer<typeof dismissReasonSchema>;

/** The body of POST …/transition/: the fields an action needs are required for it, others refused. */
export const ledgerTransitionBodySchema = z
  .discriminatedUnion('action', [
    z.object({
      action: z.literal('dismiss'),
      reason: dismissReasonSchema,
      note: z.string().trim().max(1000).optional(),
    }),
    z.object({
      action: z.literal('snooze'),
      until: isoDate.describe('The day the entry opens again (UTC).'),
    }),
    z.object({ action: z.literal('reopen') }),
    z.object({ action: z.literal('accept'), note: z.string().trim().max(1000).optional() }),
    z.object({ action: z.literal('approve'), note: z.string().trim().max(1000).optional() }),
    z.object({ action: z.literal('reject'), note: z.string().trim().max(1000).optional() }),
    z.object({
      action: z.literal('apply'),
      dry_run: z
        .boolean()
        .default(false)
        .describe('true: check the action with the cloud and change nothing; the entry stays approved.'),
    }),
    z.object({ action: z.literal('mark_done'), note: z.string().trim().max(1000).optional() }),
  ])
  .describe(
    'One ledger action. apply and approve need an admin (or the remediation policy); members propose.',
  );
export type LedgerTransitionBody = z.infer<typeof ledgerTransitionBodySchema>;

export const applyCheckSchema = z
  .object({
    can_apply: z
      .boolean()
      .describe('false: the cloud cannot do it (mark it done after changing it yourself).'),
    reason: z.string().nullable().describe('Why it cannot be applied, or null.'),
    via: z.enum(['simulated', 'aws']).nullable().describe("The project's cloud: its simulated cloud or AWS."),
    resource_state: z.string().nullable().describe('The state the cloud reported for the resource just now.'),
    steps: z
      .array(z.string())
      .describe(
        'What each step asks the cloud, in order ("Take a safety snapshot of vol-1", "Delete vol-1").',
      ),
  })
  .describe(
    'The dry run: what applying would ask the cloud, checked against the resource as the cloud lists it now.',
  );
export type ApplyCheck = z.infer<typeof applyCheckSchema>;

export const APPLY_STATUSES = ['idle', 'running', 'succeeded', 'failed'] as const;

export const ledgerEventSchema = z
  .object({
    id: z.string(),
    action: z.enum([
      ...LEDGER_ACTIONS,
      'verify',
      'regress',
      'dry_run',
      'cloud_step',
      'apply_failed',
      'schedule_stop',
      'close',
    ]),
    from_state: ledgerStateSchema,
    to_state: ledgerStateSchema,
    actor: z
      .string()
      .describe("The user's email, or 'system' (verification, snooze expiry, remediation policy)."),
    note: z.string().nullable(),
    detail: z.record(z.string(), z.unknown()).describe('What the cloud answered, the verification figures …'),
    at: z.string(),
  })
  .describe('One line of the audit trail; never edited or deleted.');
export type LedgerEvent = z.infer<typeof ledgerEventSchema>;

export const verificationSchema = z
  .object({
    outcome: z.enum(['pending', 'verified', 'regressed', 'unchanged']),
    rate_before: z.number().describe("The resource's billed cost per day before the change (up to 14 days)."),
    rate_after: z.number().describe('Per day over the newest 7 days after the change.'),
    before_days: z.number().int(),
    after_days: z.number().int(),
    realised_monthly_saving: z
      .number()
      .describe('(rate before − rate after) × 30, never above the cost before.'),
    realised_to_date: z
      .number()
      .describe('Σ over the days after the change of (rate before − the day’s cost).'),
    billed_through: z.string().describe('The last day of the bill the verification read.'),
    verified_at: z.string(),
  })
  .nullable()
  .describe('The newest verification from the bill; null until one ran after the change.');

/** Where an entry comes from: a recommendation someone acted on, or a schedule of the resource scheduler. */
export const LEDGER_SOURCES = ['recommendation', 'schedule'] as const;
export const ledgerSourceSchema = z.enum(LEDGER_SOURCES);
export type LedgerSource = z.infer<typeof ledgerSourceSchema>;

/** The type of a schedule's entries (a recommendation's is its rule key). */
export const SCHEDULE_ENTRY_TYPE = 'resource_schedule';

export const ledgerEntrySchema = z.object({
  id: z.string(),
  source: ledgerSourceSchema.describe(
    'recommendation: made when someone acted on a recommendation; schedule: made at the first stop of a ' +
      "scheduled resource by its schedule, applied then, with the resource's part of the schedule's estimate.",
  ),
  recommendation_id: z.string().nullable().describe('The recommendation (source recommendation), else null.'),
  schedule_id: z
    .string()
    .nullable()
    .describe('The schedule (source schedule; null once the schedule is deleted, the entry stays).'),
  closed_at: z
    .string()
    .nullable()
    .describe(
      'When the resource left its schedule (removed, schedule disabled or deleted): the bill no longer judges ' +
        'it and its monthly saving stops counting; what it realised so far stays.',
    ),
  type: z.string().describe(`The recommendation type (rule key), or ${SCHEDULE_ENTRY_TYPE}.`),
  title: z.string(),
  project_id: z.string(),
  account_id: z.string(),
  region: z.string(),
  resource_id: z.string(),
  resource_kind: z.string().nullable(),
  state: ledgerStateSchema,
  status_reason: z.string().nullable(),
  snoozed_until: z.string().nullable(),
  estimated_monthly_saving: z
    .number()
    .describe('As the recommendation estimated it when the entry was made.'),
  on_demand_monthly_saving: z.number(),
  current_monthly_cost: z.number(),
  showback_values: z.array(
    z.object({ showback_id: z.string(), showback_name: z.string(), value: z.string() }),
  ),
  proposed_by: z.string().nullable().describe('Email of who accepted (proposed) it.'),
  approved_by: z
    .string()
    .nullable()
    .describe("Email of the admin who approved it, or 'system' (remediation policy)."),
  applied_at: z.string().nullable(),
  applied_via: z.enum(['cloud', 'manual']).nullable(),
  apply_status: z.enum(APPLY_STATUSES),
  apply_error: z.string().nullable(),
  safety_snapshot_id: z.string().nullable().describe('The snapshot taken before a volume was deleted.'),
  verification: verificationSchema,
  available_actions: z.array(ledgerActionSchema).describe("What the caller's role may do now."),
  updated_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerEntryDetailSchema = ledgerEntrySchema.extend({ events: z.array(ledgerEventSchema) });
export type LedgerEntryDetail = z.infer<typeof ledgerEntryDetailSchema>;

export const ledgerEntriesQuerySchema = z.object({
  project_ids: projectIdsParam,
  state: ledgerStateSchema.optional(),
  source: ledgerSourceSchema.optional().describe('Entries of recommendations or of schedules only.'),
  recommendation_ids: z
    .string()
    .max(20_000)
    .transform((text) => text.split(',').filter((id) => id !== ''))
    .optional()
    .describe('Comma-separated recommendation ids: their entries only.'),
});
export type LedgerEntriesQuery = z.infer<typeof ledgerEntriesQuerySchema>;

export const ledgerEntriesSchema = z.object({ results: z.array(ledgerEntrySchema) });

export const transitionResponseSchema = z.object({
  entry: ledgerEntryDetailSchema,
  check: applyCheckSchema.nullable().describe('The dry run of an apply (also for dry_run true).'),
});
export type TransitionResponse = z.infer<typeof transitionResponseSchema>;

export const TOTALS_GROUPS = ['month', 'account', 'showback_value'] as const;

export const ledgerTotalsQuerySchema = z.object({
  project_ids: projectIdsParam,
  group_by: z.enum(TOTALS_GROUPS).default('month'),
});

export type LedgerTotalsQuery = z.infer<typeof ledgerTotalsQuerySchema>;

export const ledgerTotalsSchema = z
  .object({
    group_by: z.enum(TOTALS_GROUPS),
    rows: z.array(
      z.object({
        key: z.string().describe('YYYY-MM of acceptance, an account id, or showback name: value.'),
        estimated_monthly_saving: z.number().describe('Entries accepted or further along.'),
        applied_monthly_saving: z
          .number()
          .describe('Estimated saving of the applied, verified and regressed ones.'),
        realised_monthly_saving: z.number().describe('What the bill verified (verified entries).'),
        realised_to_date: z.number(),
        entries: z.number().int(),
      }),
    ),
    estimated_monthly_saving: z.number(),
    applied_monthly_saving: z.number(),
    realised_monthly_saving: z.number(),
    realised_to_date: z.number(),
  })
  .describe(
    'Savings per month (the month an entry was accepted), account or showback value. An entry with several ' +
      'showback values counts once under each, so those rows may add up to more than the total.',
  );
export type LedgerTotals = z.infer<typeof ledgerTotalsSchema>;

export const LEDGER_CSV_COLUMNS = [
  'source',
  'recommendation_id',
  'schedule_id',
  'type',
  'title',
  'account_id',
  'region',
  'resource_id',
  'state',
  'estimated_monthly_saving',
  'on_demand_monthly_saving',
  'realised_monthly_saving',
  'realised_to_date',
  'proposed_by',
  'approved_by',
  'applied_at',
  'applied_via',
  'verification',
] as const;

export const APPROVAL_MODES = ['admin', 'automatic'] as const;

export const remediationPolicySchema = z.object({
  rule_key: recommendationTypeSchema.describe('The rule (recommendation type) the policy is for.'),
  auto_apply: z.boolean().describe('true: the system applies new recommendations of this rule.'),
  approval: z
    .enum(APPROVAL_MODES)
    .describe(
      'admin: an admin must approve each one first (with auto_apply, the approval starts the apply); automatic: the policy approves it (recorded as system).',
    ),
  account_ids: z.array(z.string().max(100)).max(500).describe('Only these accounts; empty: every account.'),
  tags: z
    .array(z.object({ key: z.string().min(1).max(128), value: z.string().max(256) }))
    .max(50)
    .describe('Only resources carrying every one of these tags; empty: any.'),
});
export type RemediationPolicy = z.infer<typeof remediationPolicySchema>;

export const remediationSettingsSchema = z
  .object({ policies: z.array(remediationPolicySchema).max(100) })
  .describe('Settings → Remediation: which rules may be applied automatically, where, with which approval.');
export type RemediationSettings = z.infer<typeof remediationSettingsSchema>;
