import { NOTIFICATION_PATHS } from '@finlens/contracts/notifications';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateAll } from './keys';

/** DELETE a channel (admin) → 204; its deliveries stay in the log. */
export function useDeleteChannelMutation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(NOTIFICATION_PATHS.channel(id), z.undefined(), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
