import { SHOWBACK_PATHS, showbackDetailSchema } from '@finlens/contracts/showbacks';
import type { DateRange } from '@finlens/cost-model/range-presets';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { showbackKeys } from './keys';
import { GET_EXTRAS, path } from './requests';

/** The detail: cost_distribution, Unallocated and the reconciliation over the range. */
export function useShowbackDetail(id: string, range: DateRange) {
  return useQuery({
    queryKey: showbackKeys.one(id, 'detail', range),
    queryFn: ({ signal }) =>
      apiRequest(path(SHOWBACK_PATHS.one, { id }), showbackDetailSchema, {
        query: { ...range, ...GET_EXTRAS },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
