import { CLOUD_ACCOUNT_PATHS, connectionCheckSchema } from '@finlens/contracts/cloud-accounts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /c/cloud_accounts/{id}/check/ (admin) — reads the saved source's manifests: periods found or problems. */
export function useCheckConnectionMutation() {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(CLOUD_ACCOUNT_PATHS.checkSaved(id), connectionCheckSchema, { method: 'POST' }),
  });
}
