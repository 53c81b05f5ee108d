import { CLOUD_ACCOUNT_PATHS, importNowResponseSchema } from '@finlens/contracts/cloud-accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cloudAccountKeys } from './keys';

/** POST /c/cloud_accounts/{id}/import_now/ (admin) — queues a poll of the account's source. */
export function useImportNowMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(CLOUD_ACCOUNT_PATHS.importNow(id), importNowResponseSchema, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cloudAccountKeys.all }),
  });
}
