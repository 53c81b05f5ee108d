import { SCHEDULER_PATHS } from '@finlens/contracts/scheduler';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { schedulerKeys } from './keys';

/** DELETE a schedule (its overrides and saved group sizes go with it; the action log stays). */
export function useDeleteSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(SCHEDULER_PATHS.schedule(id), z.unknown(), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: schedulerKeys.all }),
  });
}
