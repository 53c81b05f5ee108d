import { ledgerTotalsSchema, SAVINGS_LEDGER_PATHS } from '@finlens/contracts/savings-ledger';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ledgerKeys } from './keys';

type GroupBy = 'month' | 'account' | 'showback_value';

/** GET /c/savings_ledger/totals/ — estimated, applied and realised savings per month, account or showback value. */
export function useLedgerTotals(groupBy: GroupBy) {
  return useQuery({
    queryKey: ledgerKeys.totals(groupBy),
    queryFn: ({ signal }) =>
      apiRequest(SAVINGS_LEDGER_PATHS.totals, ledgerTotalsSchema, { query: { group_by: groupBy }, signal }),
  });
}
