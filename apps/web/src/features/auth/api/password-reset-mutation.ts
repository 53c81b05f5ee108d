import { AUTH_PATHS, detailResponseSchema, type EmailOnlyRequest } from '@finlens/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /rest-auth/password/reset/ — mails a reset link; always 200. */
export function usePasswordResetMutation() {
  return useMutation({
    mutationFn: (body: EmailOnlyRequest) =>
      apiRequest(AUTH_PATHS.passwordReset, detailResponseSchema, { method: 'POST', body }),
  });
}
