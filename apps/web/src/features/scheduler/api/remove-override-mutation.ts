import { SCHEDULER_PATHS } from '@finlens/contracts/scheduler';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { schedulerKeys } from './keys';

/** DELETE an override: the schedule's rule applies again from now. */
export function useRemoveOverride(scheduleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (overrideId: string) =>
      apiRequest(SCHEDULER_PATHS.override(scheduleId, overrideId), z.unknown(), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: schedulerKeys.all }),
  });
}
