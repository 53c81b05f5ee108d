import { COST_TARGET_PATHS as P, planningListSchema } from '@finlens/contracts/cost-targets';
import { targetKeys } from './keys';
import { useTargetRows } from './requests';

/** GET cost_target_planning/?cost_target= — the monthly plan rows. */
export function usePlannings(targetId: string) {
  return useTargetRows(P.plannings, planningListSchema, targetKeys.plannings(targetId), targetId);
}
