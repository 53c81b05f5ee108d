import { SCHEDULER_PATHS, type ScheduleInput, scheduleSchema } from '@finlens/contracts/scheduler';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulerKeys } from './keys';

/** POST (new) or PATCH (existing id) a schedule. */
export function useSaveSchedule(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<ScheduleInput>) =>
      id === null
        ? apiRequest(SCHEDULER_PATHS.schedules, scheduleSchema, { method: 'POST', body })
        : apiRequest(SCHEDULER_PATHS.schedule(id), scheduleSchema, { method: 'PATCH', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: schedulerKeys.all }),
  });
}
