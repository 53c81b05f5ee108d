import { collectNowResponseSchema, INVENTORY_PATHS } from '@finlens/contracts/inventory';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cloudAccountKeys } from './keys';

/** POST /c/cloud_accounts/{id}/collect_now/ (admin) — queues an inventory pass over the account. */
export function useCollectNowMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(INVENTORY_PATHS.collectNow(id), collectNowResponseSchema, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cloudAccountKeys.all }),
  });
}
