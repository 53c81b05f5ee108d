import { COST_TARGET_PATHS as P, planningHistoryListSchema } from '@finlens/contracts/cost-targets';
import { targetKeys } from './keys';
import { useTargetRows } from './requests';

/** GET cost_target_planning_history/?cost_target= — every plan change, newest first. */
export function usePlanHistory(targetId: string) {
  return useTargetRows(P.history, planningHistoryListSchema, targetKeys.history(targetId), targetId);
}
