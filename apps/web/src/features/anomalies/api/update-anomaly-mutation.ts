import { ANOMALY_PATHS, type AnomalyUpdate, anomalySchema } from '@finlens/contracts/anomalies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { anomalyKeys } from './keys';

/** PATCH { status, reason }: acknowledge, dismiss (reason required), mark expected or reopen. */
export function useUpdateAnomalyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AnomalyUpdate }) =>
      apiRequest(ANOMALY_PATHS.anomaly(id), anomalySchema, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: anomalyKeys.all }),
  });
}
