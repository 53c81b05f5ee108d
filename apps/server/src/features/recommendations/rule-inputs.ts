import type { ResourceMetricName, UtilisationSummary } from '@finlens/contracts/resource-metrics';
import { RULES, type RuleSetting, thresholdsOf } from '@finlens/cost-model/recommendations/engine';
import { s3StorageClassOf } from '@finlens/cost-model/recommendations/prices';
import {
  type BilledRate,
  DAYS_PER_MONTH,
  type MetricSummary,
  type ResourceCost,
  type ResourceKindName,
  type RuleInput,
  type RuleResource,
} from '@finlens/cost-model/recommendations/rule-kit';
import { resourceKey } from '@finlens/cost-model/resource-id';
import { addDays } from '@finlens/cost-model/utc-calendar';
import type {
  ResourceCostPort,
  ResourceCostRow,
  ResourceUsageCostRow,
} from '../../warehouse/cost-query/resource-costs';
import type { RecommendationsRepo } from './recommendations.repo';

/** Days of bill each figure averages (the last 30 days with data). */
const WINDOW_DAYS = 30;
/** Effective ÷ on-demand below this on a resource's own lines: a reservation or Savings Plan covers it. */
const COVERED_BELOW = 0.95;

/** The inventory's utilisation summaries (its resource-metrics service, wired in app/). */
export interface UtilisationReader {
  utilisationSummaries(
    scope: { projectIds: string[] },
    resourceIds: readonly string[],
    options: { days?: number; metrics?: readonly ResourceMetricName[] },
  ): Promise<UtilisationSummary[]>;
}

type InventoryRow = Awaited<ReturnType<RecommendationsRepo['inventory']>>[number];
type ChangeRow = Awaited<ReturnType<RecommendationsRepo['changes']>>[number];

