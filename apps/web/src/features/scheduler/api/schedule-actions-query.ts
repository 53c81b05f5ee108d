import { SCHEDULER_PATHS, scheduleActionListSchema } from '@finlens/contracts/scheduler';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { IN_FLIGHT_POLL_MS, schedulerKeys } from './keys';

/**
 * GET /c/scheduler/schedules/:id/actions/ — the action log, newest first; often while an action is in flight or
 * `soon` says one is coming (a one-off of the schedule's resources queued).
 */
export function useScheduleActions(id: string, soon = false) {
  return useQuery({
    queryKey: schedulerKeys.actions(id),
    queryFn: ({ signal }) => apiRequest(SCHEDULER_PATHS.actions(id), scheduleActionListSchema, { signal }),
    refetchInterval: (query) =>
      soon || query.state.data?.results.some((a) => a.outcome === 'waiting') ? IN_FLIGHT_POLL_MS : 60_000,
    refetchOnWindowFocus: true,
  });
}
