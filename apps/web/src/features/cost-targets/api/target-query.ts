import { costTargetSchema, COST_TARGET_PATHS as P } from '@finlens/contracts/cost-targets';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { targetKeys } from './keys';
import { IMPLY_CLIENT, withId } from './requests';

/** GET cost_target/{id}/ — null id: nothing to load (a new target). */
export function useTarget(id: string | null) {
  return useQuery({
    queryKey: targetKeys.one(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(withId(P.target, id ?? ''), costTargetSchema, { query: IMPLY_CLIENT, signal }),
    enabled: id !== null,
  });
}
