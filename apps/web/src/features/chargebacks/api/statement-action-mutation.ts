import { CHARGEBACK_PATHS, chargebackPath, statementSchema } from '@finlens/contracts/chargebacks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chargebackKeys } from './keys';

export type StatementAction =
  | { kind: 'issue' | 'reissue'; id: string }
  | { kind: 'void'; id: string; reason: string };

/** POST …/:id/issue/, reissue/ or void/: moves a statement on; every list and statement is read again. */
export function useStatementAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: StatementAction) =>
      apiRequest(chargebackPath(CHARGEBACK_PATHS[action.kind], action.id), statementSchema, {
        method: 'POST',
        ...(action.kind === 'void' ? { body: { reason: action.reason } } : {}),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargebackKeys.statements() }),
  });
}
