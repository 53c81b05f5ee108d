import {
  type Cluster,
  type ClusterInput,
  type ClusterPatch,
  clusterListSchema,
  clusterSchema,
  KUBERNETES_PATHS,
  workloadListSchema,
} from '@finlens/contracts/kubernetes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { schedulerKeys } from './keys';

/** GET /c/kubernetes/clusters/ — the Kubernetes clusters of the caller's projects (no credentials). */
export function useKubernetesClusters() {
  return useQuery({
    queryKey: schedulerKeys.clusters(),
    queryFn: ({ signal }) => apiRequest(KUBERNETES_PATHS.clusters, clusterListSchema, { signal }),
  });
}

/** GET /c/kubernetes/clusters/:id/workloads/?namespace= — the namespace's Deployments and StatefulSets, live. */
export function useClusterWorkloads(clusterId: string | null, namespace: string) {
  return useQuery({
    queryKey: schedulerKeys.workloads(clusterId ?? '', namespace),
    queryFn: ({ signal }) =>
      apiRequest(KUBERNETES_PATHS.workloads(clusterId ?? ''), workloadListSchema, {
        query: { namespace },
        signal,
      }),
    enabled: clusterId !== null && namespace !== '',
    retry: false,
  });
}

/** POST (new) or PATCH (existing id) a cluster; credentials left out of a PATCH are kept. */
export function useSaveCluster(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ClusterInput | ClusterPatch) =>
      id === null
        ? apiRequest(KUBERNETES_PATHS.clusters, clusterSchema, { method: 'POST', body })
        : apiRequest(KUBERNETES_PATHS.cluster(id), clusterSchema, { method: 'PATCH', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: schedulerKeys.clusters() }),
  });
}

/**
 * POST /c/kubernetes/clusters/:id/check/ — the server asks the API server now and answers the cluster with the
 * reach it recorded; the list shows it at once.
 */
export function useCheckCluster() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(KUBERNETES_PATHS.check(id), clusterSchema, { method: 'POST' }),
    onSuccess: (checked) => {
      client.setQueryData(
        schedulerKeys.clusters(),
        (list: { results: Cluster[] } | undefined) =>
          list && { results: list.results.map((c) => (c.id === checked.id ? checked : c)) },
      );
      return client.invalidateQueries({ queryKey: schedulerKeys.clusters() });
    },
  });
}

/** DELETE a cluster (refused with 409 while a schedule targets its workloads). */
export function useDeleteCluster() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(KUBERNETES_PATHS.cluster(id), z.unknown(), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: schedulerKeys.clusters() }),
  });
}
