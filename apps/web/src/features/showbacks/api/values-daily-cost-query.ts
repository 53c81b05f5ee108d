import { SHOWBACK_PATHS, valuesDailyCostSchema } from '@finlens/contracts/showbacks';
import type { DateRange } from '@finlens/cost-model/range-presets';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ShowbackGranularity } from '../showback-view';
import { showbackKeys } from './keys';
import { GET_EXTRAS, path } from './requests';

/** showback_values_daily_cost/ — one series per value (and Unallocated) by day or month. */
export function useValuesDailyCost(id: string, range: DateRange, granularity: ShowbackGranularity) {
  return useQuery({
    queryKey: showbackKeys.one(id, 'series', { ...range, granularity }),
    queryFn: ({ signal }) =>
      apiRequest(path(SHOWBACK_PATHS.valuesDailyCost, { id }), valuesDailyCostSchema, {
        query: { ...range, granularity, ...GET_EXTRAS },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
