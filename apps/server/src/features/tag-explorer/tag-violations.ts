import type { CostFilter, TagPair } from '@finlens/contracts/cost-query';
import { type TagPolicy, valueAllowed } from '@finlens/contracts/tag-explorer';
import type { CostQueryPort, CostScope } from '../../warehouse/cost-query/cost-query-port';
import { ask, missing, policyScope, type TagScope, withResource } from './tag-scope';

/** Values listed per key when looking for disallowed ones (the key's whole range). */
const VALUE_SCAN_LIMIT = 10_000;

/** The key's values in range that the policy does not allow, as tag pairs. */
export async function disallowedPairs(
  warehouse: CostQueryPort,
  scope: TagScope,
  cost: CostScope,
  policy: TagPolicy,
  key: string,
): Promise<TagPair[]> {
  if (policy.allowed_values.length === 0 && !policy.allowed_pattern) return [];
  const values = await warehouse.dimensionValues({
    ...cost,
    dimension: 'tag_keys',
    key,
    from: scope.start_date,
    to: scope.end_date,
    limit: VALUE_SCAN_LIMIT,
  });
  return values.flatMap(({ value }) =>
    value === null || valueAllowed(policy, value) ? [] : [{ key, value }],
  );
}

/** Line items with a resource id, in the policy's scope, whose key is missing or carries one of `pairs`. */
export function violationFilters(policy: TagPolicy, pairs: TagPair[]): CostFilter[] {
  return [
    ...policyScope(policy),
    withResource,
    { dimension: 'tag_keys', mode: 'include', match: 'any', pairs },
  ];
}

/** Distinct resources violating the policy on the key (missing or disallowed), and their cost. */
export async function countViolations(
  warehouse: CostQueryPort,
  scope: TagScope,
  cost: CostScope,
  policy: TagPolicy,
  key: string,
): Promise<{ resources: number; cost: number }> {
  const pairs = [missing(key), ...(await disallowedPairs(warehouse, scope, cost, policy, key))];
  const answer = await ask(warehouse, scope, cost, {
    dimension: 'line_item_resource_id',
    filters: violationFilters(policy, pairs),
  });
  return { resources: answer.group_count, cost: answer.total };
}

export const enabledFor = (policies: TagPolicy[], key: string) =>
  policies.filter((p) => p.enabled && p.tag_keys.includes(key));
