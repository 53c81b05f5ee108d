import type { ScheduledScaling } from '../cloud-actions';
import type { ScalingActivity } from '../cloud-port';
import type { CloudResource, ResourceRef } from '../cloud-resources';
import type { MetricsSpec, Scenario, ScenarioEvent, ScenarioResource } from './scenario-schema';
import { isRunningState, toCloudResource } from './sim-resources';
import { runScheduledActions } from './sim-schedule';

/** One resource of the simulated cloud with what its metrics need to know about its past. */
export interface SimEntry {
  resource: CloudResource;
  metrics: MetricsSpec | null;
  /** When compute started or stopped running, oldest first (ms since epoch). */
  runs: { at: number; running: boolean }[];
  /** A transitional state (pending, stopping …) that settles at `at`. */
  pending: { at: number; state: string; settle: (entry: SimEntry) => void } | null;
  deletedAt: number | null;
  /** An Auto Scaling group's scaling activities: the scenario's, then the simulation's own, oldest first. */
  activities?: ScalingActivity[];
  /** An Auto Scaling group's newest launch template version made here (absent: none made). */
  templateVersion?: number;
  /** A function's memory need before its memory was changed (its peak use follows the work, not the setting). */
  memoryNeedMiB?: number;
  /** An Auto Scaling group's instance refresh runs until then (ms since epoch); another is refused before. */
  refreshing?: number;
  /** An Auto Scaling group's recurring scheduled actions, by name. */
  scheduledActions?: ScheduledScaling[];
  /** When the group's scheduled actions were last run up to (ms since epoch). */
  schedulesCheckedAt?: number;
  /** Ids of the lifecycle rules actions added to a bucket. */
  lifecycleRuleIds?: string[];
}

export const entryKey = (accountId: string, region: string, ref: ResourceRef) =>
  `${accountId}/${region}/${ref.kind}/${ref.id}`;

/**
 * The mutable state of a simulated cloud. Events and transitions are applied lazily: every read first
 * calls `sync(now)`, which replays whatever the clock has passed, in time order.
 */
export class SimWorld {
  readonly entries = new Map<string, SimEntry>();
  /** Entries by kind and id, for events (which name no account or region). */
  private readonly byRef = new Map<string, SimEntry[]>();
  /** Entries with a transition to settle, so a sync looks only at them. */
  private readonly transitions = new Set<SimEntry>();
  /** Groups with scheduled actions, run by each sync. */
  private readonly scheduled = new Set<SimEntry>();
  private readonly events: ScenarioEvent[];
  private nextEvent = 0;

