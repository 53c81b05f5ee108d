import { CHARGEBACK_PATHS, type StatementsQuery, statementsSchema } from '@finlens/contracts/chargebacks';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chargebackKeys } from './keys';

/** GET /c/chargeback/statements/ with the center's filters (chargeback GETs carry imply_client, spec §7). */
export function useStatements(query: StatementsQuery) {
  return useQuery({
    queryKey: chargebackKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest(CHARGEBACK_PATHS.statements, statementsSchema, {
        query: { ...query, imply_client: 'true' },
        signal,
      }),
  });
}
