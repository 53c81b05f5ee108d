import { ANOMALY_PATHS, anomaliesSchema } from '@finlens/contracts/anomalies';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { anomalyKeys } from './keys';

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
