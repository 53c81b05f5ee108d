import {
  CLOUD_ACCOUNT_PATHS,
  type CloudAccountCreate,
  cloudAccountSchema,
} from '@finlens/contracts/cloud-accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cloudAccountKeys } from './keys';

/** POST /c/cloud_accounts/ (no id) or PATCH /c/cloud_accounts/{id}/ (spec §4: an existing id means PATCH). */
export function useSaveAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CloudAccountCreate }) =>
      id === null
        ? apiRequest(CLOUD_ACCOUNT_PATHS.accounts, cloudAccountSchema, { method: 'POST', body })
        : apiRequest(CLOUD_ACCOUNT_PATHS.account(id), cloudAccountSchema, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cloudAccountKeys.all }),
  });
}
