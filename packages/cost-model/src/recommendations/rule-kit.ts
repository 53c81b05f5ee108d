import type { RESOURCE_KIND_NAMES } from '@finlens/contracts/inventory';
import type {
  Evidence,
  FactEvidence,
  MetricEvidence,
  RecommendationAction,
  RecommendationType,
  Risk,
} from '@finlens/contracts/recommendations';
import type { ResourceMetricName } from '@finlens/contracts/resource-metrics';

export type ResourceKindName = (typeof RESOURCE_KIND_NAMES)[number];

/** Days per month in every monthly figure (365.25 ÷ 12). */
export const DAYS_PER_MONTH = 30.4375;
export const HOURS_PER_MONTH = DAYS_PER_MONTH * 24;
const DAY_MS = 86_400_000;

/** A collected resource as the rules read it: the stored port resource (dates as ISO text). */
export interface RuleResource {
  projectId: string;
  accountId: string;
  region: string;
  kind: ResourceKindName;
  id: string;
  name: string | null;
  state: string;
  tags: Record<string, string>;
  /** The port's resource fields (instanceType, volumeType, sizeGiB, attachments, createdAt …). */
  attributes: Record<string, unknown>;
  /** When the resource entered its current state: the provider's own time (a stopped instance's), else an inventory change, else its first sighting. */
  stateSince: string | null;
}

export interface MetricSummary {
  avg: number;
  p95: number;
  max: number;
  points: number;
}

/** The resource's money from the bill, per month: effective (amortized) and at public on-demand prices. */
export interface ResourceCost {
  monthlyEffective: number;
  monthlyOnDemand: number;
  /**
   * The effective cost's split by the bill's usage type (region prefix kept, any period: only shares are read),
   * where the rules need it (Lambda functions: duration against requests); absent: not read.
   */
  byUsageType?: Readonly<Record<string, number>>;
  /**
   * S3: the bill's own price per GB-month of each storage class its storage lines bill (`STANDARD`, `STANDARD_IA`
   * …): cost ÷ GB-months over the window, effective (net amortized) and on demand (list); absent: not read.
   */
  storageRates?: Readonly<Record<string, BilledRate>>;
  /**
   * The GB its own snapshot storage lines bill on average over the days billed (an EBS snapshot's SnapshotUsage
   * lines: their GB-months ÷ the months billed); absent: the bill has none or they were not read.
   */
  storageGb?: number;
}

/** A price per unit from the bill's own lines (their cost ÷ their usage amount), effective and on demand. */
export interface BilledRate {
  effective: number;
  onDemand: number;
}

export interface RuleInput {
  resource: RuleResource;
  /** Summaries over the rule's look-back by metric (S3: `s3-bytes|CLASS`); empty: none collected. */
  metrics: (days: number) => ReadonlyMap<string, MetricSummary>;
  cost: ResourceCost | null;
  /** The account's effective ÷ on-demand ratio for the resource's service (1 without discounts). */
  effectiveRate: number;
  /** A reservation or Savings Plan covers the resource's usage. */
  covered: boolean;
  /**
   * The account's own price per GB-month of RDS snapshot (backup) storage, from its `ChargedBackupUsage` lines over
   * the window; null or absent: the bill has none (the rules price a final snapshot at list).
   */
  rdsSnapshotRate?: BilledRate | null;
  /** Spot's effective ÷ on-demand cost on the project's spot instances' own lines; null or absent: none billed. */
  spotRatio?: number | null;
  now: Date;
  /** Other resources of the same project, account and region. */
  related: {
    attachedTo(kind: ResourceKindName, id: string): RuleResource[];
    exists(kind: ResourceKindName, id: string): boolean;
    costOf(resource: RuleResource): ResourceCost | null;
    /** Another resource's metric summaries over `days` (an Auto Scaling group reads its instances'). */
    metricsOf(resource: RuleResource, days: number): ReadonlyMap<string, MetricSummary>;
  };
}

export interface ThresholdDefinition {
  key: string;
  label: string;
  unit: string;
  default: number;
  min: number;
  max: number;
}

/** The look-back threshold: hourly metrics are kept 14 days. */
export const lookbackDays = (def: number): ThresholdDefinition => ({
  key: 'lookback_days',
  label: 'Look-back',
  unit: 'days',
  default: def,
  min: 1,
  max: 14,
});

/** AWS Compute Optimizer needs 30 hours of metrics before it recommends. */
export const minHours: ThresholdDefinition = {
  key: 'min_hours',
  label: 'Hours of metrics needed',
  unit: 'hours',
  default: 30,
  min: 1,
  max: 336,
};

export type Thresholds = Readonly<Record<string, number>>;

