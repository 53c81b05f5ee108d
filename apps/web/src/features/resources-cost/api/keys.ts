/** Query keys of Resources Cost. */
export const resourcesCostKeys = {
  all: ['resources-cost'] as const,
  list: (params: Record<string, string>) => [...resourcesCostKeys.all, 'list', params] as const,
  resource: (projectId: string, key: string) =>
    [...resourcesCostKeys.all, 'resource', projectId, key] as const,
  metrics: (projectId: string, resourceId: string) =>
    [...resourcesCostKeys.all, 'metrics', projectId, resourceId] as const,
};
