import {
  PURCHASE_OPTION_LABELS,
  PURCHASE_OPTIONS,
  type PurchaseOption,
  type Visibility,
  type VisibilityGroup,
  type VisibilityGroupType,
  type VisibilityRow,
} from '@finlens/contracts/compute-copilot';
import { type CostFilter, NO_VALUE_LABEL, OTHERS_KEY } from '@finlens/contracts/cost-query';
import type { CostType } from '../../warehouse/canonical-schema';
import type { ReadScope } from '../../warehouse/cost-scope';
import {
  type CopilotWarehouse,
  type CopilotWindow,
  costBy,
  EFFECTIVE,
  onDemandEquivalent,
  totalsByKey,
} from './copilot-reads';

/**
 * Compute spend by purchase option and resource type, at the effective rate beside the on-demand equivalent
 * of the same usage, so coverage and the savings already achieved come from the same line items.
 */

/** The warehouse's finlens_purchase_option values (ingest's derivation) by the contract's keys. */
export const PURCHASE_OPTION_VALUES: Record<PurchaseOption, string> = {
  on_demand: 'On Demand',
  spot: 'Spot',
  reserved: 'Reserved',
  savings_plan: 'Savings Plan',
  other: 'Other',
};
const optionOf = (value: string | null): PurchaseOption =>
  PURCHASE_OPTIONS.find((o) => PURCHASE_OPTION_VALUES[o] === value) ?? 'other';

/** Compute usage: EC2 instances, Fargate and Lambda (finlens_compute_types). */
export const COMPUTE_TYPES = ['EC2', 'Fargate', 'Lambda', 'Virtual Machines'];
const COMPUTE: CostFilter = { dimension: 'finlens_compute_types', mode: 'include', values: COMPUTE_TYPES };
const EC2: CostFilter = { dimension: 'finlens_compute_types', mode: 'include', values: ['EC2'] };
/**
 * Savings Plan commitment paid for and not used: the SavingsPlanRecurringFee lines' net amortized cost. They name
 * no compute type (the plan, not an instance), yet a compute plan's (Compute or EC2 Instance Savings Plans) is
 * what compute's savings plans cost beyond the usage they covered: compute spend under SP-covered includes it,
 * with no on-demand equivalent, so it is charged against the savings achieved. Only compute plans: their lines'
 * service is the product "Savings Plans for AWS Compute usage" (product code ComputeSavingsPlans where the bill
 * names no product); a SageMaker or database plan's unused commitment is not compute spend.
 */
export const UNUSED_SP: CostFilter[] = [
  { dimension: 'line_item_line_item_type', mode: 'include', values: ['SavingsPlanRecurringFee'] },
  {
    dimension: 'product_servicename',
    mode: 'include',
    values: ['Savings Plans for AWS Compute usage', 'ComputeSavingsPlans'],
  },
];

/** A plan's line on SP-covered's page: its ARN; plans beyond the read's top N as one line saying how many. */
export function unusedCommitmentLabel(key: string | null, label: string, more: number): string {
  if (key === OTHERS_KEY) return `Unused commitment: ${more} more plan${more === 1 ? '' : 's'}`;
  return key === null ? 'Unused commitment: plan not named in the bill' : `Unused commitment: ${label}`;
}

function rows(
  effective: Map<string | null, number>,
  onDemand: Map<string | null, number>,
  label: (key: string | null) => string,
  keyOf: (key: string | null) => string = (k) => k ?? '',
): VisibilityRow[] {
  const total = [...effective.values()].reduce((s, v) => s + v, 0);
  const keys = [...new Set([...effective.keys(), ...onDemand.keys()])];
  return keys
    .map((key) => {
      const e = effective.get(key) ?? 0;
      const o = onDemand.get(key) ?? 0;
      return {
        key: keyOf(key),
        label: label(key),
        effective: e,
        on_demand: o,
        savings: o - e,
        share: total > 0 ? e / total : null,
      };
    })
    .sort((a, b) => b.effective - a.effective || a.key.localeCompare(b.key));
}

/** Sums rows that share a key (several warehouse values map to 'other'). */
function byOption(totals: Map<string | null, number>): Map<string | null, number> {
  const out = new Map<string | null, number>();
  for (const [value, cost] of totals) out.set(optionOf(value), (out.get(optionOf(value)) ?? 0) + cost);
  return out;
}

