import { AUTH_PATHS, detailResponseSchema, type VerifyEmailRequest } from '@finlens/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /rest-auth/registration/verify-email/ — the key of the emailed link (sign-in screen `verify_key`). */
export function useVerifyEmailMutation() {
  return useMutation({
    mutationFn: (body: VerifyEmailRequest) =>
      apiRequest(AUTH_PATHS.verifyEmail, detailResponseSchema, { method: 'POST', body }),
  });
}
