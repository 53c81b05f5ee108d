import { CHARGEBACK_PATHS, type StatementInput, statementSchema } from '@finlens/contracts/chargebacks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chargebackKeys } from './keys';

/** POST /c/chargeback/preview/: the statement the input would make, computed now (nothing stored). */
export function usePreview(input: StatementInput | null) {
  return useQuery({
    queryKey: chargebackKeys.preview(input ?? ({} as StatementInput)),
    queryFn: ({ signal }) =>
      apiRequest(CHARGEBACK_PATHS.preview, statementSchema, { method: 'POST', body: input, signal }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
}