export interface Gathered {
  inputs: RuleInput[];
  /** The newest inventory change of each resource by `account|resource id` ({ change, recorded_at, fields }). */
  causes: Map<string, unknown>;
  settings: Map<string, RuleSetting>;
  accountNames: Map<string, string | null>;
  /** The days of bill the figures average (null: no bill yet). */
  billWindow: { from: string; to: string } | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

interface BillFigures {
  effective: number;
  onDemand: number;
  amortized: number;
  firstDay: string;
  lastDay: string;
  serviceCode: string | null;
  /** Effective cost per usage type over the window, for the services in USAGE_TYPE_SERVICES. */
  byUsageType?: Record<string, number>;
  /** A bucket's price per GB-month by storage class (storageClassRates). */
  storageRates?: ResourceCost['storageRates'];
  /** An EBS snapshot's GB-months over the window from its own SnapshotUsage lines (snapshotStorage). */
  gbMonths?: number;
}

/**
 * Services whose rules split a resource's bill by usage type: lambda-memory scales only the GB-second lines
 * with memory, requests bill the same.
 */
const USAGE_TYPE_SERVICES = ['AWSLambda'] as const;

/** Cost per month over the days the resource was billed in the window. */
function monthly(b: BillFigures, windowStart: string, newest: string): ResourceCost {
  const first = b.firstDay > windowStart ? b.firstDay : windowStart;
  const days = Math.max(1, Math.round((Date.parse(newest) - Date.parse(first)) / 86_400_000) + 1);
  return {
    monthlyEffective: (b.effective / days) * DAYS_PER_MONTH,
    monthlyOnDemand: (b.onDemand / days) * DAYS_PER_MONTH,
    ...(b.byUsageType === undefined ? {} : { byUsageType: b.byUsageType }),
    ...(b.storageRates === undefined ? {} : { storageRates: b.storageRates }),
    ...(b.gbMonths === undefined ? {} : { storageGb: (b.gbMonths / days) * DAYS_PER_MONTH }),
  };
}

/**
 * Each resource's effective cost per usage type over the window, by resource key, for the services whose rules
 * read it (one scan per service, of that service's lines only).
 */
export async function usageTypeCosts(
  warehouse: Pick<ResourceCostPort, 'resourceUsageCosts'>,
  query: { clientId: string; projectIds: string[]; from: string; to: string },
): Promise<Map<string, Record<string, number>>> {
  const byKey = new Map<string, Record<string, number>>();
  for (const serviceCode of USAGE_TYPE_SERVICES) {
    const rows = await warehouse.resourceUsageCosts({ ...query, costType: 'net_amortized', serviceCode });
    for (const row of rows) {
      if (row.accountId === null || row.usageType === null || row.cost === 0) continue;
      const key = resourceKey(row.resourceId, serviceCode, row.accountId);
      const split = byKey.get(key) ?? {};
      split[row.usageType] = (split[row.usageType] ?? 0) + row.cost;
      byKey.set(key, split);
    }
  }
  return byKey;
}

/**
 * Each bucket's own price per GB-month of each storage class its storage lines bill over the window (cost ÷ the
 * lines' GB-months), effective and on demand, by resource key: the rules price its bytes at these rather than at
 * list, so the region, volume tier and discounts of its own bill carry over. One scan of the S3 lines per cost.
 */
export async function storageClassRates(
  warehouse: Pick<ResourceCostPort, 'resourceUsageCosts'>,
  query: { clientId: string; projectIds: string[]; from: string; to: string },
): Promise<Map<string, NonNullable<ResourceCost['storageRates']>>> {
  const sums = new Map<string, Map<string, { effective: number; onDemand: number; gbMonths: number }>>();
  for (const costType of ['net_amortized', 'list'] as const) {
    const rows = await warehouse.resourceUsageCosts({ ...query, costType, serviceCode: 'AmazonS3' });
    for (const row of rows) {
      const storageClass = row.usageType === null ? null : s3StorageClassOf(row.usageType);
      if (row.accountId === null || storageClass === null || row.lineItemType !== 'Usage') continue;
      const key = resourceKey(row.resourceId, 'AmazonS3', row.accountId);
      const byClass = sums.get(key) ?? new Map();
      const sum = byClass.get(storageClass) ?? { effective: 0, onDemand: 0, gbMonths: 0 };
      if (costType === 'list') sum.onDemand += row.cost;
      else {
        sum.effective += row.cost;
        sum.gbMonths += row.usageAmount ?? 0;
      }
      byClass.set(storageClass, sum);
      sums.set(key, byClass);
    }
  }
  const rates = new Map<string, NonNullable<ResourceCost['storageRates']>>();
  for (const [key, byClass] of sums) {
    const own: Record<string, { effective: number; onDemand: number }> = {};
    for (const [storageClass, sum] of byClass)
      if (sum.gbMonths > 0)
        own[storageClass] = {
          effective: sum.effective / sum.gbMonths,
          onDemand: sum.onDemand / sum.gbMonths,
        };
    if (Object.keys(own).length > 0) rates.set(key, own);
  }
  return rates;
}

/** A usage line (not a credit or refund) of a usage type holding `text`, with an account. */
const isUsageOf = (
  row: ResourceUsageCostRow,
  text: string,
): row is ResourceUsageCostRow & { accountId: string } =>
  row.accountId !== null && row.lineItemType === 'Usage' && (row.usageType ?? '').includes(text);

/**
 * What the bill says of snapshot storage over the window: each EBS snapshot's GB-months from its own SnapshotUsage
 * lines, by resource key (what deleting it saves is those lines), and each account's own price per GB-month of RDS
 * snapshot storage (its ChargedBackupUsage lines' cost ÷ their GB-months, effective and on demand), which a deleted
 * database's final snapshot bills at. Usage lines with a resource id only.
 */
export async function snapshotStorage(
  warehouse: Pick<ResourceCostPort, 'resourceUsageCosts'>,
  query: { clientId: string; projectIds: string[]; from: string; to: string },
): Promise<{ ebsGbMonths: Map<string, number>; rdsRates: Map<string, BilledRate> }> {
  const ebsGbMonths = new Map<string, number>();
  const snapshots = await warehouse.resourceUsageCosts({
    ...query,
    costType: 'net_amortized',
    serviceCode: 'AmazonEC2',
    usageTypeContains: 'SnapshotUsage',
  });
  for (const row of snapshots) {
    if (!isUsageOf(row, 'SnapshotUsage')) continue;
    const key = resourceKey(row.resourceId, 'AmazonEC2', row.accountId);
    ebsGbMonths.set(key, (ebsGbMonths.get(key) ?? 0) + (row.usageAmount ?? 0));
  }
  const sums = new Map<string, { effective: number; onDemand: number; gbMonths: number }>();
  for (const costType of ['net_amortized', 'list'] as const) {
    const rows = await warehouse.resourceUsageCosts({
      ...query,
      costType,
      serviceCode: 'AmazonRDS',
      usageTypeContains: 'ChargedBackupUsage',
    });
    for (const row of rows) {
      if (!isUsageOf(row, 'ChargedBackupUsage')) continue;
      const sum = sums.get(row.accountId) ?? { effective: 0, onDemand: 0, gbMonths: 0 };
      if (costType === 'list') sum.onDemand += row.cost;
      else {
        sum.effective += row.cost;
        sum.gbMonths += row.usageAmount ?? 0;
      }
      sums.set(row.accountId, sum);
    }
  }
  const rdsRates = new Map<string, BilledRate>();
  for (const [account, sum] of sums)
    if (sum.gbMonths > 0)
      rdsRates.set(account, {
        effective: sum.effective / sum.gbMonths,
        onDemand: sum.onDemand / sum.gbMonths,
      });
  return { ebsGbMonths, rdsRates };
}

/** The bill's figures per resource key, and the effective ÷ on-demand ratio per account and service. */
async function readBill(
  warehouse: Pick<ResourceCostPort, 'newestUsageDay' | 'resourceCosts' | 'resourceUsageCosts'>,
  clientId: string,
  projectId: string,
) {
  const scope = { clientId, projectIds: [projectId] };
  const newest = await warehouse.newestUsageDay(scope);
  const byKey = new Map<string, BillFigures>();
  const rates = new Map<string, { effective: number; onDemand: number }>();
  if (newest === null)
    return { newest, byKey, rates, rdsSnapshotRates: new Map<string, BilledRate>(), windowStart: '' };
  const windowStart = addDays(newest, -(WINDOW_DAYS - 1));
  // Storage and IOPS billed per month as a day of an average month: the estimate a month is then the same for a
  // window holding February days as for one holding January's, and agrees with what the ledger verifies.
  const range = {
    from: windowStart,
    current: windowStart,
    to: newest,
    tagKeys: [],
    monthlyPerAverageMonth: true,
  };
  const [[net, list, amortized], split, storage, snapshots] = await Promise.all([
    Promise.all(
      (['net_amortized', 'list', 'amortized'] as const).map((costType) =>
        warehouse.resourceCosts({ ...scope, ...range, costType }),
      ),
    ),
    usageTypeCosts(warehouse, { ...scope, from: windowStart, to: newest }),
    storageClassRates(warehouse, { ...scope, from: windowStart, to: newest }),
    snapshotStorage(warehouse, { ...scope, from: windowStart, to: newest }),
  ]);
  const add = (rows: ResourceCostRow[] | undefined, field: 'effective' | 'onDemand' | 'amortized') => {
    for (const row of rows ?? []) {
      if (row.accountId === null || row.currentCost === 0) continue;
      const key = resourceKey(row.resourceId, row.serviceCode, row.accountId);
      const b = byKey.get(key) ?? {
        effective: 0,
        onDemand: 0,
        amortized: 0,
        firstDay: row.firstDay,
        lastDay: row.lastDay,
        serviceCode: row.serviceCode,
      };
      b[field] += row.currentCost;
      if (row.firstDay < b.firstDay) b.firstDay = row.firstDay;
      if (row.lastDay > b.lastDay) b.lastDay = row.lastDay;
      byKey.set(key, b);
      if (field === 'amortized') continue;
      const rate = rates.get(`${row.accountId}|${row.serviceCode}`) ?? { effective: 0, onDemand: 0 };
      rate[field] += row.currentCost;
      rates.set(`${row.accountId}|${row.serviceCode}`, rate);
    }
  };
  add(net, 'effective');
  add(list, 'onDemand');
  add(amortized, 'amortized');
  for (const [key, byUsageType] of split) {
    const b = byKey.get(key);
    if (b !== undefined) b.byUsageType = byUsageType;
  }
  for (const [key, storageRates] of storage) {
    const b = byKey.get(key);
    if (b !== undefined) b.storageRates = storageRates;
  }
  for (const [key, gbMonths] of snapshots.ebsGbMonths) {
    const b = byKey.get(key);
    if (b !== undefined) b.gbMonths = gbMonths;
  }
  return { newest, byKey, rates, rdsSnapshotRates: snapshots.rdsRates, windowStart };
}

const KIND_SERVICE: Partial<Record<ResourceKindName, string>> = {
  'ec2-instance': 'AmazonEC2',
  'ebs-volume': 'AmazonEC2',
  'ebs-snapshot': 'AmazonEC2',
  'elastic-ip': 'AmazonEC2',
  'load-balancer': 'AWSELB',
  'rds-instance': 'AmazonRDS',
  'rds-cluster': 'AmazonRDS',
  's3-bucket': 'AmazonS3',
  'lambda-function': 'AWSLambda',
  'nat-gateway': 'AmazonEC2',
  'autoscaling-group': 'AmazonEC2',
};

/**
 * When each resource entered its state (unless the provider says, see gatherInputs): its newest inventory change of
 * `state`, else its first sighting.
 */
function stateTimes(changes: readonly ChangeRow[]) {
  const since = new Map<string, string>();
  const causes = new Map<string, unknown>();
  for (const c of changes) {
    const key = `${c.account_id}|${c.resource_id}`;
    const fields = (c.fields ?? []) as { field: string }[];
    causes.set(key, { change: c.change, recorded_at: iso(c.recorded_at), fields });
    if (c.change === 'created' || fields.some((f) => f.field === 'state')) since.set(key, iso(c.recorded_at));
  }
  return { since, causes };
}

/** The metric summaries of the resources over each look-back the rules use. */
async function readMetrics(
  utilisation: UtilisationReader,
  projectId: string,
  ids: string[],
  lookbacks: number[],
) {
  const byDays = new Map<number, Map<string, Map<string, MetricSummary>>>();
  for (const days of lookbacks) {
    const out = new Map<string, Map<string, MetricSummary>>();
    for (const s of await utilisation.utilisationSummaries({ projectIds: [projectId] }, ids, { days })) {
      const m = new Map<string, MetricSummary>();
      for (const x of s.metrics)
        m.set(x.storage_class === null ? x.metric : `${x.metric}|${x.storage_class}`, x);
      out.set(s.resource_id, m);
    }
    byDays.set(days, out);
  }
  return byDays;
}

/** The chosen resources' ids and those of the instances of chosen Auto Scaling groups (the group's rule reads them). */
function withGroupMembers(rows: readonly InventoryRow[], chosen: readonly InventoryRow[]): string[] {
  const groups = new Set(chosen.filter((r) => r.kind === 'autoscaling-group').map((r) => r.resource_id));
  const ids = new Set(chosen.map((r) => r.resource_id));
  if (groups.size === 0) return [...ids];
  for (const row of rows) {
    const attachments = ((row.resource as { attachments?: { kind: string; id: string }[] }).attachments ??
      []) as { kind: string; id: string }[];
    if (attachments.some((a) => a.kind === 'autoscaling-group' && groups.has(a.id))) ids.add(row.resource_id);
  }
  return [...ids];
}

/** Spot's effective ÷ on-demand cost over the project's spot instances' own lines (null: none billed). */
function spotRatioOf(resources: readonly RuleResource[], costOf: (r: RuleResource) => ResourceCost | null) {
  let effective = 0;
  let onDemand = 0;
  for (const r of resources) {
    if (r.kind !== 'ec2-instance' || r.attributes.lifecycle !== 'spot') continue;
    const cost = costOf(r);
    effective += cost?.monthlyEffective ?? 0;
    onDemand += cost?.monthlyOnDemand ?? 0;
  }
  return onDemand > 0 ? effective / onDemand : null;
}

/** Everything the rules read about a project: its resources with their metrics, bill and neighbours. */
export async function gatherInputs(deps: {
  repo: RecommendationsRepo;
  warehouse: Pick<
    ResourceCostPort,
    'newestUsageDay' | 'resourceCosts' | 'resourceUsageCosts' | 'usageAccounts'
  >;
  utilisation: UtilisationReader;
  projectId: string;
  clientId: string;
  now: Date;
  only?: (row: InventoryRow) => boolean;
}): Promise<Gathered> {
  const { repo, projectId, now } = deps;
  const [rows, changes, settingRows, bill, accounts] = await Promise.all([
    repo.inventory(projectId),
    repo.changes(projectId),
    repo.settings(deps.clientId),
    readBill(deps.warehouse, deps.clientId, projectId),
    deps.warehouse.usageAccounts({ clientId: deps.clientId, projectIds: [projectId] }),
  ]);
  const settings = new Map<string, RuleSetting>(
    settingRows.map((s) => [s.rule_key, { enabled: s.enabled, thresholds: s.thresholds }]),
  );
  // Rules of no resource kind (container workloads) read no metrics.
  const lookbacks = [
    ...new Set(
      RULES.filter((r) => r.kinds.length > 0).map(
        (r) => thresholdsOf(r, settings.get(r.key)).lookback_days ?? 14,
      ),
    ),
  ];
  const chosen = deps.only === undefined ? rows : rows.filter(deps.only);
  const metrics = await readMetrics(
    deps.utilisation,
    projectId,
    deps.only === undefined ? chosen.map((r) => r.resource_id) : withGroupMembers(rows, chosen),
    lookbacks,
  );
  const { since, causes } = stateTimes(changes);

  const resources = rows.map((row): RuleResource => {
    const { tags, ...attributes } = row.resource as Record<string, unknown>;
    const key = `${row.account_id}|${row.resource_id}`;
    return {
      projectId,
      accountId: row.account_id,
      region: row.region,
      kind: row.kind as ResourceKindName,
      id: row.resource_id,
      name: row.name,
      state: row.state,
      tags: (tags ?? {}) as Record<string, string>,
      attributes,
      // The provider's own time of the state (a stopped instance's) beats when a collection first saw it in it.
      stateSince:
        typeof attributes.stateTransitionAt === 'string'
          ? attributes.stateTransitionAt
          : (since.get(key) ?? iso(row.first_seen_at)),
    };
  });
  const billOf = (r: RuleResource) => {
    const arn = typeof r.attributes.arn === 'string' ? r.attributes.arn : null;
    return bill.byKey.get(resourceKey(arn ?? r.id, r.kind, r.accountId)) ?? null;
  };
  const costOf = (r: RuleResource) => {
    const b = billOf(r);
    return b === null || bill.newest === null ? null : monthly(b, bill.windowStart, bill.newest);
  };
  const attached = new Map<string, RuleResource[]>();
  const present = new Set<string>();
  for (const r of resources) {
    present.add(`${r.accountId}|${r.region}|${r.kind}|${r.id}`);
    for (const a of (r.attributes.attachments ?? []) as { kind: string; id: string }[]) {
      const k = `${r.accountId}|${r.region}|${r.kind}>${a.kind}|${a.id}`;
      attached.set(k, [...(attached.get(k) ?? []), r]);
    }
  }
  const spotRatio = spotRatioOf(resources, costOf);
  const wanted = new Set(chosen.map((r) => `${r.account_id}|${r.region}|${r.kind}|${r.resource_id}`));
  const inputs = resources
    .filter((r) => wanted.has(`${r.accountId}|${r.region}|${r.kind}|${r.id}`))
    .map((r): RuleInput => {
      const b = billOf(r);
      const rate = bill.rates.get(`${r.accountId}|${b?.serviceCode ?? KIND_SERVICE[r.kind] ?? ''}`);
      const lifecycle = r.attributes.lifecycle;
      return {
        resource: r,
        metrics: (days) => metrics.get(days)?.get(r.id) ?? new Map(),
        cost: costOf(r),
        effectiveRate: rate === undefined || rate.onDemand <= 0 ? 1 : rate.effective / rate.onDemand,
        covered:
          b !== null && b.onDemand > 0 && lifecycle !== 'spot' && b.amortized / b.onDemand < COVERED_BELOW,
        now,
        spotRatio,
        rdsSnapshotRate: bill.rdsSnapshotRates.get(r.accountId) ?? null,
        related: {
          attachedTo: (kind, id) => attached.get(`${r.accountId}|${r.region}|${kind}>${r.kind}|${id}`) ?? [],
          exists: (kind, id) => present.has(`${r.accountId}|${r.region}|${kind}|${id}`),
          costOf,
          metricsOf: (other, days) => metrics.get(days)?.get(other.id) ?? new Map(),
        },
      };
    });
  const accountNames = new Map(accounts.map((a) => [a.accountId, a.accountName]));
  const billWindow = bill.newest === null ? null : { from: bill.windowStart, to: bill.newest };
  return { inputs, causes, settings, accountNames, billWindow };
}
