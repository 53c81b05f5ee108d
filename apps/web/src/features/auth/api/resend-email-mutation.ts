import { AUTH_PATHS, detailResponseSchema, type EmailOnlyRequest } from '@finlens/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /rest-auth/registration/resend-email/ — always 200, so it reveals nothing about accounts. */
export function useResendEmailMutation() {
  return useMutation({
    mutationFn: (body: EmailOnlyRequest) =>
      apiRequest(AUTH_PATHS.resendEmail, detailResponseSchema, { method: 'POST', body }),
  });
}
