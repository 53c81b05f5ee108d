import { AUTH_PATHS, type ProfileUpdate, profileSchema } from '@finlens/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** PATCH /c/current/user/ — names (and picture); answers the updated profile, which replaces the cached one. */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) =>
      apiRequest(AUTH_PATHS.currentUser, profileSchema, { method: 'PATCH', body }),
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.profile(), profile),
  });
}
