import { TAG_EXPLORER_PATHS, untaggedResultSchema } from '@finlens/contracts/tag-explorer';
import type { DateRange } from '@finlens/cost-model/range-presets';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { IMPLY_CLIENT, tagExplorerKeys } from './keys';

/** GET /c/cost_page/tag_explorer/untagged/ — cost missing the key (null: missing every key) by account and service. */
export function useUntagged(key: string | null, range: DateRange) {
  return useQuery({
    queryKey: tagExplorerKeys.untagged(key, range),
    queryFn: ({ signal }) =>
      apiRequest(TAG_EXPLORER_PATHS.untagged, untaggedResultSchema, {
        query: { ...range, ...(key === null ? {} : { key }), ...IMPLY_CLIENT },
        signal,
      }),
    staleTime: 60_000,
  });
}
