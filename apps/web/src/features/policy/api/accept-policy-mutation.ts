import { POLICY_PATHS, type PolicyAcceptRequest, policyDataSchema } from '@finlens/contracts/policy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useStartupStore } from '../../../lib/startup-store';
import { policyKeys } from './keys';

/**
 * POST /c/policy_version/ (admin) — accepts the latest IAM policy for one project or 'all'. Spec §4: policy
 * loading is set until it is done or failed, and accepting reloads the policy data.
 */
export function useAcceptPolicyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PolicyAcceptRequest) =>
      apiRequest(POLICY_PATHS.policyVersion, policyDataSchema, { method: 'POST', body }),
    onMutate: () => useStartupStore.setState({ policyLoading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policyKeys.all }),
    onSettled: () => useStartupStore.setState({ policyLoading: false }),
  });
}
