import { CONTAINERS_PATHS, containersSummarySchema } from '@finlens/contracts/containers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { containersKeys } from './keys';

/** GET /c/containers/eks/summary/ — clusters, cost over time, top namespaces and workloads. */
export function useContainersSummary(params: Record<string, string>) {
  return useQuery({
    queryKey: containersKeys.summary(params),
    queryFn: ({ signal }) =>
      apiRequest(CONTAINERS_PATHS.summary, containersSummarySchema, { query: params, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
