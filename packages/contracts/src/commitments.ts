import { z } from 'zod';
import { dateRange, projectIdsParam } from './fragments';

/**
 * Commitment management (spec §2 /v3/cost/reserved/, compute-copilot cm/dashboard/, /v3/convertible-ri/,
 * /v3/cri-analysis/). The spec names the screens, not their calls: these are designed here. Every figure is read
 * from the bill the warehouse holds (docs/commitments.md): reservations from their RIFee and DiscountedUsage rows,
 * savings plans from their recurring-fee and covered-usage rows. Money is in the bill's currency.
 */
export const COMMITMENTS_PATHS = {
  inventory: '/c/commitments/inventory/',
  dashboard: '/c/commitments/dashboard/',
  purchaseAnalysis: '/c/commitments/purchase_analysis/',
  reservationAnalysis: '/c/commitments/reservation_analysis/',
  convertible: '/c/commitments/convertible/',
  alerts: '/c/commitments/alerts/',
  alertSettings: '/c/commitments/alert_settings/',
  rateOverrides: '/c/commitments/rate_overrides/',
  shareSave: '/c/commitments/sharesave/',
  shareSavePartner: '/c/commitments/sharesave/partner/',
} as const;

/** The longest dashboard range: 13 months, as the Explorer's monthly views. */
export const COMMITMENT_RANGE_DAYS = 400;
/**
 * The range Commitment Management opens with: the last 90 days to today (UTC), by day, per commitment — what the
 * server reads ahead after an import, so the first visit is served from memory.
 */
export const COMMITMENT_DEFAULT_DAYS = 90;

/** The last `days` days to the UTC day of `now`, both ends included. */
export function lastCommitmentDays(days: number, now: Date): { start_date: string; end_date: string } {
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { start_date: iso(now.getTime() - (days - 1) * 86_400_000), end_date: iso(now.getTime()) };
}
export const COMMITMENT_GRANULARITIES = ['hour', 'day', 'month'] as const;
export const COMMITMENT_GROUPS = ['commitment', 'account', 'service', 'family', 'region'] as const;
export const LOOK_BACKS = ['7', '30', '60'] as const;
export const COMMITMENT_TERMS = ['1yr', '3yr'] as const;
export const PAYMENT_OPTIONS = ['All Upfront', 'Partial Upfront', 'No Upfront'] as const;
export type CommitmentTerm = (typeof COMMITMENT_TERMS)[number];
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number];
/** What the documented rate table prices: the savings plan analysis buys Compute Savings Plans. */
export const COMMITMENT_RATE_KINDS = ['compute_savings_plan', 'ec2_standard_ri', 'rds_ri'] as const;
export type CommitmentRateKind = (typeof COMMITMENT_RATE_KINDS)[number];
/**
 * Where a rate ratio came from: the account's own commitments on the bill, the request's rate_ratio, the
 * documented rate table (docs/commitments.md), or nowhere (no recommendation).
 */
const RATE_SOURCES = ['bill', 'stated', 'table', 'none'] as const;
const rateSourceSchema = z
  .enum(RATE_SOURCES)
  .describe(
    'bill: the account’s own commitments; stated: the rate_ratio parameter; table: the documented rate table; none: no rate known.',
  );
const TABLE_PROVENANCES = ['catalogue', 'sample_bill', 'estimate'] as const;
const rateProvenanceSchema = z
  .enum([...TABLE_PROVENANCES, 'admin'])
  .nullable()
  .describe(
    'For a table rate: catalogue (2021 RDS prices of the instance catalogue), sample_bill (a real sample CUR), estimate (not checked against a price list), admin (the client’s own figure); null otherwise.',
  );

/** A commitment rate ÷ on-demand rate: above 0, at most 1. */
const rateRatio = (n: z.ZodNumber) =>
  n.gt(0, 'Enter a rate ratio above 0.').max(1, 'Enter a rate ratio of at most 1.');

export const commitmentInventoryQuerySchema = z.object({
  project_ids: projectIdsParam,
});
export type CommitmentInventoryQuery = z.infer<typeof commitmentInventoryQuerySchema>;

