import { COST_EXPLORER_PATHS, dimensionKeysSchema } from '@finlens/contracts/cost-explorer';
import type { KeyedDimension } from '@finlens/contracts/cost-query';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { explorerKeys, IMPLY_CLIENT } from './keys';

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
