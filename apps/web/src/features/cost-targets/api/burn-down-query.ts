import { burnDownSchema, COST_TARGET_PATHS as P } from '@finlens/contracts/cost-targets';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { targetKeys } from './keys';
import { IMPLY_CLIENT, withId } from './requests';

/** GET cost_target/{id}/burn_down/ — one period day by day (null period: the current one). */
export function useBurnDown(targetId: string | null, periodStart: string | null) {
  return useQuery({
    queryKey: targetKeys.burnDown(targetId ?? '', periodStart),
    queryFn: ({ signal }) =>
      apiRequest(withId(P.burnDown, targetId ?? ''), burnDownSchema, {
        query: { ...IMPLY_CLIENT, period_start: periodStart },
        signal,
      }),
    enabled: targetId !== null,
    placeholderData: keepPreviousData,
  });
}
