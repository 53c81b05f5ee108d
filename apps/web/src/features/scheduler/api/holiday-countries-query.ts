import { holidayCountriesSchema, SCHEDULER_PATHS } from '@finlens/contracts/scheduler';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulerKeys } from './keys';

/** GET /c/scheduler/holiday_countries/ — countries with a public-holiday list. */
export function useHolidayCountries() {
  return useQuery({
    queryKey: schedulerKeys.holidayCountries(),
    queryFn: ({ signal }) => apiRequest(SCHEDULER_PATHS.holidayCountries, holidayCountriesSchema, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
