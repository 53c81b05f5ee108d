import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * The state of a "remove this?" confirmation: `ask(item)` opens it, and `dialog` holds the ConfirmDialog
 * props that run the mutation, show its error, and close on success (or on cancel, forgetting the error).
 */
export function useConfirmRemoval<T, V>(
  mutation: UseMutationResult<unknown, Error, V>,
  variablesOf: (item: T) => V,
) {
  const [target, setTarget] = useState<T | null>(null);
  const dialog = {
    open: target !== null,
    pending: mutation.isPending,
    error: mutation.isError ? mutation.error.message : null,
    onClose: () => {
      mutation.reset();
      setTarget(null);
    },
    onConfirm: () => {
      if (target !== null) mutation.mutate(variablesOf(target), { onSuccess: () => setTarget(null) });
    },
  };
  return { target, ask: setTarget, dialog };
}
