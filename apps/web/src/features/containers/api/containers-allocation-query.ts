import { allocationSchema, CONTAINERS_PATHS } from '@finlens/contracts/containers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { containersKeys } from './keys';

/** GET /c/containers/eks/allocation/ — cost per group (namespace, workload, pod …) with idle shared by a rule. */
export function useContainersAllocation(params: Record<string, string>) {
  return useQuery({
    queryKey: containersKeys.allocation(params),
    queryFn: ({ signal }) =>
      apiRequest(CONTAINERS_PATHS.allocation, allocationSchema, { query: params, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The CSV export of the same selection, every row (the browser downloads it with the session cookie). */
export function allocationExportHref(params: Record<string, string>): string {
  const { page: _page, page_size: _size, ...rest } = params;
  return `${CONTAINERS_PATHS.allocation}?${new URLSearchParams({ ...rest, format: 'csv' }).toString()}`;
}
