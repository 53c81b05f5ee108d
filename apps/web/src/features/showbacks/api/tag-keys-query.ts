import { SHOWBACK_PATHS, type Showback, tagKeysSchema } from '@finlens/contracts/showbacks';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { showbackKeys } from './keys';
import { GET_EXTRAS } from './requests';

/** tag_keys_list/ (tags and Kubernetes labels) or cost_allocation_tag_keys_list/. */
export function useTagKeys(type: Showback['allocation_tag_type'], enabled: boolean) {
  return useQuery({
    queryKey: showbackKeys.tagKeys(type),
    queryFn: ({ signal }) =>
      apiRequest(
        type === 'cost_allocation_tag' ? SHOWBACK_PATHS.costAllocationTagKeys : SHOWBACK_PATHS.tagKeys,
        tagKeysSchema,
        { query: GET_EXTRAS, signal },
      ),
    select: (answer) => answer.keys,
    enabled,
    staleTime: 300_000,
  });
}
