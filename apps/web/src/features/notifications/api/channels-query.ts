import { channelsSchema, NOTIFICATION_PATHS } from '@finlens/contracts/notifications';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** GET the client's channels (every verified member reads them; secrets come back masked). */
export function useChannels() {
  return useQuery({
    queryKey: notificationKeys.channels(),
    queryFn: ({ signal }) => apiRequest(NOTIFICATION_PATHS.channels, channelsSchema, { signal }),
  });
}
