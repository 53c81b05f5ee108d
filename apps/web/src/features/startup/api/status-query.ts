import { ADMIN_PATHS, clientStatusSchema } from '@finlens/contracts/admin';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startupKeys } from './keys';

/** GET /c/admin/status/ — where the active client stands on its way to data. */
export function statusQueryOptions() {
  return queryOptions({
    queryKey: startupKeys.status(),
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.status, clientStatusSchema, { signal }),
    staleTime: 5 * 60_000,
  });
}
