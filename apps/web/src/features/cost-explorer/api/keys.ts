import type { KeyedDimension } from '@finlens/contracts/cost-query';
import type { DimensionValuesArgs } from './dimension-values-query';

/** The Explorer's cost_page calls (spec §7, shapes in @finlens/contracts/cost-explorer); GETs carry imply_client. */
export const explorerKeys = {
  all: ['explorer'] as const,
  cost: (params: Record<string, string>) => [...explorerKeys.all, 'cost', params] as const,
  values: (args: DimensionValuesArgs) => [...explorerKeys.all, 'values', args] as const,
  keys: (dimension: KeyedDimension, search: string) =>
    [...explorerKeys.all, 'keys', dimension, search] as const,
};

export const IMPLY_CLIENT = { imply_client: 'true' } as const;