/**
 * Commitment enrichment (issue 23 item 1; the spec names DescribeReservedInstances and DescribeSavingsPlans, not an
 * answer). Design decisions where it is silent:
 * - Reservations of EC2, RDS, ElastiCache, OpenSearch (AmazonES) and Redshift are described by their service's
 *   call; savings plans by DescribeSavingsPlans (plans are global: once per owner account). Other commitments keep
 *   from_account null and do not count towards the status.
 * - The account asked is the commitment's owner (its fee rows' account), through the collection target of a
 *   project of the request that reaches it (a role or keys of its AWS billing source, or a simulated scenario);
 *   once per owner account and region (reservations) or per owner account (plans). An answer is kept 5 minutes per
 *   client (the page asks on every load); an answer with a failed call only 30 seconds, so a timeout or a newly
 *   granted permission is asked again soon. A listing has a time limit of a few seconds, sign-in included: a slow
 *   account is a failed call, not a slow page.
 * - A reservation is matched by its ARN, else by its id (the ARN's last segment); a plan by its ARN, else its id.
 * - It never changes a figure: every figure still comes from the bill; the account adds the state, the exact
 *   start and end, count, class, scope, zone, platform or engine and Multi-AZ of a reservation, and the state,
 *   exact start and end, commitment, payment option and term of a plan beside the bill's.
 * - status: ok (every call needed answered, or none needed), not_granted (none answered and every refusal was for
 *   want of permission: the account's policy lacks the reads), partial (some answered), unavailable (none answered
 *   otherwise: time limit, throttling, a role that cannot be assumed, no account of the projects reaches the owner).
 */
export const ENRICHMENT_STATUSES = ['ok', 'partial', 'not_granted', 'unavailable'] as const;

const fromAccountSchema = z
  .object({
    state: z.string().describe("AWS's state: payment-pending, active, payment-failed, retired, queued …"),
    start: z.string().nullable().describe('Exact start, ISO 8601.'),
    end: z.string().nullable().describe('Exact end, ISO 8601 (RDS: start + the term’s duration).'),
    count: z.number(),
    instance_type: z.string(),
    offering_class: z
      .string()
      .nullable()
      .describe('EC2: standard or convertible; Redshift: Regular or Upgradable; null otherwise.'),
    offering_type: z.string().nullable().describe('All Upfront, Partial Upfront, No Upfront.'),
    scope: z.string().nullable().describe('EC2: Region or Availability Zone; null for the others.'),
    availability_zone: z.string().nullable(),
    platform: z
      .string()
      .nullable()
      .describe(
        'EC2 platform (Linux/UNIX …), RDS or ElastiCache engine (postgresql, redis …); null otherwise.',
      ),
    multi_az: z.boolean().nullable().describe('RDS only.'),
  })
  .describe('A reservation as its owner account describes it.');

const planFromAccountSchema = z
  .object({
    state: z.string().describe('payment-pending, active, retired, queued, returned …'),
    start: z.string().nullable().describe('Exact start, ISO 8601.'),
    end: z.string().nullable().describe('Exact end, ISO 8601.'),
    plan_type: z.string().nullable().describe('Compute, EC2Instance, SageMaker, Database.'),
    payment_option: z.string().nullable().describe('All Upfront, Partial Upfront, No Upfront.'),
    term: z.string().nullable().describe('1yr or 3yr (from the term in seconds).'),
    commitment: z.number().nullable().describe('$/h committed.'),
    upfront_payment_amount: z.number().nullable().describe('Paid upfront ($).'),
    recurring_payment_amount: z.number().nullable().describe('Paid each hour ($/h).'),
    region: z.string().nullable().describe('EC2 Instance plans only.'),
    instance_family: z.string().nullable().describe('EC2 Instance plans only.'),
  })
  .describe('A savings plan as its owner account describes it (DescribeSavingsPlans).');

const enrichmentSchema = z
  .object({
    status: z.enum(ENRICHMENT_STATUSES),
    message: z.string().nullable().describe('What the status means for the page; null when ok.'),
    described: z.number().describe('Reservations and savings plans described by their account.'),
    refused: z
      .array(
        z.object({
          account_id: z.string(),
          region: z.string().nullable(),
          operation: z.string(),
          code: z.string().describe('AccessDenied, UnauthorizedOperation, TimeoutError, …'),
          message: z.string(),
          iam_action: z.string().nullable().describe('The IAM action the call needs.'),
        }),
      )
      .describe('The calls that failed, each with the IAM action it needs.'),
  })
  .describe('How the reservations and savings plans were described by their accounts.');

