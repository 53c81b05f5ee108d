import {
  SCHEDULER_PATHS,
  type Schedule,
  scheduleListSchema,
  scheduleSchema,
} from '@finlens/contracts/scheduler';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { IN_FLIGHT_POLL_MS, schedulerKeys } from './keys';

const TRANSITIONAL = /^(pending|stopping|starting|updating|creating|modifying)$/;

/** GET /c/scheduler/schedules/ — every schedule of the caller's projects. */
export function useSchedules() {
  return useQuery({
    queryKey: schedulerKeys.list(),
    queryFn: ({ signal }) => apiRequest(SCHEDULER_PATHS.schedules, scheduleListSchema, { signal }),
  });
}

/**
 * GET /c/scheduler/schedules/:id/ — one schedule with its resources, overrides and next action; asked again
 * every few seconds while `alsoPollWhile` holds for it (a one-off of its resources queued, say).
 */
export function useSchedule(id: string | null, alsoPollWhile?: (schedule: Schedule) => boolean) {
  return useQuery({
    queryKey: schedulerKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiRequest(SCHEDULER_PATHS.schedule(id ?? ''), scheduleSchema, { signal }),
    enabled: id !== null,
    // Resources between states (a start or stop in flight) are asked about again until they settle.
    refetchInterval: (query) => {
      const schedule = query.state.data;
      if (schedule === undefined) return false;
      return schedule.scheduled_resources.some((r) => TRANSITIONAL.test(r.state)) || alsoPollWhile?.(schedule)
        ? IN_FLIGHT_POLL_MS
        : false;
    },
    refetchOnWindowFocus: true,
  });
}
