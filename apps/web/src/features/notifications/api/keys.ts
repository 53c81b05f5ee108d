import { useQueryClient } from '@tanstack/react-query';

/** Query keys of the Notifications Center and Notifications tabs. */
export const notificationKeys = {
  all: ['notifications'] as const,
  channels: () => [...notificationKeys.all, 'channels'] as const,
  deliveries: (filter: DeliveryFilter) => [...notificationKeys.all, 'deliveries', filter] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};

/** The delivery log's filters; null shows every channel or status. */
export interface DeliveryFilter {
  channelId: string | null;
  status: string | null;
}

/** After a change the channel list and the delivery log (a test or a removal shows there) are stale. */
export function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}
