import { ledgerEntryDetailSchema, SAVINGS_LEDGER_PATHS } from '@finlens/contracts/savings-ledger';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ledgerKeys } from './keys';

/** GET the ledger entry of a recommendation: its state, the actions the caller has, the audit trail. */
export function useLedgerEntry(recommendationId: string) {
  return useQuery({
    queryKey: ledgerKeys.entry(recommendationId),
    queryFn: ({ signal }) =>
      apiRequest(SAVINGS_LEDGER_PATHS.entry(recommendationId), ledgerEntryDetailSchema, { signal }),
    // While an apply waits for the cloud (an instance stopping), look again until it is done.
    refetchInterval: (query) => (query.state.data?.apply_status === 'running' ? 5_000 : false),
  });
}
