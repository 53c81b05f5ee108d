import {
  type RemediationSettings,
  remediationSettingsSchema,
  SAVINGS_LEDGER_PATHS,
} from '@finlens/contracts/savings-ledger';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ledgerKeys } from './keys';

/** GET Settings → Remediation: which rules may be applied automatically, where, with which approval. */
export function useRemediation() {
  return useQuery({
    queryKey: ledgerKeys.remediation(),
    queryFn: ({ signal }) =>
      apiRequest(SAVINGS_LEDGER_PATHS.remediation, remediationSettingsSchema, { signal }),
  });
}

/** PUT the client's policies whole (admins). */
export function useSaveRemediation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RemediationSettings) =>
      apiRequest(SAVINGS_LEDGER_PATHS.remediation, remediationSettingsSchema, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(ledgerKeys.remediation(), saved),
  });
}
