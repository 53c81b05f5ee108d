import { z } from 'zod';
import { COST_TYPE_NAMES } from './cost-summary';
import { MAX_RANGE_DAYS, optionalDateRange, projectIdsParam, spaFlags } from './fragments';

/**
 * The Tag explorer (spec §2 /v3/cost/tag-explorer/, §3 "Tag explorer row") and tag policies: paths, row
 * fields, untagged cost, owner hints and policies are designed in docs/tag-explorer.md. Every call answers
 * only the caller's active client.
 */
export const TAG_EXPLORER_PATHS = {
  rows: '/c/cost_page/tag_explorer/',
  values: '/c/cost_page/tag_explorer/values/',
  untagged: '/c/cost_page/tag_explorer/untagged/',
  policies: '/c/tag_policies/',
  policy: '/c/tag_policies/:id/',
  violations: '/c/tag_policies/violations/',
} as const;

export const CLOUD_PLATFORMS = ['aws', 'azure'] as const;
export type CloudPlatform = (typeof CLOUD_PLATFORMS)[number];

/** The range and scope every Tag explorer GET takes; both dates or neither (default: the last 30 days, UTC). */
export const tagRangeQuerySchema = optionalDateRange({ maxDays: MAX_RANGE_DAYS }).extend({
  cost_type: z.enum(COST_TYPE_NAMES).default('unblended'),
  project_ids: projectIdsParam,
  ...spaFlags,
});
export type TagRangeQuery = z.infer<typeof tagRangeQuerySchema>;

export const tagValuesQuerySchema = tagRangeQuerySchema.extend({
  key: z.string().min(1, 'Choose the tag key.'),
});
export const untaggedQuerySchema = tagRangeQuerySchema.extend({ key: z.string().min(1).optional() });
export const violationsQuerySchema = tagRangeQuerySchema.extend({ policy_id: z.string().min(1).optional() });

const percentage = z.number().nullable();

/** Spec §3 "Tag explorer row". */
export const tagExplorerRowSchema = z.object({
  name: z.string(),
  count: z.number().int(),
  totalCost: z.number(),
  violationCount: z.number().int(),
  dailyPercentage: percentage,
  weeklyPercentage: percentage,
  monthlyPercentage: percentage,
  cloudPlatform: z.enum(CLOUD_PLATFORMS),
});
export type TagExplorerRow = z.infer<typeof tagExplorerRowSchema>;

const answerRange = {
  start_date: z.string(),
  end_date: z.string(),
  cost_type: z.enum(COST_TYPE_NAMES),
  currency: z.string(),
  /** Newest usage day in range, null without data; the coverage windows end on it. */
  as_of: z.string().nullable(),
};

export const tagExplorerResultSchema = z.object({
  ...answerRange,
  /** Cost of every line item in range and scope (tagged or not). */
  total_cost: z.number(),
  rows: z.array(tagExplorerRowSchema),
});
export type TagExplorerResult = z.infer<typeof tagExplorerResultSchema>;

export const tagValueSchema = z.object({
  value: z.string().nullable(),
  cost: z.number(),
  resources: z.number().int(),
  /** True when an enabled policy requiring the key does not allow this value (null: missing key). */
  violates: z.boolean(),
});
export const tagValuesResultSchema = z.object({
  ...answerRange,
  key: z.string(),
  /** Distinct values before the top-100 cut (the missing-key group counts as one). */
  value_count: z.number().int(),
  values: z.array(tagValueSchema),
});
export type TagValuesResult = z.infer<typeof tagValuesResultSchema>;

export const untaggedRowSchema = z.object({
  account: z.string().nullable(),
  service: z.string().nullable(),
  cost: z.number(),
});
/**
 * Tags AWS itself puts on resources (aws:cloudformation:stack-name → aws_cloudformation_stack_name, …): they
 * say who created a resource, not who pays, so "untagged" without a key ignores them.
 */
export const isAwsMadeTagKey = (key: string): boolean => key.startsWith('aws_');

/**
 * Where a suggested owner comes from: tags AWS puts on resources it creates (stack, Auto Scaling group,
 * EKS cluster), or CUR 2.0's line_item_iam_principal (the IAM role or user that made the call).
 */
