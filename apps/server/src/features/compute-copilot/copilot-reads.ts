import { COPILOT_DEFAULT_DAYS, type CopilotQuery } from '@finlens/contracts/compute-copilot';
import type { CostDimension, CostFilter, Granularity } from '@finlens/contracts/cost-query';
import { TOP_N_MAX } from '@finlens/contracts/cost-query';
import { addDays } from '@finlens/cost-model/utc-calendar';
import type { CostType } from '../../warehouse/canonical-schema';
import type { CostQueryPort, WarehouseCostAnswer } from '../../warehouse/cost-query/cost-query-port';
import type { ResourceCostPort } from '../../warehouse/cost-query/resource-costs';
import type { ReadScope } from '../../warehouse/cost-scope';

/** The warehouse reads Compute Copilot makes: CostQuery runs and per-resource costs. */
export type CopilotWarehouse = Pick<CostQueryPort, 'runCostQuery'> &
  Pick<ResourceCostPort, 'newestUsageDay' | 'resourceCosts' | 'usageAccounts'>;

export interface CopilotWindow {
  from: string;
  to: string;
  asOf: string | null;
  days: number;
}

/**
 * The last `days` billed days (else the asked range, else the last COPILOT_DEFAULT_DAYS billed days), ending with
 * the newest billed day; null when the scope has no bill and no range. A range that runs past the newest billed
 * day ends there (its `to` is then before the asked end): days the bill has not reached would read as $0 spend,
 * and per-month figures (cost ÷ days) would shrink. Asking `days` keeps the window's length whatever the bill's
 * delay (a 30-day range ending today, two days ahead of the bill, reads 28 days: the same instances cost 28/30 as
 * much as they do once the bill catches up).
 */
export async function windowOf(
  warehouse: CopilotWarehouse,
  scope: ReadScope,
  query: Pick<CopilotQuery, 'start_date' | 'end_date' | 'days'>,
): Promise<CopilotWindow | null> {
  const asOf = scope.projectIds.length === 0 ? null : await warehouse.newestUsageDay(scope);
  const asked = query.days !== undefined ? asOf : (query.end_date ?? asOf);
  if (asked === null) return null;
  const billedPart = asOf !== null && asked > asOf && (query.start_date ?? asOf) <= asOf;
  const to = billedPart ? asOf : asked;
  const from = query.start_date ?? addDays(to, -((query.days ?? COPILOT_DEFAULT_DAYS) - 1));
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  return { from, to, asOf, days };
}

/** The window of equal length just before `window`. */
export function previousWindow(window: CopilotWindow): CopilotWindow {
  const to = addDays(window.from, -1);
  return { ...window, from: addDays(to, -(window.days - 1)), to };
}

/** Effective cost (net amortized) and its on-demand equivalent (public on-demand). */
export const EFFECTIVE: CostType = 'net_amortized';
export const ON_DEMAND: CostType = 'list';

/** One CostQuery over the window: the one compiler, every engine. */
export function costBy(
  warehouse: CopilotWarehouse,
  scope: ReadScope,
  window: CopilotWindow,
  q: {
    dimension: CostDimension | null;
    dimensionKey?: string;
    costType: CostType;
    filters?: CostFilter[];
    granularity?: Granularity;
    topN?: number;
  },
): Promise<WarehouseCostAnswer> {
  return warehouse.runCostQuery({
    clientId: scope.clientId,
    projectIds: scope.projectIds,
    projectNames: scope.projectNames,
    start_date: window.from,
    end_date: window.to,
    granularity: q.granularity ?? 'month',
    dimension: q.dimension,
    ...(q.dimensionKey === undefined ? {} : { dimension_key: q.dimensionKey }),
    cost_type: q.costType,
    filters: q.filters ?? [],
    top_n: q.topN ?? TOP_N_MAX,
    useRollups: true,
  });
}

/** Series totals by key (null key: no value). */
export function totalsByKey(answer: WarehouseCostAnswer): Map<string | null, number> {
  return new Map(answer.series.map((s) => [s.key, s.total]));
}

/**
 * Lines no purchase option changes: tax, credits, refunds and fees (ingest's purchase option 'Other'). They
 * have no on-demand price of their own, so their on-demand equivalent is what they cost, and they save nothing.
 */
export const OTHER_LINES: CostFilter = {
  dimension: 'finlens_purchase_option',
  mode: 'include',
  values: ['Other'],
};
const USAGE_LINES: CostFilter = { ...OTHER_LINES, mode: 'exclude' };

/**
 * The on-demand equivalent of a read, by key: the usage's public on-demand cost plus what the 'Other' lines
 * cost (OTHER_LINES), so on demand − effective is what commitments, spot and discounts saved, and no tax line
 * or credit shows as a saving or a loss.
 */
export async function onDemandEquivalent(
  read: (costType: CostType, lines: CostFilter) => Promise<WarehouseCostAnswer>,
): Promise<{ total: number; byKey: Map<string | null, number> }> {
  const [usage, other] = await Promise.all([read(ON_DEMAND, USAGE_LINES), read(EFFECTIVE, OTHER_LINES)]);
  const byKey = totalsByKey(usage);
  for (const [key, cost] of totalsByKey(other)) byKey.set(key, (byKey.get(key) ?? 0) + cost);
  return { total: usage.total + other.total, byKey };
}

/** The same read at the effective rate and on demand. */
export async function bothRates(
  read: (costType: CostType) => Promise<WarehouseCostAnswer>,
): Promise<{ effective: WarehouseCostAnswer; onDemand: WarehouseCostAnswer }> {
  const [effective, onDemand] = await Promise.all([read(EFFECTIVE), read(ON_DEMAND)]);
  return { effective, onDemand };
}
