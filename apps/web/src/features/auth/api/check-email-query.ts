import { AUTH_PATHS, checkEmailResponseSchema } from '@finlens/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './keys';

/**
 * GET /rest-auth/check_email/{email}/ — whether the address's domain signs in through SSO. It never says
 * whether an account exists (ADR 0002). Asked once the user leaves the email field with a valid address.
 */
export function useCheckEmail(email: string | null) {
  return useQuery({
    queryKey: authKeys.checkEmail(email ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(AUTH_PATHS.checkEmail(email ?? ''), checkEmailResponseSchema, { signal }),
    enabled: email !== null,
    staleTime: 5 * 60_000,
  });
}
