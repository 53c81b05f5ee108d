import { SHOWBACK_PATHS } from '@finlens/contracts/showbacks';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateAll } from './keys';
import { NO_CONTENT, path } from './requests';

export function useDeleteShowback() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(path(SHOWBACK_PATHS.one, { id }), NO_CONTENT, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
