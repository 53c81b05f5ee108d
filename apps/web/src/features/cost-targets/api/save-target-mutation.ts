import {
  type CostTargetInput,
  costTargetSchema,
  COST_TARGET_PATHS as P,
} from '@finlens/contracts/cost-targets';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateTargets } from './keys';
import { withId } from './requests';

/** Spec §4: an existing id means PATCH, otherwise POST. */
export function useSaveTarget() {
  const onSuccess = useInvalidateTargets();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CostTargetInput }) =>
      id === null
        ? apiRequest(P.targets, costTargetSchema, { method: 'POST', body: input })
        : apiRequest(withId(P.target, id), costTargetSchema, { method: 'PATCH', body: input }),
    onSuccess,
  });
}
