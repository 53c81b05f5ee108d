import { type ChannelUpdate, channelSchema, NOTIFICATION_PATHS } from '@finlens/contracts/notifications';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateAll } from './keys';

/** PATCH a channel (admin); secrets left out of the body are kept. */
export function useUpdateChannelMutation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ChannelUpdate }) =>
      apiRequest(NOTIFICATION_PATHS.channel(id), channelSchema, { method: 'PATCH', body }),
    onSuccess: invalidate,
  });
}
