import { ADMIN_PATHS, organizationAccountsSchema } from '@finlens/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { organizationOverviewKeys } from './keys';

/** GET /c/admin/projectaws/organization_accounts/ — names of the organisations' member accounts. */
export function useOrganizationAccounts() {
  return useQuery({
    queryKey: organizationOverviewKeys.organizationAccounts(),
    queryFn: ({ signal }) =>
      apiRequest(ADMIN_PATHS.organizationAccounts, organizationAccountsSchema, { signal }),
  });
}
