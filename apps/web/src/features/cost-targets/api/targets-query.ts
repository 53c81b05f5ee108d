import { costTargetListSchema, COST_TARGET_PATHS as P } from '@finlens/contracts/cost-targets';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { targetKeys } from './keys';
import { IMPLY_CLIENT } from './requests';

/** GET cost_target/ — every target of the client with its current period. */
export function useTargets() {
  return useQuery({
    queryKey: targetKeys.list(),
    queryFn: ({ signal }) => apiRequest(P.targets, costTargetListSchema, { query: IMPLY_CLIENT, signal }),
  });
}
