import { CLOUD_ACCOUNT_PATHS, cloudAccountsSchema } from '@finlens/contracts/cloud-accounts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cloudAccountKeys } from './keys';

/** GET /c/cloud_accounts/ — the active client's accounts with their source and newest import. */
export function useCloudAccounts() {
  return useQuery({
    queryKey: cloudAccountKeys.list(),
    queryFn: ({ signal }) => apiRequest(CLOUD_ACCOUNT_PATHS.accounts, cloudAccountsSchema, { signal }),
  });
}
