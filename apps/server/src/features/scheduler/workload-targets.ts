import type { WorkloadTarget } from '@finlens/contracts/kubernetes';
import { fieldError } from '../../platform/http/http-error';
import type { ScheduleRow } from './scheduler.tables';

/** The clusters a schedule's workloads may name: the project each known cluster belongs to. */
export interface ScheduleClusters {
  projectsOf(clusterIds: readonly string[]): Promise<Map<string, string>>;
}

const named = (t: WorkloadTarget) => `${t.cluster}/${t.namespace}/${t.kind}/${t.name}`;

/**
 * A schedule's workload targets, checked: each names a cluster of the schedule's project (another client's
 * cluster looks unknown) and either a workload name or a label selector; a named workload already in another
 * enabled schedule is refused, as a resource is. 400s name workloads.<index>.<field>.
 */
export async function checkWorkloadTargets(
  targets: readonly WorkloadTarget[],
  projectId: string,
  clusters: ScheduleClusters,
  others: readonly ScheduleRow[],
  enabled: boolean,
): Promise<WorkloadTarget[]> {
  const projects = await clusters.projectsOf(targets.map((t) => t.cluster));
  const seen = new Set<string>();
  targets.forEach((target, index) => {
    if (projects.get(target.cluster) !== projectId) {
      throw fieldError(`workloads.${index}.cluster`, [
        "Choose a Kubernetes cluster of the schedule's project.",
      ]);
    }
    if ((target.name === null) === (target.label_selector === null)) {
      throw fieldError(`workloads.${index}.name`, [
        'Give a workload name or a label selector (one of them).',
      ]);
    }
    if (target.name !== null) {
      if (seen.has(named(target)))
        throw fieldError(`workloads.${index}.name`, ['This workload is listed twice.']);
      seen.add(named(target));
    }
  });
  if (enabled) {
    for (const other of others) {
      const taken = new Set(other.workloads.filter((t) => t.name !== null).map(named));
      const index = targets.findIndex((t) => t.name !== null && taken.has(named(t)));
      if (index >= 0) {
        throw fieldError(`workloads.${index}.name`, [
          `${targets[index]?.name} is already scheduled by "${other.name}".`,
        ]);
      }
    }
  }
  return [...targets];
}
