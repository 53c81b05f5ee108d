import { COST_EXPLORER_PATHS, dimensionValuesSchema } from '@finlens/contracts/cost-explorer';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type DimensionValuesArgs, explorerKeys, IMPLY_CLIENT } from './keys';

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
