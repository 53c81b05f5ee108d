import { NOTIFICATION_PATHS, type Preferences, preferencesSchema } from '@finlens/contracts/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** PUT the caller's preferences; answers the saved ones. */
export function useSavePreferencesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Preferences) =>
      apiRequest(NOTIFICATION_PATHS.preferences, preferencesSchema, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences(), saved),
  });
}
