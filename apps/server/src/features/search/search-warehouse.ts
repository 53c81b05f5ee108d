import type { CostDimension, CostQuery, CostSeries, KeyedDimension } from '@finlens/contracts/cost-query';

/*
 * The warehouse calls search makes (the issue-5 CostStore port). Declared here until the port in
 * warehouse/cost-store.ts carries them; then this becomes Pick<CostStore, …>.
 */
interface CostScope {
  clientId: string;
  projectIds: string[];
  projectNames?: Record<string, string>;
}
export type WarehouseCostQuery = CostQuery & CostScope & { useRollups: boolean };

export interface WarehouseCostAnswer {
  periods: string[];
  series: CostSeries[];
  total: number;
  group_count: number;
  source: 'rollup' | 'line_items';
  as_of: string | null;
  currency: string | null;
}

export interface SearchWarehouse {
  runCostQuery(query: WarehouseCostQuery): Promise<WarehouseCostAnswer>;
  dimensionValues(
    args: CostScope & {
      dimension: CostDimension;
      key?: string;
      search?: string;
      from?: string;
      to?: string;
      limit: number;
    },
  ): Promise<{ value: string | null; cost: number }[]>;
  dimensionKeys(
    args: CostScope & {
      dimension: KeyedDimension;
      search?: string;
      limit: number;
    },
  ): Promise<string[]>;
}