export async function visibility(
  warehouse: CopilotWarehouse,
  scope: ReadScope,
  window: CopilotWindow,
): Promise<Omit<Visibility, 'start_date' | 'end_date' | 'as_of'>> {
  const read = (
    dimension: 'finlens_purchase_option' | 'finlens_compute_types' | 'product_instance_type',
    costType: CostType,
    lines: CostFilter[] = [],
  ) =>
    dimension === 'product_instance_type'
      ? costBy(warehouse, scope, window, { dimension, costType, filters: [EC2, ...lines], topN: 20 })
      : costBy(warehouse, scope, window, { dimension, costType, filters: [COMPUTE, ...lines] });
  const equivalent = (dimension: Parameters<typeof read>[0]) =>
    onDemandEquivalent((costType, lines) => read(dimension, costType, [lines]));
  const [optionSeries, unused, optionList, typeEffective, typeList, instanceEffective, instanceList] =
    await Promise.all([
      costBy(warehouse, scope, window, {
        dimension: 'finlens_purchase_option',
        costType: EFFECTIVE,
        filters: [COMPUTE],
        granularity: 'day',
      }),
      costBy(warehouse, scope, window, {
        dimension: null,
        costType: EFFECTIVE,
        filters: UNUSED_SP,
        granularity: 'day',
      }),
      equivalent('finlens_purchase_option'),
      read('finlens_compute_types', EFFECTIVE),
      equivalent('finlens_compute_types'),
      read('product_instance_type', EFFECTIVE),
      equivalent('product_instance_type'),
    ]);
  const types = [...totalsByKey(typeEffective).keys()].filter((k): k is string => k !== null);
  const perType = await Promise.all(
    types.map(async (type) => {
      const answer = await costBy(warehouse, scope, window, {
        dimension: 'finlens_purchase_option',
        costType: EFFECTIVE,
        filters: [{ dimension: 'finlens_compute_types', mode: 'include', values: [type] }],
      });
      return [type, Object.fromEntries(byOption(totalsByKey(answer)))] as const;
    }),
  );
  const optionEffective = byOption(totalsByKey(optionSeries));
  if (unused.total !== 0)
    optionEffective.set('savings_plan', (optionEffective.get('savings_plan') ?? 0) + unused.total);
  const optionRows = rows(
    optionEffective,
    byOption(optionList.byKey),
    (k) => PURCHASE_OPTION_LABELS[k as PurchaseOption],
  );
  const effective = optionRows.reduce((s, r) => s + r.effective, 0);
  const onDemand = optionRows.reduce((s, r) => s + r.on_demand, 0);
  const onDemandOf = (...keys: PurchaseOption[]) =>
    optionRows.filter((r) => keys.includes(r.key as PurchaseOption)).reduce((s, r) => s + r.on_demand, 0);
  // Rates and shares are of the usage's on-demand cost: tax, credits and refunds ('other') neither.
  const usageOnDemand = onDemand - onDemandOf('other');
  const ofUsage = (value: number) => (usageOnDemand > 0 ? value / usageOnDemand : null);
  const mix = new Map(perType);
  const series = new Map<string, number[]>();
  const unusedSeries = unused.series.map((s) => ({ ...s, key: PURCHASE_OPTION_VALUES.savings_plan }));
  for (const s of [...optionSeries.series, ...unusedSeries]) {
    const key = optionOf(s.key);
    const costs = series.get(key) ?? s.costs.map(() => 0);
    series.set(
      key,
      costs.map((c, i) => c + (s.costs[i] ?? 0)),
    );
  }
  return {
    currency: optionSeries.currency ?? 'USD',
    totals: {
      effective,
      on_demand: onDemand,
      savings: onDemand - effective,
      savings_rate: ofUsage(onDemand - effective),
      coverage: ofUsage(onDemandOf('reserved', 'savings_plan')),
      spot_share: ofUsage(onDemandOf('spot')),
    },
    by_purchase_option: optionRows,
    by_resource_type: rows(totalsByKey(typeEffective), typeList.byKey, (k) => k ?? NO_VALUE_LABEL)
      .filter((r) => r.key !== '')
      .map((r) => ({ ...r, purchase_options: mix.get(r.key) ?? {} })),
    by_instance_type: rows(totalsByKey(instanceEffective), instanceList.byKey, (k) =>
      k === null ? NO_VALUE_LABEL : k === OTHERS_KEY ? 'Others' : k,
    ),
    periods: optionSeries.periods,
    series: [...series].map(([key, costs]) => ({
      key,
      label: PURCHASE_OPTION_LABELS[key as PurchaseOption],
      costs,
    })),
  };
}

