import { combinedValueSchema, SHOWBACK_PATHS } from '@finlens/contracts/showbacks';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateAll } from './keys';
import { path } from './requests';

export function useSaveCombinedValue(id: string) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({
      combinedId,
      name,
      values,
    }: {
      combinedId: string | null;
      name: string;
      values: string[];
    }) => {
      const body = { name, combined_values: values };
      return combinedId === null
        ? apiRequest(path(SHOWBACK_PATHS.combinedValues, { id }), combinedValueSchema, {
            method: 'POST',
            body,
          })
        : apiRequest(path(SHOWBACK_PATHS.combinedValue, { id, combinedId }), combinedValueSchema, {
            method: 'PUT',
            body,
          });
    },
    onSuccess: invalidate,
  });
}
