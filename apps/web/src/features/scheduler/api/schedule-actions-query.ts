import { SCHEDULER_PATHS, scheduleActionListSchema } from '@finlens/contracts/scheduler';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulerKeys } from './keys';

/** GET /c/scheduler/schedules/:id/actions/ — the action log, newest first. */
export function useScheduleActions(id: string) {
  return useQuery({
    queryKey: schedulerKeys.actions(id),
    queryFn: ({ signal }) => apiRequest(SCHEDULER_PATHS.actions(id), scheduleActionListSchema, { signal }),
    refetchInterval: 60_000,
  });
}
