import { ADMIN_PATHS, allClientsResponseSchema } from '@finlens/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { switchingViewKeys } from './keys';

/** GET /c/admin/all_clients/ — every client the caller may switch to (memberships and partner clients). */
export function useAllClients() {
  return useQuery({
    queryKey: switchingViewKeys.clients(),
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.allClients, allClientsResponseSchema, { signal }),
  });
}