const reservationSchema = z
  .object({
    arn: z.string(),
    owner_account: z.string().describe('The account that bought it (its RIFee rows).'),
    service: z
      .string()
      .nullable()
      .describe('AmazonEC2, AmazonRDS, AmazonElastiCache, AmazonES, AmazonRedshift.'),
    instance_type: z.string().nullable(),
    platform: z
      .string()
      .nullable()
      .describe(
        'The operating system or engine its RIFee rows name, else its covered usage (the bill’s product columns); null when neither names one.',
      ),
    region: z.string().nullable(),
    availability_zone: z.string().nullable().describe('Zonal reservations only.'),
    count: z.number().describe('Number of reservations in the subscription.'),
    start: z.string().nullable().describe('Term start, ISO 8601.'),
    end: z.string().nullable().describe('Term end, ISO 8601.'),
    term_years: z.number().nullable(),
    payment_option: z.enum(PAYMENT_OPTIONS),
    offering_class: z.string().nullable().describe('standard or convertible.'),
    upfront_value: z.number(),
    recurring_hourly_per_instance: z.number(),
    normalised_units_per_hour: z.number().nullable(),
    accounts: z.array(z.string()).describe('Usage accounts its covered usage belongs to (sharing).'),
    days_to_expiry: z.number().nullable().describe('Whole days from now to the end; negative once expired.'),
    utilisation: z
      .number()
      .nullable()
      .describe('Used ÷ purchased hours over the months the bill holds for it.'),
    from_account: fromAccountSchema
      .nullable()
      .describe(
        'What the owner account says of it (EC2 DescribeReservedInstances, RDS DescribeReservedDBInstances, ElastiCache DescribeReservedCacheNodes, OpenSearch DescribeReservedInstances, Redshift DescribeReservedNodes); null when not described (another service, not asked, refused, or not in the answer).',
      ),
  })
  .describe('A reserved instance, read from the bill.');

const savingsPlanSchema = z
  .object({
    arn: z.string(),
    owner_account: z.string(),
    offering_type: z.string().nullable().describe('ComputeSavingsPlans, EC2InstanceSavingsPlans, …'),
    payment_option: z.string().nullable(),
    term: z.string().nullable().describe('1yr or 3yr.'),
    start: z.string().nullable(),
    end: z.string().nullable(),
    region: z.string().nullable().describe('EC2 Instance Savings Plans only.'),
    instance_family: z.string().nullable().describe('EC2 Instance Savings Plans only.'),
    hourly_commitment: z.number().nullable().describe('$/h committed.'),
    upfront_share: z.number().nullable(),
    accounts: z.array(z.string()),
    days_to_expiry: z.number().nullable(),
    utilisation: z.number().nullable().describe('Used ÷ total commitment over the months the bill holds.'),
    from_account: planFromAccountSchema
      .nullable()
      .describe(
        'What the owner account says of it; null when not described (not asked, refused, not in the answer).',
      ),
  })
  .describe('A savings plan, read from the bill.');

const commitmentDiscountSchema = z
  .object({
    id: z.string().describe('CommitmentDiscountId.'),
    name: z.string().nullable().describe('CommitmentDiscountName.'),
    type: z
      .string()
      .nullable()
      .describe('CommitmentDiscountType, as the provider names it (e.g. Reserved Instance, Savings Plan).'),
    category: z.string().nullable().describe('CommitmentDiscountCategory: Spend or Usage.'),
    unit: z.string().nullable().describe('CommitmentDiscountUnit: what its quantities count.'),
    owner_account: z.string().nullable().describe('The sub account its purchase rows are billed to.'),
    accounts: z.array(z.string()).describe('Sub accounts whose usage it covered.'),
    first_period: z.string().describe('First billing period (YYYY-MM-DD) the bill holds it for.'),
    last_period: z.string().describe('Last billing period (YYYY-MM-DD) the bill holds it for.'),
    purchase_cost: z
      .number()
      .nullable()
      .describe('BilledCost of its Purchase rows over those periods; null when the bill holds none.'),
    purchased_quantity: z.number().nullable().describe('CommitmentDiscountQuantity of its Purchase rows.'),
    used_quantity: z.number(),
    unused_quantity: z.number(),
    utilisation: z.number().nullable().describe('Used ÷ (used + unused) quantity; null with neither.'),
    effective_cost: z.number().describe('EffectiveCost of its used and unused rows.'),
    on_demand_equivalent: z
      .number()
      .nullable()
      .describe('ListCost of the usage it covered; null when the bill gives none.'),
    net_savings: z.number().nullable().describe('On-demand equivalent − effective cost.'),
  })
  .describe('A commitment discount of a FOCUS bill, read from its CommitmentDiscount* columns.');

const expirySchema = z
  .object({
    arn: z.string(),
    kind: z.enum(['reservation', 'savings_plan']),
    end: z.string(),
    days_to_expiry: z.number(),
  })
  .describe('A commitment that ends within 90 days, soonest first (the expiry calendar).');

export const commitmentInventorySchema = z
  .object({
    as_of: z.string().describe('The instant the days to expiry count from (ISO 8601).'),
    reservations: z.array(reservationSchema),
    savings_plans: z.array(savingsPlanSchema),
    commitment_discounts: z
      .array(commitmentDiscountSchema)
      .describe('The commitment discounts of FOCUS bills (their reservations and savings plans among them).'),
    expiries: z.array(expirySchema),
    enrichment: enrichmentSchema,
  })
  .describe("The caller's commitment inventory (/v3/cost/reserved/).");
export type CommitmentInventory = z.infer<typeof commitmentInventorySchema>;

/** The longest range shown by the hour. */
export const HOURLY_RANGE_DAYS = 31;

