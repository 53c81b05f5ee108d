import { OTHERS_KEY, TOP_N_MAX } from '@finlens/contracts/cost-query';
import type {
  TagPolicy,
  TagPolicyInput,
  TagRangeQuery,
  TagViolationsResult,
} from '@finlens/contracts/tag-explorer';
import { notFound } from '../../platform/http/http-error';
import type { CostQueryPort } from '../../warehouse/cost-query/cost-query-port';
import type { TagExplorerRepo } from './tag-explorer.repo';
import { answerOf } from './tag-explorer.service';
import { ask, costScope, missing, resolveScope } from './tag-scope';
import { disallowedPairs, violationFilters } from './tag-violations';

/** Violations returned by the listing, most expensive first. */
const VIOLATION_LIMIT = 500;

/** Tag policy CRUD and the resource-by-resource violation list. */
export function createTagPoliciesService({
  repo,
  warehouse,
  now = () => new Date(),
}: {
  repo: TagExplorerRepo;
  warehouse: CostQueryPort;
  now?: () => Date;
}) {
  const found = <T>(value: T | null | false): T => {
    if (value === null || value === false) throw notFound();
    return value;
  };

  return {
    list: async (clientId: string) => ({ results: await repo.listPolicies(clientId) }),
    get: async (clientId: string, id: string) => found(await repo.getPolicy(clientId, id)),
    create: (clientId: string, input: TagPolicyInput) => repo.createPolicy(clientId, input),
    update: async (clientId: string, id: string, patch: Partial<TagPolicyInput>) =>
      found(await repo.updatePolicy(clientId, id, patch)),
    async remove(clientId: string, id: string): Promise<void> {
      found(await repo.deletePolicy(clientId, id));
    },

    async violations(
      clientId: string,
      query: TagRangeQuery & { policy_id?: string },
    ): Promise<TagViolationsResult> {
      const scope = await resolveScope(repo, clientId, query, now());
      const cost = costScope(scope);
      const policies: TagPolicy[] =
        query.policy_id === undefined
          ? (await repo.listPolicies(clientId)).filter((p) => p.enabled)
          : [found(await repo.getPolicy(clientId, query.policy_id))];
      const violations: TagViolationsResult['violations'] = [];
      let violationCount = 0;
      let violationCost = 0;
      let facts = { currency: null as string | null, as_of: null as string | null };
      for (const policy of policies) {
        for (const key of policy.tag_keys) {
          const disallowed = await disallowedPairs(warehouse, scope, cost, policy, key);
          const reasons = [
            { reason: 'missing' as const, pairs: [missing(key)] },
            { reason: 'disallowed' as const, pairs: disallowed },
          ];
          for (const { reason, pairs } of reasons) {
            if (pairs.length === 0) continue;
            const answer = await ask(warehouse, scope, cost, {
              dimension: 'line_item_resource_id',
              topN: TOP_N_MAX,
              filters: violationFilters(policy, pairs),
            });
            facts = answer;
            violationCount += answer.group_count;
            violationCost += answer.total;
            for (const s of answer.series) {
              if (s.key === null || s.key === OTHERS_KEY) continue;
              violations.push({
                policy_id: policy.id,
                policy_name: policy.name,
                tag_key: key,
                resource_id: s.key,
                reason,
                cost: s.total,
              });
            }
          }
        }
      }
      violations.sort(
        (a, b) =>
          b.cost - a.cost || a.tag_key.localeCompare(b.tag_key) || a.resource_id.localeCompare(b.resource_id),
      );
      return {
        ...answerOf(scope, facts),
        violation_count: violationCount,
        violation_cost: violationCost,
        violations: violations.slice(0, VIOLATION_LIMIT),
      };
    },
  };
}

export type TagPoliciesService = ReturnType<typeof createTagPoliciesService>;
