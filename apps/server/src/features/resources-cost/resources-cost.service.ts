import type { CostTypeName } from '@finlens/contracts/cost-summary';
import type { ResourceMetricName, UtilisationSummary } from '@finlens/contracts/resource-metrics';
import {
  OWNER_TAG_KEYS,
  RESOURCE_COST_WINDOW_DAYS,
  type ResourceCostDetail,
  type ResourceCostDetailQuery,
  type ResourcesCostExportQuery,
  type ResourcesCostList,
  type ResourcesCostQuery,
} from '@finlens/contracts/resources-cost';
import { addDays, inclusiveDays } from '@finlens/cost-model/utc-calendar';
import type { ClientCaller } from '../../platform/auth/caller';
import { notFound } from '../../platform/http/http-error';
import { costWindows } from '../../warehouse/cost-query/resource-costs';
import type { CostScopes, ReadScope } from '../../warehouse/cost-scope';
import type { CostStore } from '../../warehouse/cost-store';
import type { InventoryCostView } from '../inventory/inventory.service';
import { selectRows, sortRows } from './resource-filters';
import { type MergedResource, mergeResources } from './resource-rows';
import { resourcesCostCsv } from './resources-cost-csv';

type Window = ResourcesCostList['window'];

interface Dataset {
  rows: MergedResource[];
  window: Window;
  /** The rows in each order asked for so far (filtering keeps the order, so a request never sorts). */
  sorted: Map<string, MergedResource[]>;
}

/** Datasets kept: one per scope, cost type and tag keys; rebuilt when an import or a collection changes it. */
const CACHE_ENTRIES = 8;

function windowOf(newest: string | null): { window: Window; range: ReturnType<typeof costWindows> | null } {
  if (newest === null) return { window: null, range: null };
  const range = costWindows(newest, RESOURCE_COST_WINDOW_DAYS);
  return {
    range,
    window: {
      start_date: range.current,
      end_date: range.to,
      previous_start_date: range.from,
      previous_end_date: addDays(range.current, -1),
    },
  };
}

/** CUR tag keys to read per resource: the owner keys and the keys the query's tag filters name. */
function billTagKeys(query: Pick<ResourcesCostExportQuery, 'filters'>): string[] {
  const keys = new Set<string>(OWNER_TAG_KEYS.filter((k) => k.startsWith('user_')));
  for (const f of query.filters) if ('pairs' in f) for (const p of f.pairs) keys.add(p.key);
  return [...keys].sort();
}

/**
 * Resources Cost: the inventory (app database) and the bill (warehouse) joined per request in memory. The
 * joined set of a scope is kept until an import or a collection run changes its inputs, so filtering, sorting
 * and paging 100k resources does not read both stores again.
 */