export const commitmentDashboardQuerySchema = dateRange({ maxDays: COMMITMENT_RANGE_DAYS })
  .extend({
    project_ids: projectIdsParam,
    granularity: z
      .enum(COMMITMENT_GRANULARITIES)
      .default('day')
      .describe('Period of the series: hour (ranges up to 31 days), day or month.'),
    group_by: z
      .enum(COMMITMENT_GROUPS)
      .default('commitment')
      .describe('What the breakdown rows are: each commitment, or usage account, service, family or region.'),
  })
  .superRefine((query, ctx) => {
    const days = (Date.parse(query.end_date) - Date.parse(query.start_date)) / 86_400_000 + 1;
    if (query.granularity === 'hour' && days > HOURLY_RANGE_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['granularity'],
        message: `Choose day or month for a range of more than ${HOURLY_RANGE_DAYS} days.`,
      });
  });
export type CommitmentDashboardQuery = z.infer<typeof commitmentDashboardQuerySchema>;

const figuresShape = {
  utilisation: z
    .number()
    .nullable()
    .describe('Used ÷ purchased commitment (RI hours and SP commitment in $).'),
  coverage: z.number().nullable().describe('Covered ÷ eligible usage, in on-demand cost.'),
  effective_savings_rate: z
    .number()
    .nullable()
    .describe('(On-demand equivalent − actual) ÷ on-demand equivalent over eligible usage; spot apart.'),
  on_demand_equivalent: z.number(),
  actual_cost: z.number().describe('Eligible usage at amortised cost plus every commitment’s unused cost.'),
  net_savings: z.number(),
  unused_cost: z.number(),
};

export const commitmentDashboardSchema = z
  .object({
    periods: z.array(z.object({ period: z.string(), ...figuresShape })),
    totals: z.object({
      ...figuresShape,
      spot_cost: z.number(),
      spot_savings: z.number().describe('Only over spot rows that carry an on-demand price.'),
    }),
    groups: z.array(
      z.object({
        key: z.string(),
        utilisation: z.number().nullable(),
        coverage: z.number().nullable(),
        on_demand_equivalent: z.number(),
        net_savings: z.number(),
        unused_cost: z.number(),
      }),
    ),
    expiries: z.array(expirySchema),
  })
  .describe(
    'The Commitment Management dashboard: utilisation, coverage and ESR over time, a breakdown, expiries.',
  );
export type CommitmentDashboard = z.infer<typeof commitmentDashboardSchema>;

export const SCHEDULE_WHAT_IF = ['apply', 'ignore'] as const;

/** What the purchase analyses took out of the look-back for the resource scheduler's enabled schedules. */
const scheduleWhatIfSchema = z
  .object({
    applied: z.boolean().describe('False when the request asked to ignore the schedules.'),
    schedules: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        stopped_hours_per_week: z.number(),
        resources: z.number().int().describe('Its resources that ran on demand in its estimate’s 30 days.'),
      }),
    ),
    stopped_resource_hours_per_week: z
      .number()
      .describe('Σ over those resources of the hours a week their schedule stops them.'),
    removed_on_demand: z
      .number()
      .describe('On-demand spend taken out of the look-back’s curves ($); 0 when not applied.'),
  })
  .describe(
    'Enabled schedules whose resources ran on demand: each resource’s pre-flight hourly cost is removed from the hours its schedule would stop it.',
  );

/**
 * What the purchase analyses took out of the look-back for recommendations not yet applied (open, accepted,
 * approved or regressed in the savings ledger) whose saving is commitment-eligible usage: EC2 and RDS idle and
 * rightsizing, previous generation, Auto Scaling groups, Lambda memory. Each takes its on-demand monthly saving
 * ÷ 730.5 hours (the recommendations' 30.4375-day month) out of every hour of the curve — an idle resource its
 * whole cost, a rightsizing the difference — except the hours an enabled schedule already stops its resource.
 * The usual order of FinOps practice (optimise usage first, then commit): applied by default.
 */
const recommendationWhatIfSchema = z
  .object({
    applied: z.boolean().describe('False when the request asked to ignore the recommendations.'),
    count: z.number().int().describe('Recommendations taken into account (or that would be).'),
    by_type: z.array(
      z.object({
        type: z.string().describe('The recommendation type (rule key), e.g. ec2-rightsizing.'),
        count: z.number().int(),
        on_demand_monthly_saving: z.number().describe('Σ of their savings at on-demand prices, a month.'),
      }),
    ),
    removed_on_demand: z
      .number()
      .describe('On-demand spend taken out of the look-back’s curves ($); 0 when not applied.'),
  })
  .describe(
    'Recommendations not yet applied whose saving is usage a commitment would cover: what acting on them takes out of the curves.',
  );

