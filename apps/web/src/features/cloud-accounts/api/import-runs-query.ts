import { CLOUD_ACCOUNT_PATHS, importRunsSchema } from '@finlens/contracts/cloud-accounts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cloudAccountKeys } from './keys';

/** GET /c/cloud_accounts/{id}/imports/ — the account's import runs, newest first. */
export function useImportRuns(accountId: string) {
  return useQuery({
    queryKey: cloudAccountKeys.imports(accountId),
    queryFn: ({ signal }) => apiRequest(CLOUD_ACCOUNT_PATHS.imports(accountId), importRunsSchema, { signal }),
  });
}
