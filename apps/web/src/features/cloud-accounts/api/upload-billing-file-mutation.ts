import { CLOUD_ACCOUNT_PATHS, importRunSchema } from '@finlens/contracts/cloud-accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cloudAccountKeys } from './keys';

/** POST /c/billing/upload/ (admin) — multipart: the project first, then the file; answers the import run. */
export function useUploadBillingFileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, file }: { accountId: string; file: File }) => {
      const body = new FormData();
      body.append('project_id', accountId);
      body.append('file', file);
      return apiRequest(CLOUD_ACCOUNT_PATHS.upload, importRunSchema, { method: 'POST', body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cloudAccountKeys.all }),
  });
}