/** The filter that selects one group of the dashboard, or null when the id names none. */
export function groupFilter(type: VisibilityGroupType, id: string): CostFilter | null {
  switch (type) {
    case 'purchase-option': {
      const option = PURCHASE_OPTIONS.find((o) => o === id);
      return option === undefined
        ? null
        : { dimension: 'finlens_purchase_option', mode: 'include', values: [PURCHASE_OPTION_VALUES[option]] };
    }
    case 'resource-type':
      return COMPUTE_TYPES.includes(id)
        ? { dimension: 'finlens_compute_types', mode: 'include', values: [id] }
        : null;
    case 'instance-type':
      return { dimension: 'product_instance_type', mode: 'include', values: [id] };
  }
}

export function groupLabel(type: VisibilityGroupType, id: string): string {
  return type === 'purchase-option' ? PURCHASE_OPTION_LABELS[id as PurchaseOption] : id;
}

/** The resources of one group, by effective cost (the top 200, the rest as Others). */
export async function visibilityGroup(
  warehouse: CopilotWarehouse,
  scope: ReadScope,
  window: CopilotWindow,
  filter: CostFilter,
): Promise<Pick<VisibilityGroup, 'currency' | 'totals' | 'resources' | 'group_count'>> {
  const e = await costBy(warehouse, scope, window, {
    dimension: 'line_item_resource_id',
    costType: EFFECTIVE,
    filters: [COMPUTE, filter],
    topN: 200,
  });
  // The same resources' on-demand equivalent (ranked by effective cost), and the group's whole.
  const ids = e.series.flatMap((s) => (s.key === null || s.key === OTHERS_KEY ? [] : [s.key]));
  const [listed, whole] = await Promise.all([
    ids.length === 0
      ? null
      : onDemandEquivalent((costType, lines) =>
          costBy(warehouse, scope, window, {
            dimension: 'line_item_resource_id',
            costType,
            filters: [
              COMPUTE,
              filter,
              lines,
              { dimension: 'line_item_resource_id', mode: 'include', values: ids },
            ],
          }),
        ),
    onDemandEquivalent((costType, lines) =>
      costBy(warehouse, scope, window, { dimension: null, costType, filters: [COMPUTE, filter, lines] }),
    ),
  ]);
  const o = listed?.byKey ?? new Map<string | null, number>();
  const listedTotal = [...o.values()].reduce((s, v) => s + v, 0);
  const resources = e.series.map((s) => {
    const od = s.key === OTHERS_KEY || s.key === null ? null : (o.get(s.key) ?? 0);
    return { resource_id: s.key, label: s.label, effective: s.total, on_demand: od ?? 0, savings: 0 };
  });
  // What the listed resources leave of the whole is the unlisted ones' (no resource id, Others).
  const rest = resources.filter((r) => r.resource_id === null || r.resource_id === OTHERS_KEY);
  const restEffective = rest.reduce((s, r) => s + r.effective, 0);
  for (const r of rest)
    r.on_demand = restEffective > 0 ? ((whole.total - listedTotal) * r.effective) / restEffective : 0;
  // SP-covered also holds the commitment not used (UNUSED_SP), by plan: no on-demand equivalent, all a loss.
  const unused =
    filter.dimension === 'finlens_purchase_option' &&
    filter.values.includes(PURCHASE_OPTION_VALUES.savings_plan)
      ? await costBy(warehouse, scope, window, {
          dimension: 'line_item_resource_id',
          costType: EFFECTIVE,
          filters: UNUSED_SP,
        })
      : null;
  const plans = (unused?.series ?? []).filter((s) => s.total !== 0);
  const named = plans.filter((s) => s.key !== OTHERS_KEY).length;
  // The plans the top N leaves out, as the read counts them (its groups less the ones listed).
  const more = plans.length > named ? (unused?.group_count ?? 0) - (unused?.series.length ?? 1) + 1 : 0;
  for (const s of plans)
    resources.push({
      resource_id: s.key === OTHERS_KEY ? null : s.key,
      label: unusedCommitmentLabel(s.key, s.label, more),
      effective: s.total,
      on_demand: 0,
      savings: 0,
    });
  for (const r of resources) r.savings = r.on_demand - r.effective;
  const effective = e.total + (unused?.total ?? 0);
  return {
    currency: e.currency ?? 'USD',
    totals: { effective, on_demand: whole.total, savings: whole.total - effective },
    resources,
    group_count: e.group_count + named + more,
  };
}
