import { z } from 'zod';
import { COST_DIMENSIONS, costFilterSchema, isKeyedDimension } from './cost-query';
import { COST_TYPE_NAMES } from './cost-summary';
import { isoDate, limitParam, projectIdList, spaFlags } from './fragments';

/**
 * Showbacks (spec §3 Showback, §7 Showbacks calls): who owns which dollar. Allocation (rules in order, then
 * the first tag key with a value, the rest Unallocated; reconciled per day and cost type), access for members
 * limited to chosen values, and the calls are designed in docs/showbacks.md.
 */
const BASE = '/c/showback/showbacks/';
const ONE = `${BASE}:id/`;

export const SHOWBACK_PATHS = {
  list: BASE,
  setActive: `${BASE}set_active_showbacks/`,
  tagKeys: `${BASE}tag_keys_list/`,
  costAllocationTagKeys: `${BASE}cost_allocation_tag_keys_list/`,
  one: ONE,
  valuesDailyCost: `${ONE}showback_values_daily_cost/`,
  dimensionDailyCost: `${ONE}dimension_daily_cost/`,
  dimensionCosts: `${ONE}dimension_costs/`,
  availableTagValues: `${ONE}available_tag_values/`,
  availableLabelValues: `${ONE}available_label_values/`,
  availableCostAllocationTagValues: `${ONE}available_cost_allocation_tag_values/`,
  combinedValues: `${ONE}combined_values/`,
  combinedValue: `${ONE}combined_values/:combinedId/`,
  allocationRules: `${ONE}allocation_rules/`,
  allocationRule: `${ONE}allocation_rules/:ruleId/`,
  deleteRulesById: `${ONE}allocation_rules/delete_allocation_rules_by_id/`,
  moveBeforeRule: `${ONE}allocation_rules/move_before_rule/`,
  previewRule: `${ONE}allocation_rules/preview/`,
  ruleResources: `${ONE}allocation_rules/:ruleId/resources/`,
  unallocatedResources: `${ONE}unallocated_resources/`,
  valueResources: `${ONE}showback_resources/`,
  dimensionFilters: `${ONE}dimension_filters/`,
  dimensionFilter: `${ONE}dimension_filters/:filterId/`,
  dailyUnits: `${ONE}daily_units/`,
  valueAccess: `${ONE}value_access/`,
} as const;

/** A path of SHOWBACK_PATHS with its :params filled in. */
export function showbackPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? `:${name}`));
}

export const ALLOCATION_TAG_TYPES = ['tag', 'label', 'cost_allocation_tag'] as const;
export const SPLIT_METHODS = ['even', 'fixed', 'proportional'] as const;
export const UNALLOCATED_VALUE = 'Unallocated';

const name = z.string().trim().min(1, 'Enter a name.').max(200, 'At most 200 characters.');
const value = z.string().trim().min(1, 'Enter a value.').max(500, 'At most 500 characters.');

/** The SPA's GET extras (spec §7) and the range of cost answers; the range defaults to the month to date. */
export const showbackRangeQuerySchema = z.object({
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
  cost_type: z.enum(COST_TYPE_NAMES).default('unblended'),
  ...spaFlags,
});

export const combinedValueInputSchema = z.object({
  name: value,
  combined_values: z.array(value).min(1, 'Choose at least one value to combine.'),
});
export const combinedValueSchema = combinedValueInputSchema.extend({ id: z.string() });
export type CombinedValue = z.infer<typeof combinedValueSchema>;

export const showbackInputSchema = z.object({
  name,
  tag_keys: z.array(z.string().trim().min(1, 'Enter a key.')).min(1, 'Choose at least one key.'),
  allocation_tag_type: z.enum(ALLOCATION_TAG_TYPES).default('tag'),
  /** Projects of the client whose cost is allocated; null or absent: all of them. */
  project_ids: projectIdList.nullable().default(null),
  hide_values: z.array(value).default([]),
  combined_values: z.array(combinedValueInputSchema).default([]),
  is_active: z.boolean().default(true),
});
export type ShowbackInput = z.infer<typeof showbackInputSchema>;

export const showbackPatchSchema = z
  .object({
    name,
    tag_keys: showbackInputSchema.shape.tag_keys,
    allocation_tag_type: z.enum(ALLOCATION_TAG_TYPES),
    project_ids: projectIdList.nullable(),
    hide_values: z.array(value),
    is_active: z.boolean(),
  })
  .partial();
export type ShowbackPatch = z.infer<typeof showbackPatchSchema>;

