import { SCHEDULER_PATHS, scheduleTimelineSchema } from '@finlens/contracts/scheduler';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulerKeys } from './keys';

/** GET /c/scheduler/schedules/:id/timeline/ — a week of desired vs actual state per resource. */
export function useScheduleTimeline(id: string, week: string | null) {
  return useQuery({
    queryKey: schedulerKeys.timeline(id, week),
    queryFn: ({ signal }) =>
      apiRequest(SCHEDULER_PATHS.timeline(id), scheduleTimelineSchema, {
        query: { week: week ?? undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
