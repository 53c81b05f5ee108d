import { TAG_EXPLORER_PATHS, tagExplorerResultSchema } from '@finlens/contracts/tag-explorer';
import type { DateRange } from '@finlens/cost-model/range-presets';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { IMPLY_CLIENT, tagExplorerKeys } from './keys';

/** GET /c/cost_page/tag_explorer/ — one row per tag key and cloud over the range. */
export function useTagRows(range: DateRange) {
  return useQuery({
    queryKey: tagExplorerKeys.rows(range),
    queryFn: ({ signal }) =>
      apiRequest(TAG_EXPLORER_PATHS.rows, tagExplorerResultSchema, {
        query: { ...range, ...IMPLY_CLIENT },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
