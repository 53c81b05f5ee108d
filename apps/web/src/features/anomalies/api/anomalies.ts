import {
  ANOMALY_PATHS,
  type AnomalyUpdate,
  anomaliesSchema,
  anomalySchema,
} from '@finlens/contracts/anomalies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const anomalyKeys = { all: ['anomalies'] as const };

/** The newest anomalies the list asks for (the contract's maximum). */
const ANOMALY_LIMIT = 500;

/** GET the client's anomalies, newest start first (every member). */
export function useAnomalies() {
  return useQuery({
    queryKey: anomalyKeys.all,
    queryFn: ({ signal }) =>
      apiRequest(ANOMALY_PATHS.anomalies, anomaliesSchema, { signal, query: { limit: ANOMALY_LIMIT } }),
  });
}

/** PATCH { status, reason }: acknowledge, dismiss (reason required), mark expected or reopen. */
export function useUpdateAnomalyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AnomalyUpdate }) =>
      apiRequest(ANOMALY_PATHS.anomaly(id), anomalySchema, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: anomalyKeys.all }),
  });
}
