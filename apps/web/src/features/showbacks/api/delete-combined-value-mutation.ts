import { SHOWBACK_PATHS } from '@finlens/contracts/showbacks';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateAll } from './keys';
import { NO_CONTENT, path } from './requests';

export function useDeleteCombinedValue(id: string) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (combinedId: string) =>
      apiRequest(path(SHOWBACK_PATHS.combinedValue, { id, combinedId }), NO_CONTENT, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
