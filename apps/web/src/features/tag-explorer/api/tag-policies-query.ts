import { TAG_EXPLORER_PATHS, tagPolicyListSchema } from '@finlens/contracts/tag-explorer';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { tagExplorerKeys } from './keys';

/** GET /c/tag_policies/ — the client's tag policies, oldest first. */
export function useTagPolicies(enabled = true) {
  return useQuery({
    queryKey: tagExplorerKeys.policies(),
    queryFn: ({ signal }) => apiRequest(TAG_EXPLORER_PATHS.policies, tagPolicyListSchema, { signal }),
    select: (answer) => answer.results,
    enabled,
  });
}
