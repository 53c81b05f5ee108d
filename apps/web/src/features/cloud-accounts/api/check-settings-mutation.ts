import {
  CLOUD_ACCOUNT_PATHS,
  type CloudAccountSettings,
  connectionCheckSchema,
} from '@finlens/contracts/cloud-accounts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** What a dialog tests: the settings as typed, or the saved ones when only the server holds the credentials. */
export type CheckTarget = { settings: CloudAccountSettings } | { accountId: string };

/** POST /c/cloud_accounts/check/ with unsaved settings, or /c/cloud_accounts/{id}/check/ (admin). */
export function useCheckSettingsMutation() {
  return useMutation({
    mutationFn: (target: CheckTarget) =>
      'settings' in target
        ? apiRequest(CLOUD_ACCOUNT_PATHS.check, connectionCheckSchema, {
            method: 'POST',
            body: target.settings,
          })
        : apiRequest(CLOUD_ACCOUNT_PATHS.checkSaved(target.accountId), connectionCheckSchema, {
            method: 'POST',
          }),
  });
}
