import { type OneOffInput, oneOffSchema, SCHEDULER_PATHS } from '@finlens/contracts/scheduler';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulerKeys } from './keys';

/** POST a one-off (event-bridge) action: now, or at a day and time. */
export function useAddOneOff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<OneOffInput>) =>
      apiRequest(SCHEDULER_PATHS.oneOffs, oneOffSchema, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: schedulerKeys.all }),
  });
}
