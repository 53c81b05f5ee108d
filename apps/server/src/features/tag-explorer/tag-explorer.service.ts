import { type CostFilter, OTHERS_KEY, TOP_N_MAX } from '@finlens/contracts/cost-query';
import {
  CLOUD_PLATFORMS,
  isAwsMadeTagKey,
  type TagExplorerResult,
  type TagExplorerRow,
  type TagRangeQuery,
  type TagValuesResult,
  type UntaggedResult,
  valueAllowed,
} from '@finlens/contracts/tag-explorer';
import { addDays } from '@finlens/cost-model/utc-calendar';
import type { CostQueryPort, CostScope } from '../../warehouse/cost-query/cost-query-port';
import { ownerHints } from './owner-hints';
import type { TagExplorerRepo } from './tag-explorer.repo';
import {
  ask,
  costScope,
  hasKey,
  missing,
  percentOf,
  resolveScope,
  type TagScope,
  withResource,
} from './tag-scope';
import { countViolations, enabledFor } from './tag-violations';

/** Tag keys read per platform. */
const KEY_LIMIT = 1000;
/** Values returned by the values drill-down (each costs one resource count). */
const VALUE_LIMIT = 100;

/** Daily cost over the coverage span of one platform: the range plus the 30 days ending on its last day. */
interface Span {
  from: string;
  lastDay: string;
}