export interface Violation {
  outcome: 'violated';
  title: string;
  evidence: Evidence;
  saving: { effective: number; onDemand: number; current: number; basis: 'bill' | 'catalogue' };
  risk: Risk;
  action: RecommendationAction;
  mightBeWrong: string[];
  resourceType: string | null;
}

export interface NoViolation {
  outcome: 'passed' | 'missing-metrics' | 'not-applicable';
  reason: string;
  evidence: Evidence | null;
}

export type RuleOutcome = Violation | NoViolation;

export interface RuleDefinition {
  key: RecommendationType;
  kinds: readonly ResourceKindName[];
  description: string;
  anchor: string;
  thresholds: readonly ThresholdDefinition[];
  /** Rules whose violation makes this one moot for the resource (idle beats rightsizing). */
  supersededBy?: readonly RecommendationType[];
  check(input: RuleInput, t: Thresholds): RuleOutcome;
}

export const passed = (reason: string, evidence: Evidence | null = null): NoViolation => ({
  outcome: 'passed',
  reason,
  evidence,
});
export const notApplicable = (reason: string): NoViolation => ({
  outcome: 'not-applicable',
  reason,
  evidence: null,
});
export const missingMetrics = (reason: string, evidence: Evidence | null = null): NoViolation => ({
  outcome: 'missing-metrics',
  reason,
  evidence,
});

export const utcDay = (date: Date) => date.toISOString().slice(0, 10);

export function lookback(now: Date, days: number): Pick<Evidence, 'start_date' | 'end_date'> {
  return { start_date: utcDay(new Date(now.getTime() - (days - 1) * DAY_MS)), end_date: utcDay(now) };
}

export const daysSince = (iso: string | null, now: Date): number | null =>
  iso === null ? null : Math.floor((now.getTime() - new Date(iso).getTime()) / DAY_MS);

export const UNITS: Partial<Record<ResourceMetricName, string>> = {
  'cpu-utilization': 'percent',
  'memory-utilization': 'percent',
  'network-in': 'bytes',
  'network-out': 'bytes',
  'ebs-read-ops': 'count',
  'ebs-write-ops': 'count',
  'rds-connections': 'count',
  'elb-requests': 'count',
  's3-get-requests': 'count',
  'nat-bytes-out': 'bytes',
  'nat-bytes-in': 'bytes',
  'lambda-duration': 'milliseconds',
  'lambda-invocations': 'count',
  'lambda-memory-used': 'MiB',
};

export function metricEvidence(
  metric: ResourceMetricName,
  statistic: MetricEvidence['statistic'],
  summary: MetricSummary | undefined,
  compare: { key: string; value: number; comparison: NonNullable<MetricEvidence['comparison']> } | null,
  observed?: number,
): MetricEvidence {
  const value =
    observed ?? (summary === undefined ? null : statistic === 'sum' ? summary.avg : summary[statistic]);
  return {
    metric,
    storage_class: null,
    statistic,
    observed: summary === undefined ? null : value,
    threshold_key: compare?.key ?? null,
    threshold: compare?.value ?? null,
    comparison: compare?.comparison ?? null,
    unit: UNITS[metric] ?? 'count',
    points: summary?.points ?? 0,
  };
}

export function fact(
  key: string,
  label: string,
  value: FactEvidence['value'],
  threshold: { key: string; value: number } | null = null,
): FactEvidence {
  return { key, label, value, threshold_key: threshold?.key ?? null, threshold: threshold?.value ?? null };
}

/**
 * The saving when the whole resource goes (or a `share` of it): the bill's own figures when it has any, else
 * the list price estimate (USD per month at on-demand) × the account's effective rate.
 */
export function savingOf(
  input: RuleInput,
  share: number,
  listMonthly: number | null,
): Violation['saving'] | null {
  if (input.cost !== null && input.cost.monthlyOnDemand + input.cost.monthlyEffective > 0) {
    const { monthlyEffective, monthlyOnDemand } = input.cost;
    return {
      effective: monthlyEffective * share,
      onDemand: monthlyOnDemand * share,
      current: monthlyEffective,
      basis: 'bill',
    };
  }
  if (listMonthly === null) return null;
  return {
    effective: listMonthly * share * input.effectiveRate,
    onDemand: listMonthly * share,
    current: listMonthly * input.effectiveRate,
    basis: 'catalogue',
  };
}

export const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
export const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export const money = (value: number) => `$${value.toFixed(2)}`;

/** Reasons every recommendation on a covered resource carries. */
export function coverageCaveat(input: RuleInput): string[] {
  return input.covered
    ? [
        'A reservation or Savings Plan covers this resource: the commitment keeps billing until it ends unless other usage takes it over.',
      ]
    : [];
}
