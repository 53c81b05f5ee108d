import { allocationRulesSchema, SHOWBACK_PATHS } from '@finlens/contracts/showbacks';
import type { DateRange } from '@finlens/cost-model/range-presets';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { showbackKeys } from './keys';
import { GET_EXTRAS, path } from './requests';

export function useAllocationRules(id: string, range: DateRange) {
  return useQuery({
    queryKey: showbackKeys.one(id, 'rules', range),
    queryFn: ({ signal }) =>
      apiRequest(path(SHOWBACK_PATHS.allocationRules, { id }), allocationRulesSchema, {
        query: { ...range, ...GET_EXTRAS },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
