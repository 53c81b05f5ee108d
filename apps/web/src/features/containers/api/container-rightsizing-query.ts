import { CONTAINERS_PATHS, rightsizingSchema } from '@finlens/contracts/containers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { containersKeys } from './keys';

/** GET /c/containers/rightsizing/ — per workload, requests against use and the recommended requests. */
export function useContainerRightsizing(params: Record<string, string>) {
  return useQuery({
    queryKey: containersKeys.rightsizing(params),
    queryFn: ({ signal }) =>
      apiRequest(CONTAINERS_PATHS.rightsizing, rightsizingSchema, { query: params, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
