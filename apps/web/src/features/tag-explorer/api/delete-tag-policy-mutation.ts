import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { tagExplorerKeys } from './keys';
import { policyPath } from './save-tag-policy-mutation';

/** DELETE /c/tag_policies/{id}/ (admin) — 204. */
export function useDeleteTagPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(policyPath(id), z.undefined(), { method: 'DELETE' }),
    // Not awaited: the editor is free again at once while the rows and violations are counted again.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tagExplorerKeys.all }),
  });
}
