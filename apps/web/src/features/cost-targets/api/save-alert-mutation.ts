import { type Alert, alertSchema, COST_TARGET_PATHS as P } from '@finlens/contracts/cost-targets';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateTargets } from './keys';
import { withId } from './requests';

export type AlertDraft = Pick<Alert, 'basis' | 'threshold_type' | 'threshold' | 'frequency' | 'recipients'>;

/** POST cost_target_alert/ (no id) or PATCH cost_target_alert/{id}/. */
export function useSaveAlert(targetId: string) {
  const onSuccess = useInvalidateTargets();
  return useMutation({
    mutationFn: ({ id, draft }: { id: string | null; draft: AlertDraft }) =>
      id === null
        ? apiRequest(P.alerts, alertSchema, { method: 'POST', body: { cost_target: targetId, ...draft } })
        : apiRequest(withId(P.alert, id), alertSchema, { method: 'PATCH', body: draft }),
    onSuccess,
  });
}
