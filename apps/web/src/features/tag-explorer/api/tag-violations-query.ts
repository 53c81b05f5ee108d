import { TAG_EXPLORER_PATHS, tagViolationsResultSchema } from '@finlens/contracts/tag-explorer';
import type { DateRange } from '@finlens/cost-model/range-presets';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { tagExplorerKeys } from './keys';

/** GET /c/tag_policies/violations/ — violating resources of every enabled policy, most expensive first. */
export function useTagViolations(range: DateRange) {
  return useQuery({
    queryKey: tagExplorerKeys.violations(range),
    queryFn: ({ signal }) =>
      apiRequest(TAG_EXPLORER_PATHS.violations, tagViolationsResultSchema, { query: { ...range }, signal }),
    staleTime: 60_000,
  });
}
