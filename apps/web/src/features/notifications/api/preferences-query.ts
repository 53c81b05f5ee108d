import { NOTIFICATION_PATHS, preferencesSchema } from '@finlens/contracts/notifications';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** GET the caller's own notification preferences (defaults until they save any). */
export function usePreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) => apiRequest(NOTIFICATION_PATHS.preferences, preferencesSchema, { signal }),
  });
}
