import { SSO_PATHS, ssoSettingsSchema } from '@finlens/contracts/sso';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ssoKeys } from './keys';

/** GET /c/sso/ (admin) — the active client's provider settings; the secret is never returned. */
export function useSsoSettings({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ssoKeys.settings(),
    queryFn: ({ signal }) => apiRequest(SSO_PATHS.settings, ssoSettingsSchema, { signal }),
    // Members are refused (403): do not ask for them.
    enabled,
  });
}