export const purchaseAnalysisQuerySchema = z.object({
  project_ids: projectIdsParam,
  look_back: z.enum(LOOK_BACKS).default('30').describe('Days of hourly usage the recommendation reads.'),
  term: z.enum(COMMITMENT_TERMS).default('1yr'),
  payment_option: z.enum(PAYMENT_OPTIONS).default('No Upfront'),
  rate_ratio: rateRatio(z.coerce.number())
    .optional()
    .describe(
      'Commitment rate ÷ on-demand rate to use when the bill has no commitment to read it from (e.g. 0.72); without it the documented rate table’s.',
    ),
  schedules: z
    .enum(SCHEDULE_WHAT_IF)
    .optional()
    .describe(
      'apply (when absent): take out of the look-back the hours each enabled resource schedule would stop its resources (a what-if: nothing is bought for hours about to be switched off); ignore: the bill as it is.',
    ),
  recommendations: z
    .enum(SCHEDULE_WHAT_IF)
    .optional()
    .describe(
      'apply (when absent): take out of the look-back what the recommendations not yet applied (idle, rightsizing) would save on commitment-eligible usage; ignore: leave them in.',
    ),
});
export type PurchaseAnalysisQuery = z.infer<typeof purchaseAnalysisQuerySchema>;

/** The reservation purchase analysis's parameters: the savings plan analysis's, and the answer's format. */
export const reservationAnalysisQuerySchema = purchaseAnalysisQuerySchema.extend({
  format: z
    .enum(['json', 'csv'])
    .default('json')
    .describe('csv: one line per analysed curve, RESERVATION_ANALYSIS_CSV_COLUMNS.'),
});

/** The reservation analysis's CSV columns: the table's figures, unrounded as the JSON answers them. */
export const RESERVATION_ANALYSIS_CSV_COLUMNS = [
  'service',
  'region',
  'operating_system',
  'tenancy',
  'licence_model',
  'family',
  'size_flexible',
  'instance_type',
  'units_per_instance',
  'on_demand_rate_per_unit',
  'rate_ratio',
  'rate_source',
  'rate_provenance',
  'instances',
  'normalised_units',
  'hourly_commitment',
  'savings',
  'on_demand_cost',
  'break_even_utilisation',
  'expected_utilisation',
  'expected_coverage',
] as const;

export const purchaseAnalysisSchema = z
  .object({
    window: z.object({ start: z.string(), end: z.string() }).describe('The look-back, whole UTC hours.'),
    hourly_on_demand: z
      .array(z.number())
      .describe('Eligible EC2/RDS/ElastiCache/OpenSearch/Redshift spend still on demand, per hour ($/h).'),
    rate_ratio: z.number().nullable(),
    rate_source: rateSourceSchema,
    rate_provenance: rateProvenanceSchema,
    schedules: scheduleWhatIfSchema,
    recommendations: recommendationWhatIfSchema,
    recommendation: z
      .object({
        commitment: z.number().describe('$/h to commit at commitment rates.'),
        covered_on_demand_per_hour: z.number(),
        savings: z.number().describe('Over the look-back.'),
        on_demand_cost: z.number(),
        break_even_utilisation: z.number(),
        expected_utilisation: z.number().nullable(),
        expected_coverage: z.number().nullable(),
        band: z.object({ low: z.number(), high: z.number(), tolerance: z.number() }),
        curve: z.array(
          z.object({
            commitment: z.number(),
            savings: z.number(),
            utilisation: z.number().nullable(),
            coverage: z.number().nullable(),
          }),
        ),
      })
      .nullable()
      .describe('Null when no rate is known.'),
  })
  .describe('Savings plan purchase analysis: the hourly commitment that maximises net savings.');
export type PurchaseAnalysis = z.infer<typeof purchaseAnalysisSchema>;

