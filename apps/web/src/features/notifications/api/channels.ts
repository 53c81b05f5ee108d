import {
  type ChannelCreate,
  type ChannelUpdate,
  channelSchema,
  channelsSchema,
  NOTIFICATION_PATHS,
  sendTestResultSchema,
} from '@finlens/contracts/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** GET the client's channels (every verified member reads them; secrets come back masked). */
export function useChannels() {
  return useQuery({
    queryKey: notificationKeys.channels(),
    queryFn: ({ signal }) => apiRequest(NOTIFICATION_PATHS.channels, channelsSchema, { signal }),
  });
}

/** After a change the channel list and the delivery log (a test or a removal shows there) are stale. */
function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

/** POST a new channel (admin) → 201 with the channel. */
export function useCreateChannelMutation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (body: ChannelCreate) =>
      apiRequest(NOTIFICATION_PATHS.channels, channelSchema, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

/** PATCH a channel (admin); secrets left out of the body are kept. */
export function useUpdateChannelMutation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ChannelUpdate }) =>
      apiRequest(NOTIFICATION_PATHS.channel(id), channelSchema, { method: 'PATCH', body }),
    onSuccess: invalidate,
  });
}

/** DELETE a channel (admin) → 204; its deliveries stay in the log. */
export function useDeleteChannelMutation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(NOTIFICATION_PATHS.channel(id), z.undefined(), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** GET …/send_test/ (admin): sends one test message now and answers how it went. */
export function useSendTestMutation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) => apiRequest(NOTIFICATION_PATHS.sendTest(id), sendTestResultSchema),
    onSuccess: invalidate,
  });
}