export function createResourcesCostService({
  scopes,
  warehouse,
  inventory,
  billingVersion,
  utilisation,
}: {
  scopes: Pick<CostScopes, 'requested'>;
  warehouse: Pick<CostStore, 'newestUsageDay' | 'resourceCosts' | 'costBreakdown'>;
  inventory: InventoryCostView;
  /** Changes whenever an import into one of the projects finishes. */
  billingVersion: (projectIds: readonly string[]) => Promise<string>;
  /** CPU summaries of collected resources (the inventory's metrics, last 14 days). */
  utilisation: {
    utilisationSummaries(
      scope: Pick<ReadScope, 'projectIds'>,
      resourceIds: readonly string[],
      options: { metrics: readonly ResourceMetricName[] },
    ): Promise<UtilisationSummary[]>;
  };
}) {
  const cache = new Map<string, { version: string; data: Promise<Dataset> }>();

  async function build(scope: ReadScope, costType: CostTypeName, tagKeys: string[]): Promise<Dataset> {
    const { window, range } = windowOf(await warehouse.newestUsageDay(scope));
    const [resources, bill] = await Promise.all([
      inventory.resources(scope.projectIds),
      range === null ? [] : warehouse.resourceCosts({ ...scope, ...range, costType, tagKeys }),
    ]);
    return { rows: mergeResources(resources, bill, tagKeys), window, sorted: new Map() };
  }

  async function dataset(scope: ReadScope, costType: CostTypeName, tagKeys: string[]): Promise<Dataset> {
    const key = [scope.clientId, scope.projectIds.join(','), costType, tagKeys.join(',')].join('|');
    const [inv, bill] = await Promise.all([
      inventory.version(scope.projectIds),
      billingVersion(scope.projectIds),
    ]);
    const version = `${inv}#${bill}`;
    const hit = cache.get(key);
    if (hit !== undefined && hit.version === version) {
      cache.delete(key);
      cache.set(key, hit);
      return hit.data;
    }
    const data = build(scope, costType, tagKeys);
    cache.set(key, { version, data });
    data.catch(() => cache.delete(key));
    while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    return data;
  }

  async function selected(caller: ClientCaller, query: ResourcesCostExportQuery) {
    const scope = await scopes.requested(caller, query.project_ids);
    const data = await dataset(scope, query.cost_type, billTagKeys(query));
    const order = `${query.sort}|${query.order}`;
    let sorted = data.sorted.get(order);
    if (sorted === undefined) {
      sorted = sortRows(data.rows, query.sort, query.order);
      data.sorted.set(order, sorted);
    }
    return { chosen: selectRows(sorted, query, scope.projectNames), window: data.window };
  }

  const bare = ({ inventory: _i, haystack: _h, ...row }: MergedResource) => row;

  /** The rows as answered, with the CPU summary of each collected resource (null without metrics). */
  async function withUtilisation(rows: MergedResource[]) {
    const collected = rows.filter((r) => r.inventory !== null);
    const projectIds = [...new Set(collected.map((r) => r.project_id))];
    const summaries =
      collected.length === 0
        ? []
        : await utilisation.utilisationSummaries(
            { projectIds },
            collected.map((r) => r.resource_id),
            { metrics: ['cpu-utilization'] },
          );
    const cpu = new Map(
      summaries.flatMap((s) => {
        const m = s.metrics.find((x) => x.metric === 'cpu-utilization');
        return m === undefined
          ? []
          : [[`${s.project_id}|${s.resource_id}`, { cpu_p95: m.p95, cpu_avg: m.avg }]];
      }),
    );
    return rows.map((r) => ({
      ...bare(r),
      utilisation: r.inventory === null ? null : (cpu.get(`${r.project_id}|${r.resource_id}`) ?? null),
    }));
  }

  return {
    async list(caller: ClientCaller, query: ResourcesCostQuery): Promise<ResourcesCostList> {
      const { chosen, window } = await selected(caller, query);
      const start = (query.page - 1) * query.page_size;
      return {
        count: chosen.length,
        page: query.page,
        page_size: query.page_size,
        cost_type: query.cost_type,
        window,
        total_cost: chosen.reduce((sum, r) => sum + r.cost, 0),
        results: await withUtilisation(chosen.slice(start, start + query.page_size)),
      };
    },

    async csv(caller: ClientCaller, query: ResourcesCostExportQuery): Promise<string> {
      const { chosen } = await selected(caller, query);
      return resourcesCostCsv(await withUtilisation(chosen));
    },

    /** One resource with its attributes and cost per day; a key not in the caller's projects is a 404. */
    async detail(caller: ClientCaller, query: ResourceCostDetailQuery): Promise<ResourceCostDetail> {
      const scope = await scopes.requested(caller, [query.project_id]);
      const { rows, window } = await dataset(scope, query.cost_type, billTagKeys({ filters: [] }));
      const row = rows.find((r) => r.key === query.key && r.project_id === query.project_id);
      if (row === undefined) throw notFound();
      const stored =
        row.inventory === null
          ? null
          : await inventory.resource({
              ...row.inventory,
              project_id: row.project_id,
              account_id: row.account_id ?? '',
            });
      return {
        resource: (await withUtilisation([row]))[0] ?? bare(row),
        attributes: stored?.attributes ?? {},
        window,
        daily: window === null ? [] : await daily(scope, query.cost_type, row, window),
      };
    },
  };

  async function daily(
    scope: ReadScope,
    costType: CostTypeName,
    row: MergedResource,
    window: NonNullable<Window>,
  ) {
    const from = window.previous_start_date;
    const to = window.end_date;
    const days = Array.from({ length: inclusiveDays(from, to) }, (_, i) => addDays(from, i));
    const costs = new Map<string, number>();
    if (row.bill_resource_ids.length > 0) {
      const answer = await warehouse.costBreakdown({
        ...scope,
        from,
        to,
        costType,
        sets: [[{ dimension: 'line_item_resource_id', mode: 'include', values: row.bill_resource_ids }]],
        byDay: true,
        useRollups: true,
      });
      for (const r of answer)
        if (r.day !== null) costs.set(r.day, (costs.get(r.day) ?? 0) + (r.costs[0] ?? 0));
    }
    return days.map((date) => ({ date, cost: costs.get(date) ?? 0 }));
  }
}

export type ResourcesCostService = ReturnType<typeof createResourcesCostService>;
