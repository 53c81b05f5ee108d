import { CHARGEBACK_PATHS, chargebackPath, statementSchema } from '@finlens/contracts/chargebacks';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chargebackKeys } from './keys';

/** GET /c/chargeback/statements/:id/: one statement with its lines. */
export function useStatement(id: string | null) {
  return useQuery({
    queryKey: chargebackKeys.one(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(chargebackPath(CHARGEBACK_PATHS.statement, id ?? ''), statementSchema, {
        query: { imply_client: 'true' },
        signal,
      }),
    enabled: id !== null,
  });
}

/** The statement's CSV or PDF: a plain link, so the browser downloads it with the session cookie. */
export const statementFileHref = (id: string, format: 'csv' | 'pdf') =>
  `${chargebackPath(CHARGEBACK_PATHS[format], id)}?imply_client=true`;
