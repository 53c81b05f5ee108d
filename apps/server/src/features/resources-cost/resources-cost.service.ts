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
import { createResultCache } from '../../platform/cache/result-cache';
import { notFound } from '../../platform/http/http-error';
import { costWindows } from '../../warehouse/cost-query/resource-costs';
import { type CostScopes, type ReadScope, scopeDataVersion } from '../../warehouse/cost-scope';
import type { CostStore } from '../../warehouse/cost-store';
import type { InventoryCostView } from '../inventory/inventory.service';
import { createResourceIndex, type ResourceIndex } from './resource-index';
import { billTagPositions, type MergedResource, mergeResources } from './resource-rows';
import { resourcesCostCsv } from './resources-cost-csv';

type Window = ResourcesCostList['window'];

/** The joined rows of a scope and cost type, as one import and one collection left them. */
interface Snapshot {
  index: ResourceIndex;
  window: Window;
  range: ReturnType<typeof costWindows> | null;
  /** Reads of the bill's values of tag keys the join did not read, by key (see `withBillTags`). */
  billTags: Map<string, Promise<void>>;
}

/** Snapshots kept: one per scope and cost type; rebuilt when an import or a collection changes it. */
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

/** CUR tag keys the join reads per resource: the owner keys (other keys are read when a filter names them). */
const OWNER_BILL_KEYS = OWNER_TAG_KEYS.filter((k) => k.startsWith('user_'));

/**
 * Resources Cost: the inventory (app database) and the bill (warehouse) joined per request in memory. The
 * joined set of a scope is kept until an import or a collection run changes its inputs, so filtering, sorting
 * and paging 100k resources does not read both stores again.
 */
export function createResourcesCostService({
  scopes,
  warehouse,
  inventory,
  utilisation,
  accountNames = async () => new Map(),
}: {
  scopes: Pick<CostScopes, 'requested'>;
  warehouse: Pick<CostStore, 'newestUsageDay' | 'resourceCosts' | 'costBreakdown'>;
  inventory: InventoryCostView;
  /** CPU summaries of collected resources (the inventory's metrics, last 14 days). */
  utilisation: {
    utilisationSummaries(
      scope: Pick<ReadScope, 'projectIds'>,
      resourceIds: readonly string[],
      options: { metrics: readonly ResourceMetricName[] },
    ): Promise<UtilisationSummary[]>;
  };
  /** Account names the inventory knows, by project id then account id (for accounts the bill does not name). */
  accountNames?: (clientId: string) => Promise<ReadonlyMap<string, ReadonlyMap<string, string>>>;
}) {
  const snapshots = createResultCache<Snapshot>({ maxEntries: CACHE_ENTRIES });

  async function build(scope: ReadScope, costType: CostTypeName): Promise<Snapshot> {
    const { window, range } = windowOf(await warehouse.newestUsageDay(scope));
    const tagKeys = [...OWNER_BILL_KEYS];
    const [resources, bill, known] = await Promise.all([
      inventory.resources(scope.projectIds),
      range === null ? [] : warehouse.resourceCosts({ ...scope, ...range, costType, tagKeys }),
      accountNames(scope.clientId),
    ]);
    // The bill's name of an account wins, as on Organization Overview.
    const names = new Map<string, string>();
    for (const b of bill)
      if (b.accountName !== null) names.set(`${b.projectId}|${b.accountId}`, b.accountName);
    const nameOf = (projectId: string, accountId: string | null) =>
      accountId === null
        ? null
        : (names.get(`${projectId}|${accountId}`) ?? known.get(projectId)?.get(accountId) ?? null);
    const rows = await mergeResources(resources, bill, tagKeys, nameOf);
    const index = createResourceIndex(rows, scope.projectNames);
    return { index, window, range, billTags: new Map() };
  }

  /** The joined set of a scope, kept until an import (the scope's data version) or a collection run changes. */
  async function snapshot(scope: ReadScope, costType: CostTypeName): Promise<Snapshot> {
    const inventoryVersion = await inventory.version(scope.projectIds);
    const key = JSON.stringify([scope.clientId, scopeDataVersion(scope), inventoryVersion, costType]);
    return snapshots.get(key, () => build(scope, costType));
  }

  /** The bill's values of the tag keys the filters name beyond the owner keys, read once per snapshot and key. */
  async function withBillTags(
    scope: ReadScope,
    costType: CostTypeName,
    data: Snapshot,
    filters: ResourcesCostExportQuery['filters'],
  ) {
    const keys = new Set(filters.flatMap((f) => ('pairs' in f ? f.pairs.map((p) => p.key) : [])));
    const reads = [...keys]
      .filter((key) => !(OWNER_BILL_KEYS as readonly string[]).includes(key))
      .map((key) => {
        let read = data.billTags.get(key);
        if (read === undefined) {
          const range = data.range;
          read =
            range === null
              ? Promise.resolve()
              : warehouse
                  .resourceCosts({ ...scope, ...range, costType, tagKeys: [key] })
                  .then((bill) => data.index.addBillTag(key, billTagPositions(data.index.rows, bill)));
          data.billTags.set(key, read);
          read.catch(() => data.billTags.delete(key));
        }
        return read;
      });
    await Promise.all(reads);
  }

  async function selected(
    caller: ClientCaller,
    query: ResourcesCostExportQuery,
    start?: number,
    end?: number,
  ) {
    const scope = await scopes.requested(caller, query.project_ids);
    const data = await snapshot(scope, query.cost_type);
    await withBillTags(scope, query.cost_type, data, query.filters);
    await data.index.prepare(query);
    return { ...data.index.pick(query, start, end), window: data.window, options: data.index.options() };
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
      const start = (query.page - 1) * query.page_size;
      const { count, total, rows, window, options } = await selected(
        caller,
        query,
        start,
        start + query.page_size,
      );
      return {
        count,
        page: query.page,
        page_size: query.page_size,
        cost_type: query.cost_type,
        window,
        total_cost: total,
        results: await withUtilisation(rows),
        filter_options: options,
      };
    },

    async csv(caller: ClientCaller, query: ResourcesCostExportQuery): Promise<string> {
      const { rows } = await selected(caller, query);
      return resourcesCostCsv(await withUtilisation(rows));
    },

    /** One resource with its attributes and cost per day; a key not in the caller's projects is a 404. */
    async detail(caller: ClientCaller, query: ResourceCostDetailQuery): Promise<ResourceCostDetail> {
      const scope = await scopes.requested(caller, [query.project_id]);
      const { index, window } = await snapshot(scope, query.cost_type);
      const row = index.rows.find((r) => r.key === query.key && r.project_id === query.project_id);
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
