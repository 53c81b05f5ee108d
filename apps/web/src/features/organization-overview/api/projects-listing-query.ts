import { ADMIN_PATHS, projectListingSchema } from '@finlens/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { organizationOverviewKeys } from './keys';

/** GET /c/admin/projectaws_listing/ — every project of the client as a spec §3 account filter entry. */
export function useProjectsListing() {
  return useQuery({
    queryKey: organizationOverviewKeys.projects(),
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.projectsAwsListing, projectListingSchema, { signal }),
  });
}
