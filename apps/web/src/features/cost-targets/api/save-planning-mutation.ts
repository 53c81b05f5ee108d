import { COST_TARGET_PATHS as P, planningSchema } from '@finlens/contracts/cost-targets';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateTargets } from './keys';

/** POST cost_target_planning/ for one month (the server updates the month's row when it exists). */
export function useSavePlanning(targetId: string) {
  const onSuccess = useInvalidateTargets();
  return useMutation({
    mutationFn: ({ month, amount }: { month: string; amount: number }) =>
      apiRequest(P.plannings, planningSchema, {
        method: 'POST',
        body: { cost_target: targetId, month, amount },
      }),
    onSuccess,
  });
}
