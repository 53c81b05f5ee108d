import type { WorkloadKind, WorkloadTarget } from '@finlens/contracts/kubernetes';
import {
  DEFAULT_SCHEDULE_ZONE,
  DEFAULT_SCHEDULER_TAG_KEY,
  type OneOff,
  SCHEDULER_RESOURCE_LISTS,
  type Schedule,
  type ScheduleInput,
  type SchedulerResourceList,
  type SchedulerResources,
} from '@finlens/contracts/scheduler';
import {
  HOURS_IN_WEEK,
  WEEK_PRESETS,
  type WeekPreset,
  windowsToPositions,
} from '@finlens/cost-model/scheduler/week';

/** Spec §2: the list, and the details route whose :type is 'schedule' (details) or 'edit' (the editor; id 'new'). */
export const SCHEDULER_LIST_PATH = '/v3/essentials/scheduler/';

/** Why a member sees the scheduler's changes disabled: they stop and start cloud resources (ADR 0009). */
export const SCHEDULER_ADMIN_REASON = 'Only admins change schedules: they stop and start cloud resources.';
export const schedulePath = (id: string) =>
  `/v3/essentials/scheduler-details/schedule/${encodeURIComponent(id)}`;
export const editPath = (id: string | null) =>
  `/v3/essentials/scheduler-details/edit/${id === null ? 'new' : encodeURIComponent(id)}`;

/** Spec §2 /v3/compute-copilot/container-scheduler/: Kubernetes clusters and the schedules of their workloads. */
export const CONTAINER_SCHEDULER_PATH = '/v3/compute-copilot/container-scheduler/';

export const KIND_NAMES: Record<WorkloadKind, string> = {
  deployment: 'Deployments',
  statefulset: 'StatefulSets',
};

/** A workload target in words: `prod-eks · shop/Deployments checkout` or `… matching app=web`. */
export function workloadTargetText(target: WorkloadTarget, clusterName: string): string {
  const what = target.label_selector === null ? (target.name ?? '') : `matching ${target.label_selector}`;
  return `${clusterName} · ${target.namespace}/${KIND_NAMES[target.kind]} ${what}`;
}

export const PRESET_LABELS: Record<WeekPreset, string> = {
  'office-hours': 'Office hours',
  'weekdays-only': 'Weekdays only',
  'nights-off': 'Nights off',
};

export function presetPositions(preset: WeekPreset): number[] {
  return windowsToPositions(WEEK_PRESETS[preset]) ?? [];
}

/** Positions with `cells` set to running (`on`) or stopped; sorted, unique. */
export function paintCells(positions: readonly number[], cells: readonly number[], on: boolean): number[] {
  const set = new Set(positions);
  for (const cell of cells) {
    if (on) set.add(cell);
    else set.delete(cell);
  }
  return [...set].sort((a, b) => a - b);
}

const MOVES: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/** The cell an arrow key moves to (day rows, hour columns; it stops at the edges); null for another key. */
export function moveCell(position: number, key: string): number | null {
  const move = MOVES[key];
  if (move === undefined) return null;
  const day = Math.min(6, Math.max(0, Math.floor(position / 24) + move[0]));
  const hour = Math.min(23, Math.max(0, (position % 24) + move[1]));
  return day * 24 + hour;
}

/** The editor's state: the spec's form fields, the grid as positions, resources by list. */
export interface ScheduleDraft {
  schedule_name: string;
  project: string;
  account_number: string;
  target: string;
  time_zone: string;
  positions: number[];
  resources: SchedulerResources;
  scheduled_by_tag_key: string;
  scheduled_by_tag_value: string;
  hibernate: boolean;
  enforced: boolean;
  enabled: boolean;
  holidays: string[];
  holiday_country: string | null;
  /** Kept as they are: the container scheduler edits them. */
  workloads: Schedule['workloads'];
}

const NO_RESOURCES: SchedulerResources = {
  ec2: [],
  rds: [],
  rds_cluster: [],
  eks_nodegroup: [],
  autoscaling_groups: [],
};

/** A new schedule: spec §3/§9 defaults (office hours 08:00–20:00 Monday–Friday, Los Angeles). */
export function newDraft(project: string): ScheduleDraft {
  return {
    schedule_name: '',
    project,
    account_number: '',
    target: '',
    time_zone: DEFAULT_SCHEDULE_ZONE,
    positions: presetPositions('office-hours'),
    resources: NO_RESOURCES,
    scheduled_by_tag_key: DEFAULT_SCHEDULER_TAG_KEY,
    scheduled_by_tag_value: '',
    hibernate: false,
    enforced: false,
    enabled: true,
    holidays: [],
    holiday_country: null,
    workloads: [],
  };
}

export function draftOf(s: Schedule): ScheduleDraft {
  return {
    schedule_name: s.schedule_name,
    project: s.project,
    account_number: s.account_number ?? '',
    target: s.target ?? '',
    time_zone: s.time_zone,
    // A window off the hour has no positions: the grid shows the hours it touches.
    positions: s.positions ?? hoursTouched(s.windows),
    resources: s.resources,
    scheduled_by_tag_key: s.scheduled_by_tag_key,
    scheduled_by_tag_value: s.scheduled_by_tag_value ?? '',
    hibernate: s.hibernate,
    enforced: s.enforced,
    enabled: s.enabled,
    holidays: s.holidays,
    holiday_country: s.holiday_country,
    workloads: s.workloads,
  };
}

