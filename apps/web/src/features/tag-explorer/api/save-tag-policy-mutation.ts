import { TAG_EXPLORER_PATHS, type TagPolicyInput, tagPolicySchema } from '@finlens/contracts/tag-explorer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { tagExplorerKeys } from './keys';

export const policyPath = (id: string) => TAG_EXPLORER_PATHS.policy.replace(':id', encodeURIComponent(id));

/** POST /c/tag_policies/ (no id) or PATCH /c/tag_policies/{id}/ (admin); rows and policies refresh. */
export function useSaveTagPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TagPolicyInput }) =>
      id === null
        ? apiRequest(TAG_EXPLORER_PATHS.policies, tagPolicySchema, { method: 'POST', body: input })
        : apiRequest(policyPath(id), tagPolicySchema, { method: 'PATCH', body: input }),
    // Not awaited: the editor is free again at once while the rows and violations are counted again.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tagExplorerKeys.all }),
  });
}
