import { AUTH_PATHS, detailResponseSchema, type RegistrationRequest } from '@finlens/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /rest-auth/registration/ — creates the client and its first admin, mails a verification link. */
export function useRegistrationMutation() {
  return useMutation({
    mutationFn: (body: RegistrationRequest) =>
      apiRequest(AUTH_PATHS.registration, detailResponseSchema, { method: 'POST', body }),
  });
}
