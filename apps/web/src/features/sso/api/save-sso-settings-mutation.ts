import { SSO_PATHS, type SsoSettingsUpdate, ssoSettingsSchema } from '@finlens/contracts/sso';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ssoKeys } from './keys';

/** PUT /c/sso/ (admin) — without client_secret the stored one is kept; answers the saved settings. */
export function useSaveSsoSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoSettingsUpdate) =>
      apiRequest(SSO_PATHS.settings, ssoSettingsSchema, { method: 'PUT', body }),
    onSuccess: (settings) => queryClient.setQueryData(ssoKeys.settings(), settings),
  });
}
