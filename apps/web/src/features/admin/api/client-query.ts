import { ADMIN_PATHS, clientSchema } from '@finlens/contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET /c/admin/clients/{id}/ — the active client's record (name, RBAC, partner). */
export function fetchClient(clientId: string, signal?: AbortSignal) {
  return apiRequest(ADMIN_PATHS.client(clientId), clientSchema, { signal });
}

function clientQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: adminKeys.client(clientId),
    queryFn: ({ signal }) => fetchClient(clientId, signal),
    staleTime: 5 * 60_000,
  });
}

export function useClient(clientId: string | null) {
  return useQuery({ ...clientQueryOptions(clientId ?? ''), enabled: clientId !== null });
}
