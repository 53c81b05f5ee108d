import { SCHEDULER_PATHS, scheduleListSchema, scheduleSchema } from '@finlens/contracts/scheduler';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulerKeys } from './keys';

/** GET /c/scheduler/schedules/ — every schedule of the caller's projects. */
export function useSchedules() {
  return useQuery({
    queryKey: schedulerKeys.list(),
    queryFn: ({ signal }) => apiRequest(SCHEDULER_PATHS.schedules, scheduleListSchema, { signal }),
  });
}

/** GET /c/scheduler/schedules/:id/ — one schedule with its resources, overrides and next action. */
export function useSchedule(id: string | null) {
  return useQuery({
    queryKey: schedulerKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiRequest(SCHEDULER_PATHS.schedule(id ?? ''), scheduleSchema, { signal }),
    enabled: id !== null,
  });
}
