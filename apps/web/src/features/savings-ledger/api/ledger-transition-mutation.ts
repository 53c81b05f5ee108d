import {
  type LedgerTransitionBody,
  SAVINGS_LEDGER_PATHS,
  transitionResponseSchema,
} from '@finlens/contracts/savings-ledger';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ledgerKeys } from './keys';

/** POST …/transition/: dismiss, snooze, accept, approve, apply (with its dry run), mark done. */
export function useLedgerTransition(recommendationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LedgerTransitionBody) =>
      apiRequest(SAVINGS_LEDGER_PATHS.transition(recommendationId), transitionResponseSchema, {
        method: 'POST',
        body,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(ledgerKeys.entry(recommendationId), answer.entry);
      return queryClient.invalidateQueries({ queryKey: ['recommendations'] });
    },
  });
}
