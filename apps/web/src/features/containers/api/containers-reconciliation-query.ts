import { CONTAINERS_PATHS, reconciliationSchema } from '@finlens/contracts/containers';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { containersKeys } from './keys';

/** GET /c/containers/eks/reconciliation/ — pods' split plus unused cost against each node's cost, per hour. */
export function useContainersReconciliation(params: Record<string, string>) {
  return useQuery({
    queryKey: containersKeys.reconciliation(params),
    queryFn: ({ signal }) =>
      apiRequest(CONTAINERS_PATHS.reconciliation, reconciliationSchema, { query: params, signal }),
    staleTime: 60_000,
  });
}
