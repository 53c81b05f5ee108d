import { type OverrideInput, SCHEDULER_PATHS, scheduleOverrideSchema } from '@finlens/contracts/scheduler';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulerKeys } from './keys';

/** POST an override (keep running / stop now until …) of a schedule or one of its resources. */
export function useAddOverride(scheduleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<OverrideInput>) =>
      apiRequest(SCHEDULER_PATHS.overrides(scheduleId), scheduleOverrideSchema, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: schedulerKeys.all }),
  });
}
