import type { CostFilter, TagPair } from '@finlens/contracts/cost-query';
import { type TagPolicy, valueAllowed } from '@finlens/contracts/tag-explorer';
import type { CostQueryPort, CostScope } from '../../warehouse/cost-query/cost-query-port';
import { policyScope, type TagScope, withResource } from './tag-scope';

/** Values listed per key when looking for disallowed ones (the key's whole range). */
const VALUE_SCAN_LIMIT = 10_000;

/** One enabled policy on one of its keys, with the key's values in range that the policy refuses. */
export interface PolicyCheck {
  policy: TagPolicy;
  key: string;
  disallowed: TagPair[];
}

/**
 * Every (policy, key) pair of `policies` with its disallowed values. A key's values are listed once (one
 * warehouse query per key that some policy restricts to values or a pattern).
 */
export async function policyChecks(
  warehouse: CostQueryPort,
  scope: TagScope,
  cost: CostScope,
  policies: TagPolicy[],
): Promise<PolicyCheck[]> {
  const pairs = policies.flatMap((policy) => policy.tag_keys.map((key) => ({ policy, key })));
  const restricted = (p: TagPolicy) => p.allowed_values.length > 0 || Boolean(p.allowed_pattern);
  const listed = [...new Set(pairs.filter((c) => restricted(c.policy)).map((c) => c.key))];
  const values = new Map(
    await Promise.all(
      listed.map(async (key) => {
        const found = await warehouse.dimensionValues({
          ...cost,
          dimension: 'tag_keys',
          key,
          from: scope.start_date,
          to: scope.end_date,
          limit: VALUE_SCAN_LIMIT,
        });
        return [key, found.flatMap((v) => (v.value === null ? [] : [v.value]))] as const;
      }),
    ),
  );
  return pairs.map(({ policy, key }) => ({
    policy,
    key,
    disallowed: restricted(policy)
      ? (values.get(key) ?? []).filter((v) => !valueAllowed(policy, v)).map((value) => ({ key, value }))
      : [],
  }));
}

/** Line items with a resource id, in the policy's scope, whose key is missing or carries one of `pairs`. */
export function violationFilters(policy: TagPolicy, pairs: TagPair[]): CostFilter[] {
  return [
    ...policyScope(policy),
    withResource,
    { dimension: 'tag_keys', mode: 'include', match: 'any', pairs },
  ];
}

export const enabledFor = (policies: TagPolicy[], key: string) =>
  policies.filter((p) => p.enabled && p.tag_keys.includes(key));
