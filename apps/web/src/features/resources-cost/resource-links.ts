import type { CostQuery } from '@finlens/contracts/cost-query';
import type { ResourceCostDetail } from '@finlens/contracts/resources-cost';
import { explorerHref } from '../cost-explorer/api/explorer-href';

/** The Explorer over both cost windows, by usage type, filtered to every id the bill uses for the resource. */
export function resourceExplorerHref(detail: Pick<ResourceCostDetail, 'resource' | 'window'>): string | null {
  const { resource, window } = detail;
  if (window === null || resource.bill_resource_ids.length === 0) return null;
  const query: CostQuery = {
    start_date: window.previous_start_date,
    end_date: window.end_date,
    granularity: 'day',
    dimension: 'line_item_usage_type',
    cost_type: 'unblended',
    filters: [{ dimension: 'line_item_resource_id', mode: 'include', values: resource.bill_resource_ids }],
    top_n: 10,
  };
  return explorerHref({ range: null, query });
}
