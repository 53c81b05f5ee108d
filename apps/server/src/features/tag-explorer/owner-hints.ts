import { type CostFilter, OTHERS_KEY } from '@finlens/contracts/cost-query';
import type { OwnerHint } from '@finlens/contracts/tag-explorer';
import type { CostQueryPort, CostScope } from '../../warehouse/cost-query/cost-query-port';
import { ask, type TagScope } from './tag-scope';

/** AWS-made tag keys that name what created a resource (CUR spells aws:x:y-z as aws_x_y_z). */
const HINT_KEYS: [OwnerHint['source'], RegExp][] = [
  ['cloudformation_stack', /^aws_cloudformation_stack_?name$/i],
  ['autoscaling_group', /^aws_autoscaling_group_?name$/i],
  ['eks_cluster', /^aws_eks_cluster_?name$/i],
];
const HINTS_PER_KEY = 10;

/** The stacks, Auto Scaling groups and EKS clusters behind the cost `filters` select, most expensive first. */
export async function ownerHints(
  warehouse: CostQueryPort,
  scope: TagScope,
  cost: CostScope,
  keys: string[],
  filters: CostFilter[],
): Promise<OwnerHint[]> {
  const hints: OwnerHint[] = [];
  for (const tagKey of keys) {
    const source = HINT_KEYS.find(([, pattern]) => pattern.test(tagKey))?.[0];
    if (source === undefined) continue;
    const answer = await ask(warehouse, scope, cost, {
      dimension: 'tag_keys',
      key: tagKey,
      topN: HINTS_PER_KEY,
      filters,
    });
    for (const s of answer.series) {
      if (s.key !== null && s.key !== OTHERS_KEY && s.total !== 0) {
        hints.push({ source, tag_key: tagKey, value: s.key, cost: s.total });
      }
    }
  }
  return hints.sort((a, b) => b.cost - a.cost);
}
