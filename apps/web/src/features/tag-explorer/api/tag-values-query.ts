import { TAG_EXPLORER_PATHS, tagValuesResultSchema } from '@finlens/contracts/tag-explorer';
import type { DateRange } from '@finlens/cost-model/range-presets';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { IMPLY_CLIENT, tagExplorerKeys } from './keys';

/** GET /c/cost_page/tag_explorer/values/ — the key's values with cost and resources. */
export function useTagValues(key: string, range: DateRange) {
  return useQuery({
    queryKey: tagExplorerKeys.values(key, range),
    queryFn: ({ signal }) =>
      apiRequest(TAG_EXPLORER_PATHS.values, tagValuesResultSchema, {
        query: { ...range, key, ...IMPLY_CLIENT },
        signal,
      }),
    staleTime: 60_000,
  });
}
