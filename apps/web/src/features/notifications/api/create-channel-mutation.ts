import { type ChannelCreate, channelSchema, NOTIFICATION_PATHS } from '@finlens/contracts/notifications';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateAll } from './keys';

/** POST a new channel (admin) → 201 with the channel. */
export function useCreateChannelMutation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (body: ChannelCreate) =>
      apiRequest(NOTIFICATION_PATHS.channels, channelSchema, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}
