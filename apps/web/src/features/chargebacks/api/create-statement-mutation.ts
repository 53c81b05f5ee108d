import { CHARGEBACK_PATHS, type StatementInput, statementSchema } from '@finlens/contracts/chargebacks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chargebackKeys } from './keys';

/** POST /c/chargeback/statements/: a draft of the previewed statement. */
export function useCreateStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StatementInput) =>
      apiRequest(CHARGEBACK_PATHS.statements, statementSchema, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargebackKeys.statements() }),
  });
}
