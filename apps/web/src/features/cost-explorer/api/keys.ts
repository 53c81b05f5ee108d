import type { DimensionValuesQuery } from '@finlens/contracts/cost-explorer';
import type { KeyedDimension } from '@finlens/contracts/cost-query';

/** The Explorer's cost_page calls (spec §7, shapes in @finlens/contracts/cost-explorer); GETs carry imply_client. */
export const explorerKeys = {
  all: ['explorer'] as const,
  cost: (params: Record<string, string>) => [...explorerKeys.all, 'cost', params] as const,
  values: (args: DimensionValuesArgs) => [...explorerKeys.all, 'values', args] as const,
  keys: (dimension: KeyedDimension, search: string) =>
    [...explorerKeys.all, 'keys', dimension, search] as const,
};

export const IMPLY_CLIENT = { imply_client: 'true' } as const;

/** The request of dimension_values the filter panel sends (the contract's query, range and search always set). */
export type DimensionValuesArgs = Required<
  Pick<DimensionValuesQuery, 'dimension' | 'search' | 'start_date' | 'end_date'>
> &
  Pick<DimensionValuesQuery, 'key'>;
