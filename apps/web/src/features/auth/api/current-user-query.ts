import { AUTH_PATHS, profileSchema } from '@finlens/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './keys';

/** GET /c/current/user/ — loaded by the start-up chain; screens read the cached profile. */
export function fetchCurrentUser(signal?: AbortSignal) {
  return apiRequest(AUTH_PATHS.currentUser, profileSchema, { signal });
}

function currentUserQueryOptions() {
  return queryOptions({
    queryKey: authKeys.currentUser(),
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: 5 * 60_000,
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