/** The reservation purchase analysis; its parameters are reservationAnalysisQuerySchema's. */
export const reservationAnalysisSchema = z
  .object({
    window: z.object({ start: z.string(), end: z.string() }).describe('The look-back, whole UTC hours.'),
    schedules: scheduleWhatIfSchema,
    recommendations: recommendationWhatIfSchema,
    results: z.array(
      z.object({
        service: z.string().describe('The bill’s product code, e.g. AmazonRDS.'),
        region: z.string().nullable(),
        family: z
          .string()
          .describe(
            'The family the reservation flexes within, e.g. m5 or db.r6g; the instance type where size_flexible is false.',
          ),
        operating_system: z
          .string()
          .nullable()
          .describe(
            'The usage’s operating system or engine (the bill’s product columns); null when it has none.',
          ),
        tenancy: z.string().nullable().describe('Shared, Dedicated or Host; null when the bill has none.'),
        licence_model: z
          .string()
          .nullable()
          .describe('The product’s licence model; null when the bill has none.'),
        size_flexible: z
          .boolean()
          .describe(
            'Whether a reservation flexes across sizes: EC2 only for Linux/UNIX at shared tenancy, RDS except licence-included.',
          ),
        instance_type: z
          .string()
          .describe('The size to buy: the instance type of the family with the most on-demand units.'),
        units_per_instance: z.number().describe('Normalised units of one instance of that type.'),
        hourly_units: z.array(z.number()).describe('On-demand normalised units of the family per hour.'),
        on_demand_rate_per_unit: z
          .number()
          .nullable()
          .describe('On-demand cost ÷ normalised units over the look-back ($ per unit-hour).'),
        rate_ratio: z.number().nullable(),
        rate_source: rateSourceSchema.describe(
          'bill: the account’s own reservations of the service, term and payment option; stated: the rate_ratio parameter; table: the documented rate table; none.',
        ),
        rate_provenance: rateProvenanceSchema,
        recommendation: z
          .object({
            instances: z.number().int().describe('Instances of instance_type to reserve.'),
            normalised_units: z.number().describe('Normalised units per hour they cover.'),
            commitment: z.number().describe('$/h the reservations cost (amortised), at the rate ratio.'),
            savings: z.number().describe('Over the look-back, against staying on demand.'),
            on_demand_cost: z.number(),
            break_even_utilisation: z.number(),
            expected_utilisation: z.number().nullable(),
            expected_coverage: z.number().nullable(),
          })
          .nullable()
          .describe('Null when no rate is known.'),
      }),
    ),
  })
  .describe(
    'Reserved instance purchase analysis by normalised units, per service, region, operating system / tenancy / licence and family run on demand.',
  );
export type ReservationAnalysis = z.infer<typeof reservationAnalysisSchema>;

export const convertibleQuerySchema = z.object({
  project_ids: projectIdsParam,
  utilisation_below: z.coerce
    .number()
    .min(0, 'Enter a share from 0 to 1.')
    .max(1, 'Enter a share from 0 to 1.')
    .default(0.8)
    .describe('Convertible reservations used less than this share are listed.'),
});
export type ConvertibleQuery = z.infer<typeof convertibleQuerySchema>;

const exchangeSchema = z
  .object({
    target_instance_type: z
      .string()
      .describe(
        'The instance type (same service and region) with the most on-demand use in the bill’s last month; the reservation’s own type when none runs on demand.',
      ),
    wanted_units_per_hour: z
      .number()
      .describe(
        'Normalised units per hour to cover: what the reservation is used for plus the target’s on-demand use.',
      ),
    instances: z
      .number()
      .describe('Target instances of the exchange (at least what the value rule demands).'),
    minimum_instances: z.number().describe('Fewest target instances whose value covers the remaining value.'),
    new_value: z.number().describe('Value of the new reservations over the remaining hours.'),
    true_up: z.number().describe('Paid upfront to make up the difference (value rule).'),
    remaining_hours: z.number(),
    utilisation_before: z.number().nullable(),
    utilisation_after: z
      .number()
      .nullable()
      .describe('Wanted ÷ reserved units after the exchange (at most 1).'),
    coverage_before: z.number().nullable().describe('Reserved units used ÷ wanted units.'),
    coverage_after: z.number().nullable(),
  })
  .describe(
    'The exchange that would cover current use, valued at the reservation’s own price per normalised unit-hour (AWS prices the new offering; the bill holds only this one).',
  );

export const convertibleAnalysisSchema = z
  .object({
    results: z.array(
      z.object({
        arn: z.string(),
        instance_type: z.string().nullable(),
        region: z.string().nullable(),
        count: z.number(),
        utilisation: z.number().nullable(),
        remaining_value: z.number().describe('Unamortised upfront plus recurring fee still owed.'),
        end: z.string().nullable(),
        exchange: exchangeSchema.nullable().describe('Null when the bill does not give the units it needs.'),
      }),
    ),
  })
  .describe('Convertible reservations with low utilisation (/v3/convertible-ri/, /v3/cri-analysis/).');
export type ConvertibleAnalysis = z.infer<typeof convertibleAnalysisSchema>;

/**
 * When commitment alerts fire, per client (docs/commitments.md); a client that never changed them has these.
 * Expiry lead times fire once each, the most urgent when several are reached at once.
 */
export const COMMITMENT_ALERT_DEFAULTS = {
  expiry_days: [90, 30, 7],
  utilisation_below: 0.8,
  coverage_drop_points: 0.1,
  purchase_days: 14,
};

