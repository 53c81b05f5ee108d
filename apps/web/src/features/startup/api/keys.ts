/** Query keys of the start-up chain's calls (spec §4): client, status, projects, policy, payment, spend. */
export const startupKeys = {
  all: ['startup'] as const,
  client: (id: string) => [...startupKeys.all, 'client', id] as const,
  status: () => [...startupKeys.all, 'status'] as const,
  projectsAws: () => [...startupKeys.all, 'projects-aws'] as const,
  policyVersion: (projectId: string) => [...startupKeys.all, 'policy-version', projectId] as const,
  paymentMethod: () => [...startupKeys.all, 'payment-method'] as const,
  packageInfo: () => [...startupKeys.all, 'package'] as const,
  costSummary: () => [...startupKeys.all, 'cost-summary'] as const,
};
