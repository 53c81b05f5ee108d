import { matchesLabelSelector, type WorkloadKind } from '@finlens/contracts/kubernetes';
import type { ScenarioKubernetesCluster } from '../cloud/simulated/scenario-schema';
import type { SimClock } from '../cloud/simulated/sim-clock';
import {
  type ClusterWorkload,
  KubernetesApiError,
  type KubernetesPort,
  type ScaleChange,
  type WorkloadRef,
} from './kubernetes-port';

/** A workload's scale set through the port: replicas now, the count before, and when (the cloud's clock). */
export interface SimulatedScale {
  replicas: number;
  previous: number;
  changedAt: Date;
}

/** Where a simulated cluster keeps the scales set through it (the app database), by `namespace/kind/name`. */
export interface SimulatedScales {
  read(): Promise<Map<string, SimulatedScale>>;
  write(ref: WorkloadRef, scale: SimulatedScale): Promise<void>;
}

export const simulatedScaleKey = (ref: WorkloadRef) => `${ref.namespace}/${ref.kind}/${ref.name}`;

const resource = (kind: WorkloadKind) => `${kind}s.apps`;

/**
 * A Kubernetes cluster simulated from the cloud scenario's `kubernetes` section (docs/containers.md): the same
 * port as a real cluster's API server. Its workloads are the scenario's, with the replicas last set through the
 * port (kept by `scales`, so every process sees them); a scale takes the scenario's `transitionSeconds` on the
 * simulated cloud's clock to be ready (readyReplicas stays at the count before until then). `cluster` null: the
 * scenario no longer has a cluster of that name, and every call is answered 404.
 */
export function createSimulatedKubernetes({
  name,
  cluster,
  scales,
  clock,
  transitionSeconds,
}: {
  name: string;
  cluster: ScenarioKubernetesCluster | null;
  scales: SimulatedScales;
  clock: SimClock;
  transitionSeconds: number;
}): KubernetesPort {
  function spec(): ScenarioKubernetesCluster {
    if (cluster === null) {
      throw new KubernetesApiError(
        `the project's cloud scenario has no Kubernetes cluster named "${name}"`,
        404,
      );
    }
    return cluster;
  }

  async function workloads(): Promise<ClusterWorkload[]> {
    const set = await scales.read();
    const now = clock.now().getTime();
    return spec().workloads.map((w) => {
      const scale = set.get(simulatedScaleKey(w));
      const replicas = scale?.replicas ?? w.replicas;
      const settled = scale === undefined || now >= scale.changedAt.getTime() + transitionSeconds * 1000;
      return {
        kind: w.kind,
        namespace: w.namespace,
        name: w.name,
        replicas,
        readyReplicas: settled ? replicas : (scale?.previous ?? replicas),
        labels: { ...w.labels },
      };
    });
  }

  async function find(ref: WorkloadRef): Promise<ClusterWorkload> {
    const found = (await workloads()).find(
      (w) => w.kind === ref.kind && w.namespace === ref.namespace && w.name === ref.name,
    );
    if (found === undefined)
      throw new KubernetesApiError(`${resource(ref.kind)} "${ref.name}" not found`, 404);
    return found;
  }

  return {
    async check() {
      spec();
    },

    async listNamespaces() {
      return [...new Set(spec().workloads.map((w) => w.namespace))].sort();
    },

    async listWorkloads(namespace, kind, labelSelector) {
      return (await workloads()).filter(
        (w) =>
          w.namespace === namespace &&
          w.kind === kind &&
          (labelSelector == null || matchesLabelSelector(labelSelector, w.labels)),
      );
    },

    async readScale(ref) {
      return (await find(ref)).replicas;
    },

    async scale(ref, replicas): Promise<ScaleChange> {
      if (!Number.isInteger(replicas) || replicas < 0) {
        throw new KubernetesApiError(`${resource(ref.kind)} "${ref.name}": spec.replicas must be ≥ 0`, 422);
      }
      const before = (await find(ref)).replicas;
      if (before !== replicas)
        await scales.write(ref, { replicas, previous: before, changedAt: clock.now() });
      return { before, after: replicas };
    },
  };
}