export const commitmentAlertSettingsSchema = z
  .object({
    expiry_days: z
      .array(
        z
          .number()
          .int('Enter whole days.')
          .min(1, 'Enter days from 1 to 365.')
          .max(365, 'Enter days from 1 to 365.'),
      )
      .min(1, 'Enter at least one lead time.')
      .max(5, 'Enter at most five lead times.')
      .describe('Days before a commitment ends at which an expiry alert fires (each once).'),
    utilisation_below: z
      .number()
      .min(0, 'Enter a share from 0 to 1.')
      .max(1, 'Enter a share from 0 to 1.')
      .describe('A commitment used less than this share over the last 30 billed days is under-used.'),
    coverage_drop_points: z
      .number()
      .gt(0, 'Enter a drop above 0.')
      .max(1, 'Enter a drop of at most 1.')
      .describe('Coverage of the last 7 billed days this far (ratio points) below the 28 days before.'),
    purchase_days: z
      .number()
      .int('Enter whole days.')
      .min(1, 'Enter days from 1 to 90.')
      .max(90, 'Enter days from 1 to 90.')
      .describe('A commitment that started at most this many days ago is announced as newly purchased.'),
  })
  .describe('Thresholds and lead times of the commitment alerts.');
export type CommitmentAlertSettings = z.infer<typeof commitmentAlertSettingsSchema>;

/** One cell of the rate table: what is bought, for how long, paid how. */
const rateCellSchema = z.object({
  kind: z
    .enum(COMMITMENT_RATE_KINDS)
    .describe(
      'compute_savings_plan, ec2_standard_ri (Linux/UNIX, shared tenancy) or rds_ri (open-source engines).',
    ),
  term: z.enum(COMMITMENT_TERMS),
  payment_option: z.enum(PAYMENT_OPTIONS),
});

/** A client's own figure for one cell of the documented rate table (its admins set it). */
export const rateOverrideSchema = rateCellSchema.extend({
  rate_ratio: rateRatio(z.number()).describe('Commitment rate ÷ on-demand rate, above 0 and at most 1.'),
});
export type RateOverrideFigure = z.infer<typeof rateOverrideSchema>;

/** PUT /c/commitments/rate_overrides/ — the client's figures, the whole set (an empty list restores the table). */
export const rateOverridesBodySchema = z.object({
  overrides: z
    .array(rateOverrideSchema)
    .max(COMMITMENT_RATE_KINDS.length * COMMITMENT_TERMS.length * PAYMENT_OPTIONS.length)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((o, i) => {
        const cell = `${o.kind}|${o.term}|${o.payment_option}`;
        if (seen.has(cell))
          ctx.addIssue({ code: 'custom', path: [i], message: 'This cell has a figure already.' });
        seen.add(cell);
      });
    }),
});
export type RateOverridesBody = z.infer<typeof rateOverridesBodySchema>;

export const rateTableSchema = z
  .object({
    table: z
      .array(rateCellSchema.extend({ rate_ratio: z.number(), provenance: z.enum(TABLE_PROVENANCES) }))
      .describe('The documented rate table (docs/commitments.md); a cell it lacks has no figure.'),
    overrides: z.array(rateOverrideSchema).describe('The client’s own figures, which replace the table’s.'),
    updated_at: z.string().nullable().describe('When the client’s figures last changed, ISO 8601.'),
  })
  .describe('The rate table the purchase analyses use where the bill has no commitment to read a rate from.');
export type RateTable = z.infer<typeof rateTableSchema>;

export const ALERT_KINDS = ['expiry', 'utilisation', 'coverage', 'purchase'] as const;

export const commitmentAlertsQuerySchema = z.object({ project_ids: projectIdsParam });
export type CommitmentAlertsQuery = z.infer<typeof commitmentAlertsQuerySchema>;

export const commitmentAlertsSchema = z
  .object({
    as_of: z.string().describe('The instant days left count from (ISO 8601).'),
    newest_day: z.string().nullable().describe('The bill’s newest usage day; null without data.'),
    settings: commitmentAlertSettingsSchema,
    alerts: z.array(
      z.object({
        key: z.string().describe('Names the alert’s one slot; the notification job sends each key once.'),
        kind: z.enum(ALERT_KINDS),
        severity: z.enum(['info', 'warning', 'critical']),
        subject: z.string().describe('As the notification says it.'),
        text: z.string(),
        arn: z.string().nullable().describe('The commitment; null for a coverage drop.'),
        commitment_kind: z.enum(['reservation', 'savings_plan']).nullable(),
        end: z.string().nullable(),
        days_left: z.number().nullable().describe('Expiry alerts: days from as_of to the end.'),
        utilisation: z.number().nullable().describe('Utilisation alerts: over the last 30 billed days.'),
        unused_cost: z.number().nullable().describe('Utilisation alerts: over the last 30 billed days.'),
        coverage_previous: z.number().nullable(),
        coverage_current: z.number().nullable(),
      }),
    ),
  })
  .describe(
    'The commitment alerts due now: what the notification job sends (each once) and the dashboard shows.',
  );
