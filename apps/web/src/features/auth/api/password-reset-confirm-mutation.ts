import { AUTH_PATHS, detailResponseSchema, type PasswordResetConfirmRequest } from '@finlens/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /rest-auth/password/reset/confirm/ — uid and token from the emailed link, the new password twice. */
export function usePasswordResetConfirmMutation() {
  return useMutation({
    mutationFn: (body: PasswordResetConfirmRequest) =>
      apiRequest(AUTH_PATHS.passwordResetConfirm, detailResponseSchema, { method: 'POST', body }),
  });
}
