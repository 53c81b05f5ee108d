import { CLOUD_ACCOUNT_PATHS } from '@finlens/contracts/cloud-accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { cloudAccountKeys } from './keys';

/** DELETE /c/cloud_accounts/{id}/ (admin) — stops polling and forgets the account. */
export function useRemoveAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(CLOUD_ACCOUNT_PATHS.account(id), z.undefined(), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cloudAccountKeys.all }),
  });
}
