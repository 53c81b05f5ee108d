import type { AsgGroup } from '@finlens/contracts/compute-copilot';

/** A group's key in URLs: account, region and name (names repeat across accounts and regions). */
export const groupKey = (g: Pick<AsgGroup, 'account_id' | 'region' | 'name'>) =>
  `${g.account_id}/${g.region}/${g.name}`;

export const ADVICE_LABELS: Record<AsgGroup['advice'][number]['type'], string> = {
  'spot-adoption': 'Spot adoption',
  rightsizing: 'Rightsizing',
  'scheduled-scaling': 'Scheduled scaling',
};

/** "2 on-demand base, 0 % on demand above it, price-capacity-optimized over m5.large, m5a.large". */
export function policyText(g: AsgGroup): string {
  const p = g.mixed_instances_policy;
  if (p === null) return `Launch template ${g.launch_template?.name ?? '—'}: every instance on demand`;
  return `${p.on_demand_base_capacity} on-demand base, ${p.on_demand_percentage_above_base_capacity} % on demand above it, ${p.spot_allocation_strategy} over ${p.instance_types.join(', ')}`;
}

/** The recommendation rule of each kind of advice. */
const ADVICE_RULES: Record<AsgGroup['advice'][number]['type'], string> = {
  'spot-adoption': 'asg-spot-adoption',
  rightsizing: 'asg-launch-template-rightsizing',
  'scheduled-scaling': 'asg-scheduled-scaling',
};

/**
 * The recommendations list of an advice's rule, searched for the group: its recommendation is accepted, approved
 * and applied there.
 */
export function adviceRecommendationsPath(type: AsgGroup['advice'][number]['type'], group: string): string {
  return `/v3/cost/recommendations/${ADVICE_RULES[type]}?search=${encodeURIComponent(group)}`;
}

export const monthlySaving = (g: AsgGroup) => g.advice.reduce((s, a) => s + a.monthly_saving, 0);
