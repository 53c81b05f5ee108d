import { WORKLOAD_KINDS, type WorkloadTarget, workloadResourceKind } from '@finlens/contracts/kubernetes';
import {
  type ClusterWorkload,
  KubernetesApiError,
  type KubernetesPort,
} from '../../integrations/kubernetes/kubernetes-port';
import type { Step } from './reconcile-step';
import type { ReconcilerRepo } from './reconciler.repo';
import type { ScheduleRow } from './scheduler.tables';

/** The clusters the reconciler reaches: each id's project and a port to its API server. */
export interface ScheduleWorkloads {
  ports(clusterIds: readonly string[]): Promise<Map<string, { projectId: string; port: KubernetesPort }>>;
  /** Records what the tick found of a cluster: answered (error null), or the failure, shown on its page. */
  reached(clusterId: string, error: string | null): Promise<void>;
}

export interface FoundWorkload {
  schedule: ScheduleRow;
  cluster: string;
  workload: ClusterWorkload;
  port: KubernetesPort;
}

export const replicasLabel = (replicas: number) => `${replicas} replica${replicas === 1 ? '' : 's'}`;

/** Where a workload stands in the action log and saved sizes: the cluster id as its account, the namespace as its region. */
export function workloadSubject(cluster: string, w: ClusterWorkload) {
  return {
    account_id: cluster,
    region: w.namespace,
    kind: workloadResourceKind(w.kind),
    resource_id: w.name,
  };
}

const WORKLOAD_RESOURCE_KINDS = new Set<string>(WORKLOAD_KINDS.map(workloadResourceKind));

/** A scheduler kind that names a Kubernetes workload (k8s-deployment, k8s-statefulset). */
export const isWorkloadKind = (kind: string) => WORKLOAD_RESOURCE_KINDS.has(kind);

/**
 * How an override names a workload: `<cluster id>/<namespace>/<name>` (a name alone is not unique across
 * namespaces or clusters). Other subjects keep their resource id.
 */
export function overrideSubject(s: {
  account_id: string;
  region: string;
  kind: string;
  resource_id: string;
}) {
  return isWorkloadKind(s.kind)
    ? { kind: s.kind, resource_id: `${s.account_id}/${s.region}/${s.resource_id}` }
    : { kind: s.kind, resource_id: s.resource_id };
}

/**
 * Whether a schedule scales the workload an override names (`<cluster id>/<namespace>/<name>`): a target of the
 * same cluster, namespace and kind that names it, or selects by labels (the labels are the cluster's to match).
 */
export function scheduleTakesWorkload(targets: readonly WorkloadTarget[], kind: string, id: string): boolean {
  const [cluster, namespace, name, ...rest] = id.split('/');
  if (!cluster || !namespace || !name || rest.length > 0) return false;
  return targets.some(
    (t) =>
      t.cluster === cluster &&
      t.namespace === namespace &&
      workloadResourceKind(t.kind) === kind &&
      (t.name === null || t.name === name),
  );
}

const matches = (target: WorkloadTarget, w: ClusterWorkload) =>
  target.name === null || target.name === w.name;

/**
 * The workloads the schedules target, as their clusters report them now: one list call per cluster, namespace,
 * kind and selector (named workloads share their namespace's listing). A cluster that cannot be reached, or a
 * cluster of another project, leaves its workloads out of this tick — the failure is recorded on the cluster
 * (its page shows it unreachable, with the answer), as every answer is; a workload two schedules match is acted
 * on by the first only.
 */
export async function listScheduledWorkloads(
  clusters: ScheduleWorkloads,
  schedules: readonly ScheduleRow[],
  report: { portCalls: number },
): Promise<FoundWorkload[]> {
  const ports = await clusters.ports(schedules.flatMap((s) => s.workloads.map((t) => t.cluster)));
  const lists = new Map<string, Promise<ClusterWorkload[] | null>>();
  // Per cluster, the first failure of this tick (null: every listing answered).
  const reach = new Map<string, string | null>();
  const found: FoundWorkload[] = [];
  const taken = new Set<string>();
  for (const schedule of schedules) {
    for (const target of schedule.workloads) {
      const cluster = ports.get(target.cluster);
      if (!cluster || cluster.projectId !== schedule.project_id) continue;
      const listKey = `${target.cluster}|${target.namespace}|${target.kind}|${target.label_selector ?? ''}`;
      let listing = lists.get(listKey);
      if (listing === undefined) {
        report.portCalls += 1;
        listing = cluster.port.listWorkloads(target.namespace, target.kind, target.label_selector).then(
          (listed) => {
            if (!reach.has(target.cluster)) reach.set(target.cluster, null);
            return listed;
          },
          (error: unknown) => {
            if (!(error instanceof KubernetesApiError)) throw error;
            if ((reach.get(target.cluster) ?? null) === null) reach.set(target.cluster, error.message);
            return null;
          },
        );
        lists.set(listKey, listing);
      }
      for (const workload of (await listing) ?? []) {
        const key = `${target.cluster}/${workload.namespace}/${workload.kind}/${workload.name}`;
        if (!matches(target, workload) || taken.has(key)) continue;
        taken.add(key);
        found.push({ schedule, cluster: target.cluster, workload, port: cluster.port });
      }
    }
  }
  for (const [cluster, error] of reach) await clusters.reached(cluster, error);
  return found;
}

/**
 * Scaling a workload through its scale subresource: at stop the current replicas (read from the subresource)
 * are saved before going to zero; at start the saved count comes back. Nothing saved: nothing to restore.
 */
export function workloadStep(
  repo: Pick<ReconcilerRepo, 'savedSizes' | 'saveSizes'>,
  scheduleId: string,
  cluster: string,
  workload: ClusterWorkload,
  port: KubernetesPort,
  running: boolean,
): () => Promise<Step> {
  const sizeKey = { schedule_id: scheduleId, ...workloadSubject(cluster, workload) };
  const ref = { kind: workload.kind, namespace: workload.namespace, name: workload.name };
  const done = (change: { before: number; after: number }) => ({
    stateAfter: replicasLabel(change.after),
    answer: { replicas: change },
  });
  return async () => {
    if (running) {
      const saved = await repo.savedSizes(sizeKey);
      if (saved === null) return { action: 'scale', run: null, missing: 'no saved replicas to restore' };
      return { action: 'scale', run: async () => done(await port.scale(ref, saved.desired_size)) };
    }
    return {
      action: 'scale',
      run: async () => {
        const replicas = await port.readScale(ref);
        if (replicas > 0) await repo.saveSizes(sizeKey, { min: replicas, desired: replicas, max: replicas });
        return done(await port.scale(ref, 0));
      },
    };
  };
}
