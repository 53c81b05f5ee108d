import { POLICY_PATHS, policyDataSchema } from '@finlens/contracts/policy';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { policyKeys } from './keys';

/** GET /c/policy_version/?project_id=… — the latest IAM policy and each project's accepted version. */
export function fetchPolicyVersion(projectId = 'all', signal?: AbortSignal) {
  return apiRequest(POLICY_PATHS.policyVersion, policyDataSchema, {
    query: { project_id: projectId },
    signal,
  });
}

function policyVersionQueryOptions(projectId = 'all') {
  return queryOptions({
    queryKey: policyKeys.policyVersion(projectId),
    queryFn: ({ signal }) => fetchPolicyVersion(projectId, signal),
    staleTime: 5 * 60_000,
  });
}

export function usePolicyVersion(projectId = 'all') {
  return useQuery(policyVersionQueryOptions(projectId));
}
