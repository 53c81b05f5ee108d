import { COST_TARGET_PATHS as P, planningListSchema } from '@finlens/contracts/cost-targets';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateTargets } from './keys';
import { withId } from './requests';

/** POST cost_target/{id}/upload_csv/ — all rows or none; a bad row answers 400 with `rows.<n>.<column>`. */
export function useUploadPlanCsv(targetId: string) {
  const onSuccess = useInvalidateTargets();
  return useMutation({
    mutationFn: (csv: string) =>
      apiRequest(withId(P.uploadCsv, targetId), planningListSchema, { method: 'POST', body: { csv } }),
    onSuccess,
  });
}
