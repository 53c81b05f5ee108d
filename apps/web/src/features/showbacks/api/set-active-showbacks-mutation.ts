import { SHOWBACK_PATHS, showbackSchema } from '@finlens/contracts/showbacks';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateAll } from './keys';

/** POST set_active_showbacks/ — the ids given become the active ones, the others inactive. */
export function useSetActiveShowbacks() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiRequest(SHOWBACK_PATHS.setActive, z.array(showbackSchema), {
        method: 'POST',
        body: { showback_ids: ids },
      }),
    onSuccess: invalidate,
  });
}
