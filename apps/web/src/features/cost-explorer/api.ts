import {
  COST_EXPLORER_PATHS,
  type DimensionValuesQuery,
  dimensionDailyCostResultSchema,
  dimensionKeysSchema,
  dimensionValuesSchema,
} from '@finlens/contracts/cost-explorer';
import { type CostQuery, costQueryToParams, type KeyedDimension } from '@finlens/contracts/cost-query';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** The Explorer's cost_page calls (spec §7, shapes in @finlens/contracts/cost-explorer); GETs carry imply_client. */

const explorerKeys = {
  all: ['explorer'] as const,
  cost: (params: Record<string, string>) => [...explorerKeys.all, 'cost', params] as const,
  values: (args: DimensionValuesArgs) => [...explorerKeys.all, 'values', args] as const,
  keys: (dimension: KeyedDimension, search: string) =>
    [...explorerKeys.all, 'keys', dimension, search] as const,
};

const IMPLY_CLIENT = { imply_client: 'true' } as const;

/** GET /c/cost_page/dimension_daily_cost/ — the CostQuery in its wire format; the answer is a CostQueryResult. */
export function useCostQuery(query: CostQuery, enabled = true) {
  const params = costQueryToParams(query);
  return useQuery({
    queryKey: explorerKeys.cost(params),
    queryFn: ({ signal }) =>
      apiRequest(COST_EXPLORER_PATHS.dimensionDailyCost, dimensionDailyCostResultSchema, {
        query: { ...params, ...IMPLY_CLIENT },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}

/** The request of dimension_values the filter panel sends (the contract's query, range and search always set). */
type DimensionValuesArgs = Required<
  Pick<DimensionValuesQuery, 'dimension' | 'search' | 'start_date' | 'end_date'>
> &
  Pick<DimensionValuesQuery, 'key'>;

/** Auto-complete of a dimension's values in the range (largest cost first), for the filter panel. */
export function useDimensionValues(args: DimensionValuesArgs | null) {
  return useQuery({
    queryKey: explorerKeys.values(
      args ?? { dimension: 'pricing_unit', search: '', start_date: '', end_date: '' },
    ),
    queryFn: ({ signal }) =>
      apiRequest(COST_EXPLORER_PATHS.dimensionValues, dimensionValuesSchema, {
        query: { ...args, ...IMPLY_CLIENT },
        signal,
      }),
    enabled: args !== null,
    staleTime: 5 * 60_000,
    select: (answer) => answer.values,
  });
}

/** Auto-complete of tag keys, cost-allocation-tag (cost category) names or Kubernetes label keys. */
export function useDimensionKeys(dimension: KeyedDimension | null, search: string) {
  return useQuery({
    queryKey: explorerKeys.keys(dimension ?? 'tag_keys', search),
    queryFn: ({ signal }) =>
      apiRequest(COST_EXPLORER_PATHS.dimensionKeys, dimensionKeysSchema, {
        query: { dimension: dimension ?? 'tag_keys', search, ...IMPLY_CLIENT },
        signal,
      }),
    enabled: dimension !== null,
    staleTime: 5 * 60_000,
    select: (answer) => answer.keys,
  });
}
