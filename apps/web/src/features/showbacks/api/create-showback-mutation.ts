import { SHOWBACK_PATHS, type ShowbackInput, showbackSchema } from '@finlens/contracts/showbacks';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateAll } from './keys';

export function useCreateShowback() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (input: Pick<ShowbackInput, 'name' | 'tag_keys' | 'allocation_tag_type'>) =>
      apiRequest(SHOWBACK_PATHS.list, showbackSchema, { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}
