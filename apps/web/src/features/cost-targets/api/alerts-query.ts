import { alertListSchema, COST_TARGET_PATHS as P } from '@finlens/contracts/cost-targets';
import { targetKeys } from './keys';
import { useTargetRows } from './requests';

/** GET cost_target_alert/?cost_target= */
export function useAlerts(targetId: string) {
  return useTargetRows(P.alerts, alertListSchema, targetKeys.alerts(targetId), targetId);
}
