import {
  type AlertFrequency,
  alertListSchema,
  COST_TARGET_PATHS as P,
} from '@finlens/contracts/cost-targets';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateTargets } from './keys';

/** POST cost_target_alert/sync_alert_frequencies/ — one frequency for every alert of the target. */
export function useSyncAlertFrequency(targetId: string) {
  const onSuccess = useInvalidateTargets();
  return useMutation({
    mutationFn: (frequency: AlertFrequency) =>
      apiRequest(P.syncAlertFrequencies, alertListSchema, {
        method: 'POST',
        body: { cost_target_id: targetId, frequency },
      }),
    onSuccess,
  });
}
