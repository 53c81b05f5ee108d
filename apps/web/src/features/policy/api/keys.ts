/** Query keys of the IAM policy calls. */
export const policyKeys = {
  all: ['policy'] as const,
  policyVersion: (projectId: string) => [...policyKeys.all, 'policy-version', projectId] as const,
};
