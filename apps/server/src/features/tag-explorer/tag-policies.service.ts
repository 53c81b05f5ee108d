import type {
  TagPolicy,
  TagPolicyInput,
  TagRangeQuery,
  TagViolationsResult,
} from '@finlens/contracts/tag-explorer';
import type { ClientCaller } from '../../platform/auth/caller';
import { notFound } from '../../platform/http/http-error';
import type { CostBreakdownPort } from '../../warehouse/cost-query/cost-breakdown';
import type { CostQueryPort } from '../../warehouse/cost-query/cost-query-port';
import type { CostScopes } from '../../warehouse/cost-scope';
import type { TagExplorerRepo } from './tag-explorer.repo';
import { answerOf } from './tag-explorer.service';
import { ask, askBreakdown, byCost, costScope, missing, resolveScope } from './tag-scope';
import { policyChecks, violationFilters } from './tag-violations';

const NO_FACTS = { currency: null, as_of: null };

/** Violations returned by the listing, most expensive first. */
const VIOLATION_LIMIT = 500;

/** Tag policy CRUD and the resource-by-resource violation list. */
export function createTagPoliciesService({
  repo,
  scopes,
  warehouse,
  now = () => new Date(),
}: {
  repo: TagExplorerRepo;
  scopes: CostScopes;
  warehouse: CostQueryPort & CostBreakdownPort;
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
      caller: ClientCaller,
      query: TagRangeQuery & { policy_id?: string },
    ): Promise<TagViolationsResult> {
      const scope = await resolveScope(scopes, caller, query, now());
      const cost = costScope(scope);
      const policies: TagPolicy[] =
        query.policy_id === undefined
          ? (await repo.listPolicies(caller.clientId)).filter((p) => p.enabled)
          : [found(await repo.getPolicy(caller.clientId, query.policy_id))];
      const checks = await policyChecks(warehouse, scope, cost, policies);
      const sets = checks.flatMap((check) =>
        [
          { check, reason: 'missing' as const, pairs: [missing(check.key)] },
          { check, reason: 'disallowed' as const, pairs: check.disallowed },
        ].filter((s) => s.pairs.length > 0),
      );
      // One scan: per resource, whether (and at what cost) it breaks each (policy, key, reason).
      const [facts, cells] = await Promise.all([
        sets.length === 0 ? NO_FACTS : ask(warehouse, scope, cost, { filters: [] }),
        askBreakdown(warehouse, scope, cost, {
          groupBy: [{ dimension: 'line_item_resource_id' }],
          countResources: true,
          sets: sets.map((s) => violationFilters(s.check.policy, s.pairs)),
        }),
      ]);
      const violations: TagViolationsResult['violations'] = [];
      let violationCost = 0;
      for (const cell of cells) {
        const resource_id = cell.groups[0];
        for (const [i, { check, reason }] of sets.entries()) {
          if (resource_id == null || (cell.resources[i] ?? 0) === 0) continue;
          const cost = cell.costs[i] ?? 0;
          violationCost += cost;
          const { policy, key } = check;
          violations.push({
            policy_id: policy.id,
            policy_name: policy.name,
            tag_key: key,
            resource_id,
            reason,
            cost,
          });
        }
      }
      violations.sort(
        (a, b) =>
          byCost(a, b) || a.tag_key.localeCompare(b.tag_key) || a.resource_id.localeCompare(b.resource_id),
      );
      return {
        ...answerOf(scope, facts),
        violation_count: violations.length,
        violation_cost: violationCost,
        violations: violations.slice(0, VIOLATION_LIMIT),
      };
    },
  };
}

export type TagPoliciesService = ReturnType<typeof createTagPoliciesService>;
