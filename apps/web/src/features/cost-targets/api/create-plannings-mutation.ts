import { COST_TARGET_PATHS as P, planningListSchema } from '@finlens/contracts/cost-targets';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateTargets } from './keys';
import { withId } from './requests';

type PlanningsRequest =
  | { method: 'lookback'; lookback_months: number }
  | { method: 'growth'; growth_rate_percent: number; base_amount?: number };

/** POST cost_target/{id}/create_cost_target_plannings/ — replaces every month's plan. */
export function useCreatePlannings(targetId: string) {
  const onSuccess = useInvalidateTargets();
  return useMutation({
    mutationFn: (body: PlanningsRequest) =>
      apiRequest(withId(P.createPlannings, targetId), planningListSchema, { method: 'POST', body }),
    onSuccess,
  });
}
