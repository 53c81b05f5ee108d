import { deliveriesSchema, NOTIFICATION_PATHS } from '@finlens/contracts/notifications';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type DeliveryFilter, notificationKeys } from './keys';

/** The most the log asks for at once (the contract's maximum); the grid pages through them. */
const DELIVERY_LIMIT = 500;

/** GET the delivery log (admin), newest first, filtered by channel and status on the server. */
export function useDeliveries(filter: DeliveryFilter) {
  return useQuery({
    queryKey: notificationKeys.deliveries(filter),
    queryFn: ({ signal }) =>
      apiRequest(NOTIFICATION_PATHS.deliveries, deliveriesSchema, {
        signal,
        query: { channel_id: filter.channelId, status: filter.status, limit: DELIVERY_LIMIT },
      }),
  });
}