export const showbackSchema = z.object({
  id: z.string(),
  name: z.string(),
  tag_keys: z.array(z.string()),
  allocation_tag_type: z.enum(ALLOCATION_TAG_TYPES),
  project_ids: z.array(z.string()).nullable(),
  is_active: z.boolean(),
  combined_values: z.array(combinedValueSchema),
  hide_values: z.array(z.string()),
  /**
   * Values the caller may see. In the list: the configured ones (combined names, rule targets, split values)
   * or, for a limited member, the granted ones; in the detail: every value with cost in the range.
   */
  showback_values: z.array(z.string()),
  /** False for a member limited to chosen values (spec §6). */
  allowed_all_showback_values: z.boolean(),
  rules_count: z.number().int(),
});
export type Showback = z.infer<typeof showbackSchema>;

export const datedCostSchema = z.object({ date: z.string(), cost: z.number() });

/** Spec §3 cost_distribution entry: per value the total, daily granular costs, forecast and previous total. */
export const costDistributionSchema = z.object({
  value: z.string(),
  /** Direct + shared cost in the range (actual days only). */
  total: z.number(),
  direct: z.number(),
  shared: z.number(),
  granular: z.array(datedCostSchema),
  /** The range's total with the days after the newest data forecast (@finlens/cost-model/forecast). */
  forecast: z.number(),
  /** The same number of days just before the range. */
  prev_total: z.number(),
  /** Uploaded daily units in the range, and total / units (null without units). */
  units: z.number().nullable(),
  unit_cost: z.number().nullable(),
});
export type CostDistribution = z.infer<typeof costDistributionSchema>;

export const reconciliationRowSchema = z.object({
  month: z.string(),
  cost_type: z.enum(COST_TYPE_NAMES),
  /** The scope's total, read by its own statement. */
  total: z.number(),
  allocated: z.number(),
  shared: z.number(),
  unallocated: z.number(),
  /** allocated + shared + unallocated − total, in whole cents: 0 when it reconciles. */
  difference_cents: z.number().int(),
});

export const showbackDetailSchema = showbackSchema.extend({
  start_date: z.string(),
  end_date: z.string(),
  cost_type: z.enum(COST_TYPE_NAMES),
  /** Newest usage day of the scope in or before the range; null without data. */
  as_of: z.string().nullable(),
  /** Sum of the visible values' totals (a limited member's total counts only their values). */
  total: z.number(),
  cost_distribution: z.array(costDistributionSchema),
  /** Null for a limited member. */
  unallocated: costDistributionSchema.nullable(),
  /** Per month of the range and cost type; null for a limited member. */
  reconciliation: z.array(reconciliationRowSchema).nullable(),
});
export type ShowbackDetail = z.infer<typeof showbackDetailSchema>;

export const valuesDailyCostQuerySchema = showbackRangeQuerySchema.extend({
  granularity: z.enum(['day', 'month']).default('day'),
});
export const valuesDailyCostSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  cost_type: z.enum(COST_TYPE_NAMES),
  granularity: z.enum(['day', 'month']),
  periods: z.array(z.string()),
  /** One series per visible value (direct + shared), then 'Unallocated' for unlimited callers. */
  series: z.array(z.object({ value: z.string(), costs: z.array(z.number()), total: z.number() })),
});

const groupDimension = z.enum(COST_DIMENSIONS).refine((d) => !isKeyedDimension(d), {
  message: 'Choose a dimension without keys (group by tags through the showback itself).',
});

export const dimensionDailyCostQuerySchema = showbackRangeQuerySchema.extend({
  dimension: groupDimension,
  /** A visible value or 'Unallocated'; absent: every visible value. */
  showback_value: z.string().min(1).optional(),
});
export const dimensionDailyCostSchema = z.object({
  dimension: z.string(),
  periods: z.array(z.string()),
  /** Direct cost by dimension value (null: rows without one), most expensive first. */
  series: z.array(z.object({ key: z.string().nullable(), costs: z.array(z.number()), total: z.number() })),
  /** Shared cost of the value(s): split pools have no dimension value of their own. */
  shared_total: z.number(),
});

export const dimensionCostsBodySchema = z.object({
  dimension: groupDimension,
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
  cost_type: z.enum(COST_TYPE_NAMES).default('unblended'),
  showback_values: z.array(z.string().min(1)).optional(),
});
export const dimensionCostsSchema = z.object({
  dimension: z.string(),
  rows: z.array(
    z.object({ showback_value: z.string(), dimension_value: z.string().nullable(), cost: z.number() }),
  ),
});

export const resourcesQuerySchema = showbackRangeQuerySchema.extend({
  showback_value: z.string().min(1).optional(),
  limit: limitParam(500, 5000),
});
export const resourcesSchema = z.object({
  /** Unblended (or cost_type) cost per resource id (null: rows without a resource id), most expensive first. */
  resources: z.array(z.object({ resource_id: z.string().nullable(), cost: z.number() })),
  total: z.number(),
  resource_count: z.number().int(),
});