/** The Tag explorer's reads (design in @finlens/contracts/tag-explorer). */
export function createTagExplorerService({
  repo,
  warehouse,
  now = () => new Date(),
}: {
  repo: TagExplorerRepo;
  warehouse: CostQueryPort;
  now?: () => Date;
}) {
  /** Sums of a daily series over the range and the three coverage windows. */
  function windows(scope: TagScope, span: Span, periods: string[], costs: number[]) {
    const sum = (from: string, to: string) =>
      periods.reduce((s, day, i) => (day >= from && day <= to ? s + (costs[i] ?? 0) : s), 0);
    return {
      range: sum(scope.start_date, scope.end_date),
      day: sum(span.lastDay, span.lastDay),
      week: sum(addDays(span.lastDay, -6), span.lastDay),
      month: sum(addDays(span.lastDay, -29), span.lastDay),
    };
  }

  async function platformRows(scope: TagScope, cost: CostScope, platform: TagExplorerRow['cloudPlatform']) {
    const policies = await repo.listPolicies(scope.clientId);
    const dataKeys = await warehouse.dimensionKeys({ ...cost, dimension: 'tag_keys', limit: KEY_LIMIT });
    const policyKeys = policies.filter((p) => p.enabled).flatMap((p) => p.tag_keys);
    const keys = [...new Set([...dataKeys, ...policyKeys])].sort();
    const probe = await ask(warehouse, scope, cost, { filters: [] });
    const lastDay = probe.as_of === null || probe.as_of > scope.end_date ? scope.end_date : probe.as_of;
    const span = { from: [scope.start_date, addDays(lastDay, -29)].sort()[0] ?? scope.start_date, lastDay };
    const daily = (filters: Parameters<typeof ask>[3]['filters']) =>
      ask(warehouse, scope, cost, { filters, start_date: span.from });
    const all = await daily([]);
    const whole = windows(scope, span, all.periods, all.series[0]?.costs ?? []);
    const rows = await Promise.all(
      keys.map(async (name): Promise<TagExplorerRow> => {
        const tagged = await daily([hasKey(name)]);
        const part = windows(scope, span, tagged.periods, tagged.series[0]?.costs ?? []);
        const resources = await ask(warehouse, scope, cost, {
          dimension: 'line_item_resource_id',
          filters: [hasKey(name), withResource],
        });
        let violationCount = 0;
        for (const policy of enabledFor(policies, name)) {
          violationCount += (await countViolations(warehouse, scope, cost, policy, name)).resources;
        }
        return {
          name,
          count: resources.group_count,
          totalCost: part.range,
          violationCount,
          dailyPercentage: percentOf(part.day, whole.day),
          weeklyPercentage: percentOf(part.week, whole.week),
          monthlyPercentage: percentOf(part.month, whole.month),
          cloudPlatform: platform,
        };
      }),
    );
    const seen = rows.filter((r) => r.count > 0 || r.totalCost !== 0 || r.violationCount > 0);
    return { rows: seen, total: whole.range, probe };
  }

  return {
    async rows(clientId: string, query: TagRangeQuery): Promise<TagExplorerResult> {
      const scope = await resolveScope(repo, clientId, query, now());
      const result: TagExplorerResult = {
        start_date: scope.start_date,
        end_date: scope.end_date,
        cost_type: scope.costType,
        currency: 'USD',
        as_of: null,
        total_cost: 0,
        rows: [],
      };
      let currency: string | null = null;
      for (const platform of CLOUD_PLATFORMS) {
        const projects = scope.projects.filter((p) => p.cloud_type === platform);
        if (projects.length === 0) continue;
        const got = await platformRows(scope, costScope(scope, projects), platform);
        result.rows.push(...got.rows);
        result.total_cost += got.total;
        if (got.probe.currency !== null && currency === null) currency = got.probe.currency;
        const asOf = got.probe.as_of === null ? null : ([got.probe.as_of, scope.end_date].sort()[0] ?? null);
        if (asOf !== null && (result.as_of === null || asOf > result.as_of)) result.as_of = asOf;
      }
      result.currency = currency ?? 'USD';
      result.rows.sort((a, b) => b.totalCost - a.totalCost || a.name.localeCompare(b.name));
      return result;
    },

    async values(clientId: string, query: TagRangeQuery & { key: string }): Promise<TagValuesResult> {
      const scope = await resolveScope(repo, clientId, query, now());
      const cost = costScope(scope);
      const policies = enabledFor(await repo.listPolicies(clientId), query.key);
      const answer = await ask(warehouse, scope, cost, {
        dimension: 'tag_keys',
        key: query.key,
        topN: VALUE_LIMIT,
        filters: [],
      });
      const values = await Promise.all(
        answer.series
          .filter((s) => s.key !== OTHERS_KEY)
          .map(async (s) => {
            const pair = s.key === null ? missing(query.key) : { key: query.key, value: s.key };
            const resources = await ask(warehouse, scope, cost, {
              dimension: 'line_item_resource_id',
              filters: [
                withResource,
                { dimension: 'tag_keys', mode: 'include', match: 'any', pairs: [pair] },
              ],
            });
            const value = s.key;
            return {
              value,
              cost: s.total,
              resources: resources.group_count,
              violates: policies.some((p) => value === null || !valueAllowed(p, value)),
            };
          }),
      );
      return { ...answerOf(scope, answer), key: query.key, value_count: answer.group_count, values };
    },

    async untagged(clientId: string, query: TagRangeQuery & { key?: string }): Promise<UntaggedResult> {
      const scope = await resolveScope(repo, clientId, query, now());
      const cost = costScope(scope);
      const allKeys = await warehouse.dimensionKeys({ ...cost, dimension: 'tag_keys', limit: KEY_LIMIT });
      const keys = query.key === undefined ? allKeys.filter((k) => !isAwsMadeTagKey(k)) : [query.key];
      const filters: CostFilter[] =
        keys.length === 0
          ? []
          : [{ dimension: 'tag_keys', mode: 'include', match: 'all', pairs: keys.map(missing) }];
      const whole = await ask(warehouse, scope, cost, { filters: [] });
      const accounts = await ask(warehouse, scope, cost, {
        dimension: 'line_item_usage_account_id',
        topN: TOP_N_MAX,
        filters,
      });
      const rows: UntaggedResult['rows'] = [];
      for (const account of accounts.series) {
        if (account.key === OTHERS_KEY) continue;
        const services = await ask(warehouse, scope, cost, {
          dimension: 'product_servicename',
          topN: TOP_N_MAX,
          filters: [...filters, accountFilter(account.key)],
        });
        for (const s of services.series) {
          if (s.key !== OTHERS_KEY) rows.push({ account: account.key, service: s.key, cost: s.total });
        }
      }
      rows.sort((a, b) => b.cost - a.cost);
      return {
        ...answerOf(scope, whole),
        key: query.key ?? null,
        total_cost: whole.total,
        untagged_cost: accounts.total,
        rows,
        owner_hints: await ownerHints(warehouse, scope, cost, allKeys, filters),
      };
    },
  };
}

/** Rows of one account; a null account is the rows without one (not containing '' holds only for NULL). */
function accountFilter(account: string | null): CostFilter {
  return account === null
    ? { dimension: 'line_item_usage_account_id', mode: 'not_like', values: [''] }
    : { dimension: 'line_item_usage_account_id', mode: 'include', values: [account] };
}

export function answerOf(scope: TagScope, answer: { currency: string | null; as_of: string | null }) {
  return {
    start_date: scope.start_date,
    end_date: scope.end_date,
    cost_type: scope.costType,
    currency: answer.currency ?? 'USD',
    as_of: answer.as_of === null ? null : ([answer.as_of, scope.end_date].sort()[0] ?? null),
  };
}

export type TagExplorerService = ReturnType<typeof createTagExplorerService>;
