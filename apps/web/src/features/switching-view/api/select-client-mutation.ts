import { AUTH_PATHS, profileSchema } from '@finlens/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /c/select/ — form-encoded `client_id` (spec §7); answers the profile in the new client. */
export function useSelectClientMutation() {
  return useMutation({
    mutationFn: (clientId: string) =>
      apiRequest(AUTH_PATHS.select, profileSchema, {
        method: 'POST',
        body: new URLSearchParams({ client_id: clientId }),
      }),
  });
}
