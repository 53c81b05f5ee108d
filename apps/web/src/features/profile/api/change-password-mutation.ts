import { AUTH_PATHS, detailResponseSchema, type PasswordChangeRequest } from '@finlens/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /rest-auth/password/change/ — 400 under `old_password` when the current password is wrong. */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (body: PasswordChangeRequest) =>
      apiRequest(AUTH_PATHS.passwordChange, detailResponseSchema, { method: 'POST', body }),
  });
}
