import { SCHEDULER_PATHS, type ScheduleInput, scheduleEstimateSchema } from '@finlens/contracts/scheduler';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { schedulerKeys } from './keys';

/** POST /c/scheduler/estimate/ — the pre-flight saving of the schedule as edited (null: not ready to ask). */
export function useScheduleEstimate(body: Partial<ScheduleInput> | null) {
  return useQuery({
    queryKey: schedulerKeys.estimate(body),
    queryFn: ({ signal }) =>
      apiRequest(SCHEDULER_PATHS.estimate, scheduleEstimateSchema, { method: 'POST', body, signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    // A 400 names a field the editor shows; a 429 (the per-client limit on cost queries) passes: ask again.
    retry: (count, error) => error instanceof ApiError && error.status === 429 && count < 20,
    retryDelay: (count) => Math.min(500 * 2 ** count, 8_000),
  });
}
