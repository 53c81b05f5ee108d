import { AUTH_PATHS, type LoginRequest, profileSchema } from '@finlens/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './keys';

/** POST /rest-auth/login/ — the server sets the session, CSRF and user_id cookies. */
export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginRequest) => apiRequest(AUTH_PATHS.login, profileSchema, { method: 'POST', body }),
    onSuccess: (profile) => {
      // A previous user's cached data must not leak into this session.
      queryClient.clear();
      queryClient.setQueryData(authKeys.currentUser(), profile);
    },
  });
}