export type CommitmentAlerts = z.infer<typeof commitmentAlertsSchema>;

/**
 * ShareSave (spec §3 Client `sharesave_allowed`, §6 "Share-save allowed when client has sharesave_allowed or
 * belongs to a particular partner"; issue 23 item 6). The spec shows no call, screen or figure for it; designed
 * here:
 * - Allowed: the client's `sharesave_allowed`, or its partner is one the operator lists in SHARESAVE_PARTNERS
 *   (the "particular partner": a deployment's setting, as partners are not a tenant's to promote themselves).
 *   Otherwise every ShareSave call answers 404, so nothing of it is visible (the screen hides its section).
 * - The report: per month of the bill (the last `months`, default 12, newest first), the realised commitment
 *   savings = the Commitment Management dashboard's net savings of that month (on-demand equivalent of the usage
 *   reservations and savings plans covered − what they cost, unused hours included; spot not counted), the
 *   agreed share, the partner's fee = share × the savings (none in a month whose commitments cost more than on
 *   demand: the client bears that loss) and the client's net saving = savings − fee. CSV with the same figures.
 * - The agreed share is stored per client and set by its admins (a partner's admin acting for the client is an
 *   admin there): a fraction in [0, 1]; null until agreed (fees then null).
 * - The partner view (GET …/sharesave/partner/, partner users): the same report for each of the partner's clients
 *   where ShareSave is allowed (by name), read over all of the client's projects, and the totals across them (fees
 *   and net savings of the clients with an agreed share only; null when none has one). CSV: one line per client
 *   with its totals, as the screen's table.
 */
export const SHARESAVE_CSV_COLUMNS = [
  'month',
  'realised_savings',
  'share',
  'partner_fee',
  'client_net_saving',
] as const;

export const shareSaveQuerySchema = z.object({
  project_ids: projectIdsParam,
  months: z.coerce
    .number()
    .int('Enter a whole number of months.')
    .min(1)
    .max(13)
    .default(12)
    .describe('Months of the bill to report, newest first (13 at most).'),
  format: z.enum(['json', 'csv']).default('json').describe('csv: SHARESAVE_CSV_COLUMNS, one line per month.'),
});
export type ShareSaveQuery = z.infer<typeof shareSaveQuerySchema>;

const shareRatio = z
  .number()
  .min(0, 'The share is a fraction from 0 to 1.')
  .max(1, 'The share is a fraction from 0 to 1.');

export const shareSaveBodySchema = z
  .object({
    share: shareRatio
      .nullable()
      .describe(
        'The agreed share of realised savings the partner keeps (0.25 = 25 %); null: not agreed yet.',
      ),
  })
  .strict();
export type ShareSaveBody = z.infer<typeof shareSaveBodySchema>;

const shareSaveMonthSchema = z.object({
  month: z.string().describe('YYYY-MM of the bill.'),
  realised_savings: z.number().describe('Net savings of the month’s commitments against on demand.'),
  share: z.number().nullable(),
  partner_fee: z.number().nullable().describe('share × realised savings; 0 in a month of loss.'),
  client_net_saving: z.number().nullable(),
});

export const shareSaveSchema = z
  .object({
    share: z.number().nullable().describe('The agreed share; null until set.'),
    updated_at: z.string().nullable().describe('When the share was last set.'),
    partner: z.string().nullable().describe('The client’s partner id, null for a direct client.'),
    months: z.array(shareSaveMonthSchema),
    totals: shareSaveMonthSchema.omit({ month: true, share: true }),
  })
  .describe('The ShareSave savings-share report (404 where ShareSave is not allowed).');
export type ShareSave = z.infer<typeof shareSaveSchema>;

/** The partner view's CSV: one line per client, the screen's columns (the client's totals over the months). */
export const SHARESAVE_PARTNER_CSV_COLUMNS = [
  'client_name',
  'share',
  'realised_savings',
  'partner_fee',
  'client_net_saving',
  'months',
] as const;

export const shareSavePartnerQuerySchema = shareSaveQuerySchema.pick({ months: true }).extend({
  format: z
    .enum(['json', 'csv'])
    .default('json')
    .describe('csv: SHARESAVE_PARTNER_CSV_COLUMNS, one line per client.'),
});
export type ShareSavePartnerQuery = z.infer<typeof shareSavePartnerQuerySchema>;

export const shareSavePartnerSchema = z
  .object({
    partner: z.string().describe('The partner id.'),
    clients: z.array(
      shareSaveSchema.omit({ partner: true }).extend({ client_id: z.string(), client_name: z.string() }),
    ),
    totals: shareSaveMonthSchema.omit({ month: true, share: true }),
  })
  .describe("The partner's clients' savings-share reports (clients where ShareSave is allowed), by name.");
export type ShareSavePartner = z.infer<typeof shareSavePartnerSchema>;
