import { type LabelRequirement, labelRequirements, type WorkloadTarget } from '@finlens/contracts/kubernetes';
import { fieldError } from '../../platform/http/http-error';
import type { ScheduleRow } from './scheduler.tables';

/** The clusters a schedule's workloads may name: the project each known cluster belongs to. */
export interface ScheduleClusters {
  projectsOf(clusterIds: readonly string[]): Promise<Map<string, string>>;
}

const named = (t: WorkloadTarget) => `${t.cluster}/${t.namespace}/${t.kind}/${t.name}`;

/**
 * Whether some set of labels satisfies both selectors, i.e. a workload could be matched by both: they are
 * disjoint only when, on some key, one requires the label absent and the other present, or the values both
 * allow are all excluded (app=web and app=api; tier in (a,b) and tier notin (a,b)).
 */
export function selectorsOverlap(a: string, b: string): boolean {
  const byKey = new Map<string, LabelRequirement[]>();
  for (const r of [...labelRequirements(a), ...labelRequirements(b)]) {
    byKey.set(r.key, [...(byKey.get(r.key) ?? []), r]);
  }
  for (const rs of byKey.values()) {
    const mustBe = rs.map((r) => r.present).filter((p) => p !== null);
    if (mustBe.includes(true) && mustBe.includes(false)) return false;
    const excluded = new Set(rs.flatMap((r) => r.excluded));
    let allowed: string[] | null = null;
    for (const r of rs) {
      if (r.allowed !== null)
        allowed = allowed === null ? r.allowed : allowed.filter((v) => r.allowed?.includes(v));
    }
    if (allowed?.every((v) => excluded.has(v))) return false;
  }
  return true;
}

/** Two targets of the same cluster, namespace and kind that can scale the same workload. */
function overlaps(a: WorkloadTarget, b: WorkloadTarget): boolean {
  if (a.cluster !== b.cluster || a.namespace !== b.namespace || a.kind !== b.kind) return false;
  if (a.name !== null && b.name !== null) return a.name === b.name;
  if (a.label_selector !== null && b.label_selector !== null)
    return selectorsOverlap(a.label_selector, b.label_selector);
  // A name against a selector depends on the workload's live labels: a workload both match is acted on by the first only.
  return false;
}

/**
 * A schedule's workload targets, checked: each names a cluster of the schedule's project (another client's
 * cluster looks unknown) and either a workload name or a label selector; a target overlapping one of another
 * enabled schedule (the same named workload, or selectors some workload could match both) is refused, as a
 * resource in two schedules is. 400s name workloads.<index>.<field>.
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
    targets.forEach((target, index) => {
      for (const other of others) {
        const clash = other.workloads.find((t) => overlaps(target, t));
        if (clash === undefined) continue;
        throw target.name !== null
          ? fieldError(`workloads.${index}.name`, [`${target.name} is already scheduled by "${other.name}".`])
          : fieldError(`workloads.${index}.label_selector`, [
              `Overlaps "${other.name}", which scales the ${clash.kind}s of ${clash.namespace} matching ${clash.label_selector}: a workload matching both would be scaled by both.`,
            ]);
      }
    });
  }
  return [...targets];
}
