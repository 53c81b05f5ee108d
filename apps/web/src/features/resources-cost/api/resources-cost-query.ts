import { RESOURCES_COST_PATHS, resourcesCostListSchema } from '@finlens/contracts/resources-cost';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resourcesCostKeys } from './keys';

/** GET /c/resources_cost/ — one page of resources with their cost, for the page's URL parameters. */
export function useResourcesCost(params: Record<string, string>) {
  return useQuery({
    queryKey: resourcesCostKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequest(RESOURCES_COST_PATHS.list, resourcesCostListSchema, { query: params, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The export's address for the same selection (the browser downloads it with the session cookie). */
export function resourcesCostExportHref(params: Record<string, string>): string {
  const { page: _page, page_size: _size, ...rest } = params;
  const query = new URLSearchParams(rest).toString();
  return `${RESOURCES_COST_PATHS.export}${query === '' ? '' : `?${query}`}`;
}
