import { SHOWBACK_PATHS, showbackPath, valueAccessSchema } from '@finlens/contracts/showbacks';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateAll } from './keys';
import type { ValueAccess } from './value-access-query';

/** PUT value_access/: one member's client-wide "all values" flag and their values of this showback. */
export function useSetValueAccess(id: string) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (access: Omit<ValueAccess, 'email'>) =>
      apiRequest(showbackPath(SHOWBACK_PATHS.valueAccess, { id }), valueAccessSchema, {
        method: 'PUT',
        body: access,
      }),
    onSuccess: invalidate,
  });
}