  constructor(readonly scenario: Scenario) {
    for (const r of scenario.resources) this.add(r, r.createdAt?.getTime() ?? Number.NEGATIVE_INFINITY);
    this.events = [...scenario.events].sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  add(r: ScenarioResource, since: number): SimEntry {
    const resource = toCloudResource(r);
    const entry: SimEntry = {
      resource,
      metrics: r.metrics ?? null,
      runs: [{ at: since, running: isRunningState(resource) }],
      pending: null,
      deletedAt: null,
      ...(r.kind === 'autoscaling-group'
        ? {
            activities: [...r.scalingActivities].sort(
              (a, b) => a.startTime.getTime() - b.startTime.getTime(),
            ),
          }
        : {}),
    };
    this.entries.set(entryKey(r.accountId, r.region, r), entry);
    const ref = `${r.kind}/${r.id}`;
    this.byRef.set(ref, [...(this.byRef.get(ref) ?? []), entry]);
    return entry;
  }

  /** Runs the group's scheduled actions from `since` on (AWS runs none that fell due before it was put). */
  watchSchedules(entry: SimEntry, since: number): void {
    entry.schedulesCheckedAt ??= since;
    this.scheduled.add(entry);
  }

  /** Puts an entry in a transitional state until `pending.at`. */
  schedule(entry: SimEntry, pending: NonNullable<SimEntry['pending']>): void {
    entry.pending = pending;
    this.transitions.add(entry);
  }

  find(accountId: string, region: string, ref: ResourceRef): SimEntry | null {
    const entry = this.entries.get(entryKey(accountId, region, ref));
    return entry === undefined || entry.deletedAt !== null ? null : entry;
  }

  /** Entries that exist now (deleted ones stay for their metrics' past). */
  live(): SimEntry[] {
    return [...this.entries.values()].filter((e) => e.deletedAt === null);
  }

  sync(now: number): void {
    for (;;) {
      const event = this.events[this.nextEvent];
      const eventAt = event && event.at.getTime() <= now ? event.at.getTime() : Number.POSITIVE_INFINITY;
      const transition = this.earliestPending(now);
      if (transition && transition.at <= eventAt) {
        transition.entry.pending = null;
        this.transitions.delete(transition.entry);
        transition.settle(transition.entry);
      } else if (event && eventAt !== Number.POSITIVE_INFINITY) {
        this.nextEvent++;
        this.apply(event);
      } else {
        for (const entry of this.scheduled) if (entry.deletedAt === null) runScheduledActions(entry, now);
        return;
      }
    }
  }

  /** The transition that settles first, if one settles by `now`. */
  private earliestPending(now: number) {
    let best: { entry: SimEntry; at: number; settle: (entry: SimEntry) => void } | null = null;
    for (const entry of this.transitions) {
      const { pending } = entry;
      if (pending && pending.at <= now && (best === null || pending.at < best.at)) {
        best = { entry, at: pending.at, settle: pending.settle };
      }
    }
    return best;
  }

  private apply(event: ScenarioEvent): void {
    const at = event.at.getTime();
    if (event.type === 'create') {
      const created = this.add(event.create, event.create.createdAt?.getTime() ?? at);
      created.resource.createdAt ??= event.at;
      return;
    }
    const entry = this.byRef
      .get(`${event.resource.kind}/${event.resource.id}`)
      ?.find((e) => e.deletedAt === null);
    if (!entry) return;
    switch (event.type) {
      case 'start':
      case 'stop':
        this.transitions.delete(entry);
        setRunning(entry, event.type === 'start', at);
        return;
      case 'delete':
        entry.deletedAt = at;
        entry.runs.push({ at, running: false });
        return;
      case 'tag':
        entry.resource.tags = { ...entry.resource.tags, ...event.tags };
        return;
    }
  }
}

const SETTLED_STATE: Partial<Record<CloudResource['kind'], { running: string; stopped: string }>> = {
  'ec2-instance': { running: 'running', stopped: 'stopped' },
  'rds-instance': { running: 'available', stopped: 'stopped' },
  'rds-cluster': { running: 'available', stopped: 'stopped' },
};

/** Puts a resource straight into its running or stopped state from `at` on (scenario events). */
function setRunning(entry: SimEntry, running: boolean, at: number): void {
  const states = SETTLED_STATE[entry.resource.kind];
  if (!states) return;
  (entry.resource as { state: string }).state = running ? states.running : states.stopped;
  entry.pending = null;
  entry.runs.push({ at, running });
}

/**
 * The resource as the port lists it (a copy): a stopped instance says when it stopped, as EC2's
 * StateTransitionReason does (its last run's end; the scenario's creation for one that never ran here).
 */
export function listedResource(entry: SimEntry): CloudResource {
  const resource = structuredClone(entry.resource);
  const last = entry.runs.at(-1);
  if (
    resource.kind === 'ec2-instance' &&
    (resource.state === 'stopped' || resource.state === 'stopping') &&
    last !== undefined &&
    !last.running &&
    Number.isFinite(last.at)
  )
    resource.stateTransitionAt = new Date(last.at).toISOString();
  return resource;
}

/** The fraction of [from, to) during which the entry's compute ran. */
export function runningFraction(entry: SimEntry, from: number, to: number): number {
  let total = 0;
  entry.runs.forEach((run, i) => {
    if (!run.running) return;
    const end = entry.runs[i + 1]?.at ?? Number.POSITIVE_INFINITY;
    const overlap = Math.min(end, to) - Math.max(run.at, from);
    if (overlap > 0) total += overlap;
  });
  return total / (to - from);
}
