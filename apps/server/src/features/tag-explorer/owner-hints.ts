import { type CostFilter, OTHERS_KEY } from '@finlens/contracts/cost-query';
import type { OwnerHint } from '@finlens/contracts/tag-explorer';
import type { CostBreakdownPort } from '../../warehouse/cost-query/cost-breakdown';
import type { CostQueryPort, CostScope } from '../../warehouse/cost-query/cost-query-port';
import { ask, askBreakdown, type TagScope } from './tag-scope';

/** AWS-made tag keys that name what created a resource (CUR spells aws:x:y-z as aws_x_y_z). */
const HINT_KEYS: [OwnerHint['source'], RegExp][] = [
  ['cloudformation_stack', /^aws_cloudformation_stack_?name$/i],
  ['autoscaling_group', /^aws_autoscaling_group_?name$/i],
  ['eks_cluster', /^aws_eks_cluster_?name$/i],
];
const HINTS_PER_KEY = 10;

/**
 * The owners behind the cost `filters` select, most expensive first: the stacks, Auto Scaling groups and
 * EKS clusters of AWS-made tags (top 10 each), and the IAM principals that made the calls (top 10).
 */
export async function ownerHints(
  warehouse: CostQueryPort & CostBreakdownPort,
  scope: TagScope,
  cost: CostScope,
  keys: string[],
  filters: CostFilter[],
): Promise<OwnerHint[]> {
  const hints = await principalHints(warehouse, scope, cost, filters);
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
        hints.push({ source, tag_key: tagKey, value: s.key, arn: null, cost: s.total });
      }
    }
  }
  return hints.sort((a, b) => b.cost - a.cost);
}

/** CUR 2.0's line_item_iam_principal per owner (principalOwner), top 10 by cost. */
async function principalHints(
  warehouse: CostBreakdownPort,
  scope: TagScope,
  cost: CostScope,
  filters: CostFilter[],
): Promise<OwnerHint[]> {
  const rows = await askBreakdown(warehouse, scope, cost, {
    groupBy: [{ column: 'line_item_iam_principal' }],
    sets: [filters],
  });
  const owners = new Map<string, OwnerHint>();
  for (const row of rows) {
    const principal = row.groups[0];
    if (principal === null || principal === undefined) continue;
    const owner = principalOwner(principal);
    const hint = owners.get(owner.arn) ?? {
      source: 'iam_principal',
      tag_key: null,
      value: owner.name,
      arn: owner.arn,
      cost: 0,
    };
    hint.cost += row.costs[0] ?? 0;
    owners.set(owner.arn, hint);
  }
  return [...owners.values()]
    .filter((h) => h.cost !== 0)
    .sort((a, b) => b.cost - a.cost || a.arn?.localeCompare(b.arn ?? '') || 0)
    .slice(0, HINTS_PER_KEY);
}

const ARN = /^arn:([^:]+):(iam|sts)::(\d*):(.+)$/;

/**
 * Who an IAM principal ARN stands for: a role by its name (an assumed-role session
 * `arn:aws:sts::<account>:assumed-role/<role>/<session>` folds into `arn:aws:iam::<account>:role/<role>`,
 * a role's path is dropped as the session ARN has none), a user or federated user by its name. Anything
 * else (the account root, a service principal) is shown as written.
 */
export function principalOwner(principal: string): { name: string; arn: string } {
  const match = ARN.exec(principal);
  if (match === null) return { name: principal, arn: principal };
  const [, partition, , account, resource = ''] = match;
  const [kind = '', ...path] = resource.split('/');
  const role = (name: string) => ({ name, arn: `arn:${partition}:iam::${account}:role/${name}` });
  if (kind === 'assumed-role' && path[0]) return role(path[0]);
  const last = path.at(-1);
  if (kind === 'role' && last) return role(last);
  if ((kind === 'user' || kind === 'federated-user') && last) return { name: last, arn: principal };
  return { name: resource, arn: principal };
}
