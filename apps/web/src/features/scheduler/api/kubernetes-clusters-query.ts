import {
  type Cluster,
  type ClusterInput,
  type ClusterPatch,
  clusterListSchema,
  clusterSchema,
  KUBERNETES_PATHS,
  namespaceListSchema,
  type WorkloadTarget,
  workloadListSchema,
} from '@finlens/contracts/kubernetes';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** GET /c/kubernetes/clusters/:id/namespaces/ — the cluster's namespaces, live (a refusal is the cluster's 424). */
export function useClusterNamespaces(clusterId: string) {
  return useQuery({
    queryKey: schedulerKeys.namespaces(clusterId),
    queryFn: ({ signal }) =>
      apiRequest(KUBERNETES_PATHS.namespaces(clusterId), namespaceListSchema, { signal }),
    retry: false,
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

/**
 * The workloads each label-selector target matches now, one GET …/workloads/?namespace=&kind=&label_selector=
 * per target (named targets ask nothing): an override of one of them names it.
 */
export function useSelectedWorkloads(targets: readonly WorkloadTarget[]) {
  const selectors = targets.filter((t) => t.label_selector !== null);
  const answers = useQueries({
    queries: selectors.map((t) => {
      const selector = t.label_selector ?? '';
      return {
        queryKey: schedulerKeys.selectedWorkloads(t.cluster, t.namespace, t.kind, selector),
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          apiRequest(KUBERNETES_PATHS.workloads(t.cluster), workloadListSchema, {
            query: { namespace: t.namespace, kind: t.kind, label_selector: selector },
            signal,
          }),
        retry: false,
      };
    }),
  });
  return selectors.map((target, i) => ({ target, answer: answers[i] }));
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