export const OWNER_HINT_SOURCES = [
  'cloudformation_stack',
  'autoscaling_group',
  'eks_cluster',
  'iam_principal',
] as const;
export const ownerHintSchema = z.object({
  source: z.enum(OWNER_HINT_SOURCES),
  /** The tag key as stored (e.g. aws_cloudformation_stack_name); null for an IAM principal. */
  tag_key: z.string().nullable(),
  /** The stack, group or cluster; for an IAM principal the role or user name. */
  value: z.string(),
  /**
   * IAM principals only (else null): the role ARN (assumed-role sessions folded into their role) or the
   * user ARN; two roles of one name in different accounts are two hints.
   */
  arn: z.string().nullable(),
  /** Untagged cost carrying this value. */
  cost: z.number(),
});
export type OwnerHint = z.infer<typeof ownerHintSchema>;

export const untaggedResultSchema = z.object({
  ...answerRange,
  key: z.string().nullable(),
  total_cost: z.number(),
  untagged_cost: z.number(),
  rows: z.array(untaggedRowSchema),
  /** Suggested owners: the stacks, Auto Scaling groups, EKS clusters and IAM principals behind the untagged cost (top 10 each). */
  owner_hints: z.array(ownerHintSchema),
});
export type UntaggedResult = z.infer<typeof untaggedResultSchema>;

const MAX_LIST = 200;
const textList = (what: string) =>
  z.array(z.string().trim().min(1, `Enter a ${what}.`).max(200)).max(MAX_LIST);

/** The policy fields without defaults (a PATCH leaves what it does not send). */
const policyFields = {
  name: z.string().trim().min(1, 'Enter a name.').max(120),
  tag_keys: z
    .array(z.string().trim().min(1, 'Enter a tag key.').max(128))
    .min(1, 'Enter at least one required tag key.')
    .max(20),
  allowed_values: textList('value'),
  allowed_pattern: z
    .string()
    .max(200)
    .nullable()
    .refine((p) => p === null || p === '' || compiles(p), 'Enter a valid regular expression.'),
  account_ids: textList('account id'),
  services: textList('service'),
  enabled: z.boolean(),
};

/**
 * A tag policy: every in-scope line item must carry each required key with an allowed value. Allowed:
 * in `allowed_values`, or matching `allowed_pattern` (a whole-value regular expression); with neither,
 * any non-empty value. Scope: accounts (line_item_usage_account_id) and services (product_servicename);
 * an empty list means all.
 */
export const tagPolicyInputSchema = z.object({
  ...policyFields,
  allowed_values: policyFields.allowed_values.default([]),
  allowed_pattern: policyFields.allowed_pattern.default(null),
  account_ids: policyFields.account_ids.default([]),
  services: policyFields.services.default([]),
  enabled: policyFields.enabled.default(true),
});
export type TagPolicyInput = z.infer<typeof tagPolicyInputSchema>;
export const tagPolicyPatchSchema = z.object(policyFields).partial();

export const tagPolicySchema = z.object({
  ...policyFields,
  id: z.string(),
  allowed_pattern: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TagPolicy = z.infer<typeof tagPolicySchema>;
export const tagPolicyListSchema = z.object({ results: z.array(tagPolicySchema) });

export const tagViolationSchema = z.object({
  policy_id: z.string(),
  policy_name: z.string(),
  tag_key: z.string(),
  resource_id: z.string(),
  /** 'missing': the key is absent or empty; 'disallowed': the value is not allowed. */
  reason: z.enum(['missing', 'disallowed']),
  cost: z.number(),
});
export const tagViolationsResultSchema = z.object({
  ...answerRange,
  /** Every violating (policy, key, resource) before the cut to the most expensive 500. */
  violation_count: z.number().int(),
  violation_cost: z.number(),
  violations: z.array(tagViolationSchema),
});
export type TagViolationsResult = z.infer<typeof tagViolationsResultSchema>;

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** Whether a tag value satisfies a policy's allowed values / pattern (whole-value match). */
export function valueAllowed(
  policy: Pick<TagPolicyInput, 'allowed_values' | 'allowed_pattern'>,
  value: string,
): boolean {
  const pattern = policy.allowed_pattern ?? '';
  if (policy.allowed_values.length === 0 && pattern === '') return value !== '';
  if (policy.allowed_values.includes(value)) return true;
  return pattern !== '' && new RegExp(`^(?:${pattern})$`).test(value);
}
