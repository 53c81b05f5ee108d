import type { CommitmentDashboard, CommitmentDashboardQuery } from '@finlens/contracts/commitments';
import { CommitmentFiguresSum } from '@finlens/cost-model/commitments/figures';
import { bucketsOf } from '@finlens/cost-model/commitments/utilisation-series';
import {
  type CommitmentSumKey,
  commitmentFamily,
  type WarehouseCommitmentRow as Row,
  type WarehouseCommitmentSums,
} from '../../warehouse/cost-query/commitment-rows';
import { spreadMonthlyFees } from './reservation-fees';

const DAY_MS = 86_400_000;

/** The figures of a sum as the contract names them. */
function figuresOf(sum: CommitmentFiguresSum) {
  const f = sum.figures();
  return {
    utilisation: f.utilisation,
    coverage: f.coverage,
    effective_savings_rate: f.effectiveSavingsRate,
    on_demand_equivalent: f.onDemandEquivalent,
    actual_cost: f.actual,
    net_savings: f.netSavings,
    unused_cost: f.unusedCost,
  };
}

type Group = CommitmentDashboardQuery['group_by'];

/** The row fields each breakdown's key is made of. */
export const GROUP_FIELDS: Record<Group, readonly CommitmentSumKey[]> = {
  commitment: ['reservationArn', 'savingsPlanArn'],
  account: ['usageAccountId'],
  service: ['productCode'],
  region: ['region'],
  family: ['family'],
};

function groupKey(row: Partial<Record<CommitmentSumKey, string | null>>, group: Group): string | null {
  switch (group) {
    case 'commitment':
      return row.reservationArn ?? row.savingsPlanArn ?? null;
    case 'account':
      return row.usageAccountId || null;
    case 'service':
      return row.productCode ?? null;
    case 'region':
      return row.region ?? null;
    case 'family':
      // A sum names its family; a fee row is read whole.
      return 'family' in row ? (row.family ?? null) : commitmentFamily(row);
  }
}

/**
 * The Commitment Management dashboard from its reads: the fee rows of the range one by one and the other rows'
 * usage sums per period and group (GROUP_FIELDS), the bill's end (`billedTo`, exclusive: an open month's fees are
 * cut there) and the inventory's expiries.
 */
export function dashboardFrom(
  query: CommitmentDashboardQuery,
  {
    fees,
    usage,
    billedTo,
    expiries,
  }: {
    fees: readonly Row[];
    usage: readonly WarehouseCommitmentSums[];
    billedTo: Date | null;
    expiries: CommitmentDashboard['expiries'];
  },
): CommitmentDashboard {
  const grain = query.granularity;
  const window = {
    start: new Date(`${query.start_date}T00:00:00Z`),
    end: new Date(Date.parse(`${query.end_date}T00:00:00Z`) + DAY_MS),
  };
  // One pass over the fee rows and one over the usage sums fill each period's, each group's and the total's
  // sums; a month's fee spread over days outside the range counts in none of them.
  const buckets = bucketsOf(window, grain);
  const periods = new Map(buckets.map((b) => [b.start.getTime(), new CommitmentFiguresSum()]));
  const groups = new Map<string, CommitmentFiguresSum>();
  const total = new CommitmentFiguresSum();
  const sumsOf = (
    at: Date,
    keys: Partial<Record<CommitmentSumKey, string | null>>,
  ): CommitmentFiguresSum[] => {
    const period = periods.get(at.getTime());
    if (period === undefined) return [];
    const key = groupKey(keys, query.group_by);
    if (key === null) return [total, period];
    let group = groups.get(key);
    if (group === undefined) {
      group = new CommitmentFiguresSum();
      groups.set(key, group);
    }
    return [total, period, group];
  };
  for (const row of spreadMonthlyFees(fees, grain, billedTo))
    for (const sum of sumsOf(row.at, row)) sum.add(row);
  for (const { at, keys, sums } of usage) for (const sum of sumsOf(at, keys)) sum.addUsage(sums);
  const totals = total.figures();
  return {
    periods: buckets.map((b) => ({
      period: b.start.toISOString(),
      ...figuresOf(periods.get(b.start.getTime()) as CommitmentFiguresSum),
    })),
    totals: {
      ...figuresOf(total),
      spot_cost: totals.spot.actual + totals.spot.unpricedActual,
      spot_savings: totals.spot.netSavings,
    },
    groups: [...groups]
      .map(([key, sum]) => {
        const f = figuresOf(sum);
        return {
          key,
          utilisation: f.utilisation,
          coverage: f.coverage,
          on_demand_equivalent: f.on_demand_equivalent,
          net_savings: f.net_savings,
          unused_cost: f.unused_cost,
        };
      })
      .sort((a, b) => b.on_demand_equivalent - a.on_demand_equivalent || a.key.localeCompare(b.key)),
    expiries,
  };
}