export const availableValuesQuerySchema = z.object({
  key: z.string().min(1, 'Choose a key.'),
  search: z.string().optional(),
  limit: limitParam(200, 1000),
  ...spaFlags,
});
export const availableValuesSchema = z.object({
  key: z.string(),
  values: z.array(z.object({ value: z.string().nullable(), cost: z.number() })),
});
export const tagKeysQuerySchema = z.object({
  search: z.string().optional(),
  ...spaFlags,
});
export const tagKeysSchema = z.object({ keys: z.array(z.string()) });

export const setActiveBodySchema = z.object({ showback_ids: z.array(z.string().min(1)) });

export const splitSchema = z.object({ value, percent: z.number().min(0).max(100).nullable().default(null) });

export const allocationRuleInputSchema = z.object({
  name,
  kind: z.enum(['assign', 'share']),
  /** assign: the value that gets the matched cost. */
  target_value: value.nullable().default(null),
  /** share: how the matched cost is split. */
  split_method: z.enum(SPLIT_METHODS).nullable().default(null),
  /** share: the values to split across (fixed: with percents adding up to 100); empty: every value with direct cost. */
  splits: z.array(splitSchema).default([]),
  filters: z.array(costFilterSchema).default([]),
  /** Insert before this rule; absent or null: last. */
  before_rule_id: z.string().nullable().default(null),
});
export type AllocationRuleInput = z.infer<typeof allocationRuleInputSchema>;
export const allocationRulePatchSchema = z
  .object({
    name,
    kind: z.enum(['assign', 'share']),
    target_value: value.nullable(),
    split_method: z.enum(SPLIT_METHODS).nullable(),
    splits: z.array(splitSchema),
  })
  .partial();

export const dimensionFilterSchema = z.object({
  id: z.string(),
  allocation_rule_id: z.string(),
  filter: costFilterSchema,
});
export const dimensionFilterInputSchema = z.object({
  allocation_rule_id: z.string().min(1),
  filter: costFilterSchema,
});
export const dimensionFilterPatchSchema = z.object({ filter: costFilterSchema });
export const dimensionFiltersQuerySchema = z.object({ allocation_rule_id: z.string().min(1).optional() });

export const allocationRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number().int(),
  kind: z.enum(['assign', 'share']),
  target_value: z.string().nullable(),
  split_method: z.enum(SPLIT_METHODS).nullable(),
  splits: z.array(z.object({ value: z.string(), percent: z.number().nullable() })),
  filters: z.array(dimensionFilterSchema),
  /** Cost (cost_type) the filters match in the range whatever the order: what the rule would take if first. */
  matched_cost: z.number(),
  /** Cost the rule actually moves in its place: matched and not claimed by an earlier rule. */
  moved_cost: z.number(),
});
export const allocationRulesSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  cost_type: z.enum(COST_TYPE_NAMES),
  rules: z.array(allocationRuleSchema),
});

export const deleteRulesBodySchema = z.object({
  allocation_rule_ids: z.array(z.string().min(1)).min(1, 'Choose rules.'),
});
export const moveBeforeBodySchema = z.object({
  rule_id: z.string().min(1),
  /** The rule to place it before; null: last. */
  target_rule_id: z.string().min(1).nullable(),
});

export const previewBodySchema = z.object({
  filters: z.array(costFilterSchema).min(1, 'Add at least one filter.'),
  /** Where the rule would sit; null: last. Pass the rule's own id to preview an edit of it in place. */
  before_rule_id: z.string().nullable().default(null),
  replaces_rule_id: z.string().nullable().default(null),
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
  cost_type: z.enum(COST_TYPE_NAMES).default('unblended'),
});
export const previewSchema = z.object({ matched_cost: z.number(), moved_cost: z.number() });

export const dailyUnitSchema = z.object({ showback_value: z.string(), date: z.string(), units: z.number() });
/** JSON rows, or `csv`: text with the header showback_value,date,units. Nothing is stored when any row is bad. */
export const dailyUnitsBodySchema = z.union([
  z.object({ rows: z.array(z.record(z.string(), z.unknown())).min(1, 'Send at least one row.') }),
  z.object({ csv: z.string().min(1, 'Send the CSV text.') }),
]);
export const dailyUnitsSchema = z.object({ rows: z.array(dailyUnitSchema) });
export const dailyUnitsAppliedSchema = z.object({ applied: z.number().int() });

export const valueAccessSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  allowed_all_showback_values: z.boolean(),
  showback_values: z.array(z.string()),
});
export const valueAccessListSchema = z.object({ members: z.array(valueAccessSchema) });
export const valueAccessBodySchema = z.object({
  user_id: z.string().min(1),
  allowed_all_showback_values: z.boolean(),
  showback_values: z.array(value).default([]),
});
