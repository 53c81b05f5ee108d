import {
  type CopilotResource,
  PURCHASE_OPTION_LABELS,
  type PurchaseOption,
} from '@finlens/contracts/compute-copilot';
import type { ReadScope } from '../../warehouse/cost-scope';
import { bothRates, type CopilotWarehouse, type CopilotWindow, costBy, totalsByKey } from './copilot-reads';
import { PURCHASE_OPTION_VALUES } from './visibility';

const optionOf = (value: string | null): PurchaseOption =>
  (Object.entries(PURCHASE_OPTION_VALUES).find(([, v]) => v === value)?.[0] as PurchaseOption) ?? 'other';

/** One resource's cost by purchase option per day, effective beside on demand (its every line, not only compute). */
export async function resourceCost(
  warehouse: CopilotWarehouse,
  scope: ReadScope,
  window: CopilotWindow,
  resourceId: string,
): Promise<Omit<CopilotResource, 'start_date' | 'end_date' | 'as_of' | 'resource_id' | 'inventory'>> {
  const only = {
    dimension: 'line_item_resource_id' as const,
    mode: 'include' as const,
    values: [resourceId],
  };
  const { effective: e, onDemand: o } = await bothRates((costType) =>
    costBy(warehouse, scope, window, {
      dimension: 'finlens_purchase_option',
      costType,
      filters: [only],
      granularity: 'day',
    }),
  );
  const merged = new Map<PurchaseOption, { effective: number; on_demand: number; costs: number[] }>();
  const entry = (key: PurchaseOption) => {
    const found = merged.get(key) ?? { effective: 0, on_demand: 0, costs: e.periods.map(() => 0) };
    merged.set(key, found);
    return found;
  };
  for (const s of e.series) {
    const m = entry(optionOf(s.key));
    m.effective += s.total;
    m.costs = m.costs.map((c, i) => c + (s.costs[i] ?? 0));
  }
  for (const [key, total] of totalsByKey(o)) entry(optionOf(key)).on_demand += total;
  // Tax, credits and refunds on the resource ('other') count on demand at what they cost (OTHER_LINES).
  const other = merged.get('other');
  if (other !== undefined) other.on_demand = other.effective;
  const total = e.total;
  const rows = [...merged].map(([key, m]) => ({
    key,
    label: PURCHASE_OPTION_LABELS[key],
    effective: m.effective,
    on_demand: m.on_demand,
    savings: m.on_demand - m.effective,
    share: total > 0 ? m.effective / total : null,
  }));
  const onDemand = rows.reduce((s, r) => s + r.on_demand, 0);
  return {
    currency: e.currency ?? 'USD',
    totals: { effective: total, on_demand: onDemand, savings: onDemand - total },
    by_purchase_option: rows.sort((a, b) => b.effective - a.effective),
    periods: e.periods,
    series: [...merged].map(([key, m]) => ({ key, label: PURCHASE_OPTION_LABELS[key], costs: m.costs })),
  };
}