function hoursTouched(windows: readonly { start: number; end: number }[]): number[] {
  const out = new Set<number>();
  for (const w of windows) {
    const length = (w.end - w.start + HOURS_IN_WEEK * 60) % (HOURS_IN_WEEK * 60) || HOURS_IN_WEEK * 60;
    for (let m = 0; m < length; m += 60) out.add(Math.floor(((w.start + m) % (HOURS_IN_WEEK * 60)) / 60));
  }
  return [...out].sort((a, b) => a - b);
}

/** The body the server reads (the position-based variant of the spec's form). */
export function inputOf(d: ScheduleDraft): Partial<ScheduleInput> {
  return {
    schedule_name: d.schedule_name,
    project: d.project,
    account_number: d.account_number.trim() === '' ? null : d.account_number.trim(),
    target: d.target.trim() === '' ? null : d.target.trim(),
    time_zone: d.time_zone,
    positions: d.positions,
    resources: d.resources,
    scheduled_by_tag_key: d.scheduled_by_tag_key,
    scheduled_by_tag_value: d.scheduled_by_tag_value.trim() === '' ? null : d.scheduled_by_tag_value.trim(),
    hibernate: d.hibernate,
    enforced: d.enforced,
    enabled: d.enabled,
    holidays: d.holidays,
    holiday_country: d.holiday_country,
    workloads: d.workloads,
  };
}

const LIST_OF_KIND = Object.fromEntries(
  Object.entries(SCHEDULER_RESOURCE_LISTS).map(([list, kind]) => [kind, list]),
) as Record<string, SchedulerResourceList>;

/** The list a resource kind goes in (ec2-instance → ec2 …), undefined for a kind the scheduler cannot act on. */
const listOfKind = (kind: string): SchedulerResourceList | undefined => LIST_OF_KIND[kind];

/** The picker's selection ("kind|id") as the spec's resource lists. */
export function resourcesOf(selected: readonly string[]): SchedulerResources {
  const out: SchedulerResources = {
    ec2: [],
    rds: [],
    rds_cluster: [],
    eks_nodegroup: [],
    autoscaling_groups: [],
  };
  for (const key of selected) {
    const [kind = '', ...rest] = key.split('|');
    const list = listOfKind(kind);
    if (list !== undefined) out[list].push(rest.join('|'));
  }
  return out;
}

export function selectionOf(resources: SchedulerResources): string[] {
  return (Object.keys(SCHEDULER_RESOURCE_LISTS) as SchedulerResourceList[]).flatMap((list) =>
    resources[list].map((id) => `${SCHEDULER_RESOURCE_LISTS[list]}|${id}`),
  );
}

/**
 * Whether a one-off action not run yet (queued) acts on one of the schedule's resources — its id as the
 * schedule lists it, or written region:id — so the details page asks again until it has run.
 */
export function hasPendingOneOff(
  schedule: Pick<Schedule, 'project' | 'scheduled_resources'>,
  oneOffs: readonly OneOff[],
): boolean {
  const keys = new Set(
    schedule.scheduled_resources.flatMap((r) => [
      `${r.kind}|${r.resource_id}`,
      `${r.kind}|${r.region}:${r.resource_id}`,
    ]),
  );
  return oneOffs.some(
    (o) =>
      o.done_at === null &&
      o.project === schedule.project &&
      selectionOf(o.resources).some((key) => keys.has(key)),
  );
}

/** The editor field a server 400 names ('positions.3' → positions, 'resources.ec2.0' → resources). */
function fieldOfError(path: string): string {
  const [first = ''] = path.split('.');
  return first === 'windows' || first === 'days' || first === 'start' || first === 'end'
    ? 'positions'
    : first;
}

/** Server field errors (the ADR 0002 body's `errors`) by editor field; the first message of each. */
export function errorsByField(body: unknown): Record<string, string> {
  const errors = typeof body === 'object' && body !== null ? (body as { errors?: unknown }).errors : null;
  if (typeof errors !== 'object' || errors === null) return {};
  const out: Record<string, string> = {};
  for (const [path, messages] of Object.entries(errors)) {
    const message = Array.isArray(messages) ? messages[0] : undefined;
    const field = fieldOfError(path);
    if (typeof message === 'string' && out[field] === undefined) {
      out[field] = path.includes('.') ? `${path}: ${message}` : message;
    }
  }
  return out;
}

/** Segments of [from, to) as shares of the bar, for the timeline. */
export function bars<S extends { from: string; to: string }>(
  segments: readonly S[],
  from: string,
  to: string,
): (S & { left: number; width: number })[] {
  const start = Date.parse(from);
  const span = Date.parse(to) - start;
  return segments.map((s) => ({
    ...s,
    left: ((Date.parse(s.from) - start) / span) * 100,
    width: ((Date.parse(s.to) - Date.parse(s.from)) / span) * 100,
  }));
}
