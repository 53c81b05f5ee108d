import { COST_TARGET_PATHS as P } from '@finlens/contracts/cost-targets';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateTargets } from './keys';
import { withId } from './requests';

/** DELETE cost_target/{id}/ — 204. */
export function useDeleteTarget() {
  const onSuccess = useInvalidateTargets();
  return useMutation({
    mutationFn: (id: string) => apiRequest(withId(P.target, id), z.undefined(), { method: 'DELETE' }),
    onSuccess,
  });
}
