/** Query keys of the Organization overview's own calls (its cost queries share the Explorer's keys). */
export const organizationOverviewKeys = {
  all: ['organization-overview'] as const,
  projects: () => [...organizationOverviewKeys.all, 'projects'] as const,
  organizationAccounts: () => [...organizationOverviewKeys.all, 'organization-accounts'] as const,
};
