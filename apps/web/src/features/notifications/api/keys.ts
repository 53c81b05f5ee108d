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
