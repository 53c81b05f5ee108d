import { SHOWBACK_PATHS, type ShowbackPatch, showbackSchema } from '@finlens/contracts/showbacks';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateAll } from './keys';
import { path } from './requests';

export function useUpdateShowback(id: string) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (patch: ShowbackPatch) =>
      apiRequest(path(SHOWBACK_PATHS.one, { id }), showbackSchema, { method: 'PATCH', body: patch }),
    onSuccess: invalidate,
  });
}
