import { ADMIN_PATHS, projectListSchema } from '@finlens/contracts/admin';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startupKeys } from './keys';

/** GET /c/admin/projectaws/ — the active client's AWS projects. */
export function projectsAwsQueryOptions() {
  return queryOptions({
    queryKey: startupKeys.projectsAws(),
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.projectsAws, projectListSchema, { signal }),
    staleTime: 5 * 60_000,
  });
}
