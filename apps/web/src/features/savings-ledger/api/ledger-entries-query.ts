import {
  type LedgerSource,
  ledgerEntriesSchema,
  SAVINGS_LEDGER_PATHS,
} from '@finlens/contracts/savings-ledger';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ledgerKeys } from './keys';

/** GET /c/savings_ledger/entries/ — every entry of the caller's projects, of recommendations, schedules or both. */
export function useLedgerEntries(source: LedgerSource | null) {
  return useQuery({
    queryKey: ledgerKeys.entries(source ?? 'all'),
    queryFn: ({ signal }) =>
      apiRequest(SAVINGS_LEDGER_PATHS.entries, ledgerEntriesSchema, {
        query: source === null ? {} : { source },
        signal,
      }),
  });
}

/** The ledger's CSV (GET /c/savings_ledger/export/), of one source or both. */
export const ledgerExportHref = (source: LedgerSource | null) =>
  source === null ? SAVINGS_LEDGER_PATHS.export : `${SAVINGS_LEDGER_PATHS.export}?source=${source}`;
