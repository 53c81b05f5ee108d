/** How often a scheduler view asks again while an action is in flight (a tick is a minute by default). */
export const IN_FLIGHT_POLL_MS = 5_000;

/** Query keys of the resource scheduler. */
export const schedulerKeys = {
  all: ['scheduler'] as const,
  list: () => [...schedulerKeys.all, 'list'] as const,
  detail: (id: string) => [...schedulerKeys.all, 'detail', id] as const,
  timeline: (id: string, week: string | null) => [...schedulerKeys.all, 'timeline', id, week] as const,
  actions: (id: string) => [...schedulerKeys.all, 'actions', id] as const,
  holidayCountries: () => [...schedulerKeys.all, 'holiday-countries'] as const,
  oneOffs: () => [...schedulerKeys.all, 'one-offs'] as const,
  estimate: (body: unknown) => [...schedulerKeys.all, 'estimate', body] as const,
  clusters: () => [...schedulerKeys.all, 'clusters'] as const,
  workloads: (clusterId: string, namespace: string) =>
    [...schedulerKeys.all, 'clusters', clusterId, 'workloads', namespace] as const,
  namespaces: (clusterId: string) => [...schedulerKeys.all, 'clusters', clusterId, 'namespaces'] as const,
  selectedWorkloads: (clusterId: string, namespace: string, kind: string, selector: string) =>
    [...schedulerKeys.workloads(clusterId, namespace), kind, selector] as const,
  resources: (projectId: string, kind: string) =>
    [...schedulerKeys.all, 'resources', projectId, kind] as const,
};
