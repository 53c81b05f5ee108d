import { AUTH_PATHS, detailResponseSchema } from '@finlens/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /auth/logout/ — ends the server session; the caller forgets the local one whatever the answer. */
export function useLogoutMutation() {
  return useMutation({
    mutationFn: () => apiRequest(AUTH_PATHS.logout, detailResponseSchema, { method: 'POST' }),
  });
}
