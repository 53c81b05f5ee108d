/** Query keys of the containers feature (EKS dashboards, details, rightsizing). */
export const containersKeys = {
  all: ['containers'] as const,
  summary: (params: Record<string, string>) => [...containersKeys.all, 'summary', params] as const,
  allocation: (params: Record<string, string>) => [...containersKeys.all, 'allocation', params] as const,
  reconciliation: (params: Record<string, string>) =>
    [...containersKeys.all, 'reconciliation', params] as const,
  rightsizing: (params: Record<string, string>) => [...containersKeys.all, 'rightsizing', params] as const,
};
