import type { DispatchPayload } from '@finlens/contracts/notifications';
import { MAX_OVERRIDE_DAYS } from '@finlens/contracts/scheduler';
import { desiredRunningAt, lastChange, nextChange } from '@finlens/cost-model/scheduler/desired-state';
import {
  type ActionResult,
  CloudActionError,
  EC2_IDS_PER_CALL,
} from '../../integrations/cloud/cloud-actions';
import type { CloudAccount, CloudPort } from '../../integrations/cloud/cloud-port';
import { KubernetesApiError } from '../../integrations/kubernetes/kubernetes-port';
import { actionFor, actualOf, type Located, listActual, sizesOf, stateLabel } from './actual-state';
import type { Step, StepDone } from './reconcile-step';
import { type Intent, type ReconcilerRepo, STALE_CLAIM_MS } from './reconciler.repo';
import { type InventoryEntry, resolveListed, resourceKey, scheduledResources } from './scheduled-resources';
import type { SchedulerRepo } from './scheduler.repo';
import { scheduleState } from './scheduler.service';
import type { OneOffRow, OverrideRow, ScheduleRow } from './scheduler.tables';
import {
  listScheduledWorkloads,
  overrideSubject,
  replicasLabel,
  type ScheduleWorkloads,
  workloadStep,
  workloadSubject,
} from './workload-subjects';

/** AWS starts a stopped RDS instance or cluster again after seven days. */
const RDS_RESTART_MS = 7 * 86_400_000;
const MAX_BACKOFF_MS = 30 * 60_000;
/**
 * New intents claimed and finished together (one insert, one update per chunk): as many as one EC2 call takes, so
 * a chunk of one account and region is one port call.
 */
const CLAIM_CHUNK = EC2_IDS_PER_CALL;
const NO_FAILURES = { count: 0, last: null };
const THROTTLED = /Throttl|RequestLimitExceeded|TooManyRequests|SlowDown|RateExceeded/i;

interface Finished {
  id: string;
  outcome: string;
  state_after: string | null;
  answer: unknown;
  /** A failed attempt: its intent is freed for a retry with back-off. */
  retry: boolean;
}

/** What came of an intent: acted on, held (another process or an earlier tick has it, or it failed for good), or to retry. */
type Acted = 'acted' | 'held' | 'retry';

const actedOf = (f: Finished): Acted => (f.outcome === 'succeeded' ? 'acted' : f.retry ? 'retry' : 'held');

/** The log outcome of a failed call: its intent freed for a retry (throttled ones said so). */
function failedAttempt(id: string, error: unknown): Finished {
  const code =
    error instanceof CloudActionError
      ? error.code
      : error instanceof KubernetesApiError
        ? String(error.status ?? 'unreachable')
        : 'failed';
  const message = error instanceof Error ? error.message : String(error);
  const outcome = THROTTLED.test(message) ? 'throttled' : 'failed';
  return { id, outcome, state_after: null, answer: { code, message }, retry: true };
}

export interface ReconcileTarget {
  port: CloudPort;
  accounts: CloudAccount[];
}

export interface TickReport {
  resources: number;
  acted: number;
  waiting: number;
  drift: number;
  failed: number;
  backingOff: number;
  portCalls: number;
}

export interface ReconcilerDeps {
  schedules: Pick<SchedulerRepo, 'enabledSchedules' | 'overrides' | 'insertOverride'>;
  repo: ReconcilerRepo;
  inventory: { resources(projectIds: readonly string[]): Promise<InventoryEntry[]> };
  targets: { resolve(projectId: string): Promise<ReconcileTarget | null> };
  /** The Kubernetes clusters of schedules with workloads (none: workloads are not reconciled). */
  workloads?: ScheduleWorkloads;
  notify(payload: DispatchPayload, dedupeKey: string): Promise<void>;
  now(): Date;
  /** The tick's period: the first retry waits one tick, each further one twice as long (capped at 30 min). */
  tickMs: number;
}

/** One thing a schedule acts on, wherever it lives: a cloud resource or a Kubernetes workload. */
export interface Subject {
  account_id: string;
  region: string;
  kind: string;
  resource_id: string;
  /** What moving it to running (or stopped) takes, planned when due. */
  step(running: boolean): () => Promise<Step>;
}

interface Due {
  schedule: ScheduleRow;
  subject: Subject;
  desired: boolean;
  key: string;
  overridden: boolean;
  before: string;
}

/**
 * What each schedule wants now, computed once per distinct state in a tick (a schedule's, or a resource's with
 * overrides of its own) rather than per resource: the time-zone arithmetic of a week of boundaries is the
 * costly part of a tick over thousands of resources.
 */
function desiredNow(overrides: readonly OverrideRow[], t: number) {
  const own = new Set(
    overrides
      .filter((o) => o.resource_id !== null)
      .map((o) => `${o.schedule_id}|${o.resource_kind}|${o.resource_id}`),
  );
  const memo = new Map<
    string,
    { desired: boolean; overridden: boolean; change: () => { at: number } | null }
  >();
  return (
    schedule: ScheduleRow,
    of: { account_id: string; region: string; kind: string; resource_id: string },
  ) => {
    const subject = overrideSubject(of);
    const mine = `${schedule.id}|${subject.kind}|${subject.resource_id}`;
    const key = own.has(mine) ? mine : schedule.id;
    let found = memo.get(key);
    if (found === undefined) {
      const state = scheduleState(schedule, overrides, subject, t);
      let change: { at: number } | null | undefined;
      found = {
        desired: desiredRunningAt(state, t),
        overridden: (state.overrides ?? []).some((o) => o.from <= t && t < o.until),
        change: () => {
          if (change === undefined) change = lastChange(state, t);
          return change;
        },
      };
      memo.set(key, found);
    }
    return found;
  };
}

/**
 * The subject's difference from its schedule now, keyed on the change that made it due (cost-model
 * `lastChange`), or null when it is as the schedule wants it.
 */
function dueOf(
  wants: ReturnType<typeof desiredNow>,
  schedule: ScheduleRow,
  subject: Subject,
  running: boolean,
  before: string,
): Due | null {
  const { desired, overridden, change } = wants(schedule, subject);
  if (running === desired) return null;
  const key = `${schedule.id}|${resourceKey(subject)}|${change()?.at ?? 'steady'}|${desired ? 'run' : 'stop'}`;
  return { schedule, subject, desired, key, overridden, before };
}

/**
 * One reconciliation pass: for every resource of every enabled schedule, compare the desired state (the
 * weekly rule, holidays, overrides) with the actual one from the cloud port and act only on the
 * difference. Each action is keyed on the change that made it due (cost-model `lastChange`), claimed in
 * the action log before the call, so a change is acted on once however many ticks or processes see it;
 * a change missed while the server was down is still un-acted and is caught up on the next tick.
 * After that action, a difference is drift: reported once, put back only when the schedule is enforced
 * and no override is active (a resource a user started inside an override is never stopped); a stopped
 * RDS that AWS started after seven days is stopped again and reported.
 */
export function createReconciler(deps: ReconcilerDeps) {
  const { repo } = deps;

  async function backingOff(
    key: string,
    at: number,
    known?: { count: number; last: Date | null },
  ): Promise<number | null> {
    const failed = known ?? (await repo.failures(key));
    if (failed.count === 0 || failed.last === null) return failed.count;
    const wait = Math.min(MAX_BACKOFF_MS, deps.tickMs * 2 ** (failed.count - 1));
    return at - failed.last.getTime() < wait ? null : failed.count;
  }

  /** The step of an intent unless it is backing off (counted in the report). */
  async function planned(
    intent: Intent,
    plan: () => Promise<Step>,
    report: TickReport,
    failures?: { count: number; last: Date | null },
  ): Promise<{ intent: Intent; step: Step } | null> {
    if ((await backingOff(intent.intent_key, deps.now().getTime(), failures)) === null) {
      report.backingOff += 1;
      return null;
    }
    const step = await plan();
    return { intent: { ...intent, action: step.action }, step };
  }

  /** A claimed step that succeeded, as its log row. */
  function succeeded(id: string, done: StepDone, report: TickReport): Finished {
    report.acted += 1;
    return { id, outcome: 'succeeded', state_after: done.stateAfter, answer: done.answer, retry: false };
  }

  /** Takes a claimed step; its outcome is the log row's, kept for the caller to write (one by one or in bulk). */
  async function perform(id: string, step: Step, report: TickReport): Promise<Finished> {
    if (step.run === null) {
      report.failed += 1;
      return { id, outcome: 'failed', state_after: null, answer: { error: step.missing }, retry: false };
    }
    try {
      return succeeded(id, await step.run(), report);
    } catch (error) {
      report.failed += 1;
      return failedAttempt(id, error);
    }
  }

  /**
   * Claimed steps with a plain cloud action, one `actMany` per account and region (the port splits it further if
   * the provider must); each action's answer is its own row's outcome, so a partial failure fails only its own.
   */
  async function performBatched(
    claimed: readonly { id: string; step: Step }[],
    report: TickReport,
  ): Promise<Finished[]> {
    const groups = new Map<string, { id: string; batch: NonNullable<Step['batch']> }[]>();
    for (const { id, step } of claimed) {
      if (!step.batch) continue;
      const key = `${step.batch.account.accountId}|${step.batch.action.region}`;
      const group = groups.get(key) ?? [];
      group.push({ id, batch: step.batch });
      groups.set(key, group);
    }
    const finished: Finished[] = [];
    for (const items of groups.values()) {
      const { port, account } = (items[0] as (typeof items)[number]).batch;
      let answers: Awaited<ReturnType<typeof port.actMany>>;
      try {
        answers = await port.actMany(
          account,
          items.map((i) => i.batch.action),
        );
      } catch (error) {
        report.failed += items.length;
        finished.push(...items.map((i) => failedAttempt(i.id, error)));
        continue;
      }
      items.forEach(({ id, batch }, n) => {
        const answer = answers[n];
        if (answer?.ok) {
          finished.push(succeeded(id, batch.after(answer.result), report));
          return;
        }
        report.failed += 1;
        finished.push(failedAttempt(id, answer?.error ?? new Error('no answer from the cloud port')));
      });
    }
    return finished;
  }

  /** Claims the intent and takes the step: acted, held (another process or an earlier tick has it), or not yet. */
  async function act(intent: Intent, plan: () => Promise<Step>, report: TickReport): Promise<Acted> {
    const ready = await planned(intent, plan, report);
    if (ready === null) return 'retry';
    const id = await repo.claim(ready.intent, deps.now());
    if (id === null) return 'held';
    const finished = await perform(id, ready.step, report);
    await repo.finishMany([finished]);
    return actedOf(finished);
  }

  /**
   * New intents of one tick, a chunk at a time: their failures read once, each chunk claimed in one insert, its
   * plain cloud actions sent together (one port call per account and region, see performBatched), the rest one
   * by one, and its outcomes written in one update — a few queries and calls per thousand resources instead of
   * several per resource. Sorted by account and region first, so a chunk's actions share calls. A process killed
   * mid-chunk leaves the chunk's claims waiting; they go stale and another process takes them over, as for a
   * single claim. Says what came of each intent, by key, as `act` does for one.
   */
  async function actMany(
    fresh: readonly { intent: Intent; plan: () => Promise<Step> }[],
    report: TickReport,
  ): Promise<Map<string, Acted>> {
    const results = new Map<string, Acted>();
    if (fresh.length === 0) return results;
    const where = (i: Intent) => `${i.account_id}|${i.region}|${i.action}`;
    const sorted = [...fresh].sort((a, b) => where(a.intent).localeCompare(where(b.intent)));
    const failed = await repo.failuresOf(sorted.map((f) => f.intent.intent_key));
    for (let i = 0; i < sorted.length; i += CLAIM_CHUNK) {
      const chunk = sorted.slice(i, i + CLAIM_CHUNK);
      const ready: { intent: Intent; step: Step }[] = [];
      for (const f of chunk) {
        const p = await planned(f.intent, f.plan, report, failed.get(f.intent.intent_key) ?? NO_FAILURES);
        results.set(f.intent.intent_key, p ? 'held' : 'retry');
        if (p) ready.push(p);
      }
      const ids = await repo.claimMany(
        ready.map((r) => r.intent),
        deps.now(),
      );
      const claimed = ready.flatMap((r) => {
        const id = ids.get(r.intent.intent_key);
        return id === undefined ? [] : [{ id, key: r.intent.intent_key, step: r.step }];
      });
      const finished: Finished[] = [];
      try {
        finished.push(...(await performBatched(claimed, report)));
        for (const { id, step } of claimed) if (!step.batch) finished.push(await perform(id, step, report));
      } finally {
        await repo.finishMany(finished);
      }
      const keyOf = new Map(claimed.map((c) => [c.id, c.key]));
      for (const f of finished) results.set(keyOf.get(f.id) as string, actedOf(f));
    }
    return results;
  }

  /** The step that moves a cloud resource: groups save their sizes before scaling to zero and restore them. */
  function cloudStep(
    located: Located,
    running: boolean,
    options: { hibernate: boolean; scheduleId: string | null; projectId: string },
  ): () => Promise<Step> {
    return async () => {
      const { resource, account, port } = located;
      const where = {
        account_id: account.accountId,
        region: resource.region,
        kind: resource.kind,
        resource_id: resource.id,
      };
      const sizeKey = options.scheduleId && { schedule_id: options.scheduleId, ...where };
      // Outside any schedule (a one-off), the sizes to restore are those the log saw before the last stop.
      const saved = !running
        ? null
        : sizeKey
          ? await repo.savedSizes(sizeKey)
          : await repo.sizesBeforeLastStop({ ...where, project_id: options.projectId });
      const restore = saved && { min: saved.min_size, desired: saved.desired_size, max: saved.max_size };
      const action = actionFor(resource, running, { hibernate: options.hibernate, restore });
      if (action === null) return { action: 'scale', run: null, missing: 'no saved sizes to restore' };
      const after = (result: ActionResult): StepDone => {
        const state = result.changes.find((c) => c.field === 'state')?.after;
        return {
          stateAfter:
            state === undefined || state === null
              ? stateLabel({ ...resource, ...groupAfter(action) })
              : String(state),
          answer: result,
        };
      };
      const sizes = sizesOf(resource);
      if (sizes === null) {
        // A start or stop with nothing to save first: it may share a call with others.
        return {
          action: action.type,
          run: async () => after(await port.act(account, action)),
          batch: { port, account, action, after },
        };
      }
      return {
        action: action.type,
        run: async () => {
          if (!running && sizeKey && sizes.desired > 0) await repo.saveSizes(sizeKey, sizes);
          return after(await port.act(account, action));
        },
      };
    };
  }

  function notice(
    schedule: ScheduleRow,
    subject: string,
    text: string,
    facts: Record<string, string>,
  ): DispatchPayload {
    return {
      clientId: schedule.client_id,
      source: 'scheduler',
      sourceId: schedule.id,
      subject,
      text,
      link: `/v3/essentials/scheduler-details/schedule/${schedule.id}`,
      severity: 'warning',
      facts,
      recipients: { userIds: schedule.created_by ? [schedule.created_by] : [], emails: [], channelIds: [] },
    };
  }

  /**
   * Acts on what is due, after reading the log once for all the keys: a new change is acted on; a claim of a
   * process that died is taken over; after its own action a difference is drift, reported once and put back
   * only when enforced without an active override; an RDS that AWS restarted after seven days is stopped again.
   */
  async function settle(
    projectId: string,
    due: readonly Due[],
    t: number,
    report: TickReport,
  ): Promise<void> {
    const done = await repo.intents(due.map((d) => d.key));
    const fresh: { intent: Intent; plan: () => Promise<Step> }[] = [];
    for (const d of due) {
      const { schedule, subject: r, desired, key } = d;
      const intent: Intent = {
        intent_key: key,
        schedule_id: schedule.id,
        one_off_id: null,
        project_id: projectId,
        account_id: r.account_id,
        region: r.region,
        kind: r.kind,
        resource_id: r.resource_id,
        action: desired ? 'start' : 'stop',
        cause: d.overridden ? 'override' : 'schedule',
        actor: 'scheduler',
        state_before: d.before,
      };
      const previous = done.get(key);
      if (previous === undefined) {
        fresh.push({ intent, plan: r.step(desired) });
        continue;
      }
      if (previous.outcome === 'waiting') {
        // Another process is acting; if it died mid-action, its claim goes stale and is taken over.
        const age = t - new Date(previous.performed_at).getTime();
        if (age > STALE_CLAIM_MS) await act(intent, r.step(desired), report);
        continue;
      }
      const since = t - new Date(previous.performed_at).getTime();
      // Acted on since this tick began (by another process): the state read this tick may predate that action,
      // so a difference is not drift yet; the next tick reads the state after it.
      if (since <= 0) continue;
      if (
        !desired &&
        (r.kind === 'rds-instance' || r.kind === 'rds-cluster') &&
        since >= RDS_RESTART_MS - deps.tickMs
      ) {
        const restartKey = `${key}|rds-restart|${Math.floor(since / RDS_RESTART_MS)}`;
        const acted = await act(
          { ...intent, intent_key: restartKey, cause: 'rds-auto-restart' },
          r.step(false),
          report,
        );
        if (acted === 'acted') {
          await deps.notify(
            notice(
              schedule,
              `${r.resource_id} was started by AWS after seven days stopped`,
              `The schedule "${schedule.name}" stopped it again.`,
              { resource: r.resource_id, kind: r.kind },
            ),
            `scheduler:${restartKey}`,
          );
        }
        continue;
      }
      const driftKey = `${key}|drift|${d.before}`;
      if (
        await repo.note(
          { ...intent, intent_key: driftKey, action: 'none', cause: 'schedule' },
          deps.now(),
          'drift',
          { expected: desired ? 'running' : 'stopped' },
        )
      ) {
        report.drift += 1;
        const verb = desired ? 'stopped inside' : 'started outside';
        await deps.notify(
          notice(
            schedule,
            `${r.resource_id} was ${verb} its schedule`,
            schedule.enforced && !d.overridden
              ? `The schedule "${schedule.name}" is enforced and puts it back.`
              : `The schedule "${schedule.name}" leaves it as it is.`,
            { resource: r.resource_id, kind: r.kind, state: d.before },
          ),
          `scheduler:${driftKey}`,
        );
      }
      if (schedule.enforced && !d.overridden) {
        const enforceKey = `${key}|enforce|${Math.floor(t / deps.tickMs)}`;
        await act({ ...intent, intent_key: enforceKey, cause: 'enforce' }, r.step(desired), report);
      }
    }
    await actMany(fresh, report);
  }

  async function reconcileSchedules(
    schedules: readonly ScheduleRow[],
    overrides: readonly OverrideRow[],
    t: number,
    report: TickReport,
  ): Promise<void> {
    const projects = [...new Set(schedules.map((s) => s.project_id))];
    const inventory = await deps.inventory.resources(projects);
    const wants = desiredNow(overrides, t);
    for (const projectId of projects) {
      const target = await deps.targets.resolve(projectId);
      if (target === null) continue;
      const mine = schedules.filter((s) => s.project_id === projectId);
      const perSchedule = mine.map((s) => ({
        schedule: s,
        entries: scheduledResources(
          s,
          inventory.filter((r) => r.project_id === projectId),
        ),
      }));
      const { found, calls } = await listActual(
        target,
        perSchedule.flatMap((p) => p.entries),
      );
      report.portCalls += calls;
      const due: Due[] = [];
      for (const { schedule, entries } of perSchedule) {
        for (const entry of entries) {
          report.resources += 1;
          const located = found.get(resourceKey(entry));
          if (!located) continue;
          const actual = actualOf(located.resource);
          if (actual === 'transitional') report.waiting += 1;
          if (actual === 'transitional' || actual === 'unknown') continue;
          const options = { hibernate: schedule.hibernate, scheduleId: schedule.id, projectId };
          const subject: Subject = {
            account_id: located.account.accountId,
            region: located.resource.region,
            kind: located.resource.kind,
            resource_id: located.resource.id,
            step: (running) => cloudStep(located, running, options),
          };
          const d = dueOf(wants, schedule, subject, actual === 'running', stateLabel(located.resource));
          if (d) due.push(d);
        }
      }
      await settle(projectId, due, t, report);
    }
  }

  /** Workloads of the schedules' Kubernetes clusters: replicas to zero at stop, the saved count back at start. */
  async function reconcileWorkloads(
    schedules: readonly ScheduleRow[],
    overrides: readonly OverrideRow[],
    t: number,
    report: TickReport,
  ): Promise<void> {
    if (!deps.workloads) return;
    const withWorkloads = schedules.filter((s) => s.workloads.length > 0);
    if (withWorkloads.length === 0) return;
    const found = await listScheduledWorkloads(deps.workloads, withWorkloads, report);
    const byProject = new Map<string, Due[]>();
    const wants = desiredNow(overrides, t);
    for (const { schedule, cluster, workload, port } of found) {
      report.resources += 1;
      const subject: Subject = {
        ...workloadSubject(cluster, workload),
        step: (running) => workloadStep(repo, schedule.id, cluster, workload, port, running),
      };
      const d = dueOf(wants, schedule, subject, workload.replicas > 0, replicasLabel(workload.replicas));
      if (!d) continue;
      byProject.set(schedule.project_id, [...(byProject.get(schedule.project_id) ?? []), d]);
    }
    for (const [projectId, due] of byProject) await settle(projectId, due, t, report);
  }

  /**
   * A one-off action on a scheduled resource overrides its schedule until the schedule's next boundary (the
   * end of the window it stopped it in, the start of the one it started it before; at most the longest
   * override), so the reconciler does not undo it on the next tick. The override is the resource's own and,
   * being the latest, wins over older ones.
   */
  async function holdOneOff(
    schedule: ScheduleRow,
    oneOff: OneOffRow,
    resource: { kind: string; resource_id: string },
  ): Promise<void> {
    const t = deps.now().getTime();
    const longest = t + MAX_OVERRIDE_DAYS * 86_400_000;
    const boundary = nextChange(scheduleState(schedule, [], resource, t), t)?.at ?? longest;
    const until =
      oneOff.hold_until === null ? Math.min(boundary, longest) : new Date(oneOff.hold_until).getTime();
    await deps.schedules.insertOverride({
      schedule_id: schedule.id,
      resource_kind: resource.kind,
      resource_id: resource.resource_id,
      running: oneOff.action === 'start',
      starts_at: new Date(t),
      ends_at: new Date(until),
      created_by: oneOff.created_by,
    });
  }

  async function runOneOff(oneOff: OneOffRow, report: TickReport): Promise<void> {
    const target = await deps.targets.resolve(oneOff.project_id);
    const inventory = await deps.inventory.resources([oneOff.project_id]);
    let entries: InventoryEntry[];
    try {
      entries = resolveListed(oneOff.resources, inventory, oneOff.account_number);
    } catch {
      entries = [];
    }
    if (target === null) return;
    const { found, calls } = await listActual(target, entries);
    report.portCalls += calls;
    // A group's sizes are kept per schedule: a one-off acts with the enabled schedule that covers the
    // resource, so its stop saves the sizes that schedule restores and its start restores what was saved.
    const covering = new Map<string, ScheduleRow>();
    for (const s of await deps.schedules.enabledSchedules()) {
      if (s.project_id !== oneOff.project_id) continue;
      for (const r of scheduledResources(s, inventory)) covering.set(resourceKey(r), s);
    }
    let pending = false;
    const running = oneOff.action === 'start';
    const due: { intent: Intent; plan: () => Promise<Step>; schedule: ScheduleRow | undefined }[] = [];
    for (const entry of entries) {
      const located = found.get(resourceKey(entry));
      if (!located) continue;
      const actual = actualOf(located.resource);
      if (actual === 'transitional') pending = true;
      if (actual !== (running ? 'stopped' : 'running')) continue;
      const r = located.resource;
      const schedule = covering.get(resourceKey(entry));
      due.push({
        schedule,
        intent: {
          intent_key: `one-off|${oneOff.id}|${resourceKey(entry)}`,
          schedule_id: schedule?.id ?? null,
          one_off_id: oneOff.id,
          project_id: oneOff.project_id,
          account_id: located.account.accountId,
          region: r.region,
          kind: r.kind,
          resource_id: r.id,
          action: oneOff.action,
          cause: 'one-off',
          actor: oneOff.created_by ?? 'scheduler',
          state_before: stateLabel(r),
        },
        plan: cloudStep(located, running, {
          hibernate: false,
          scheduleId: schedule?.id ?? null,
          projectId: oneOff.project_id,
        }),
      });
    }
    // New intents go through the batch path (one call per account, region and 1,000 EC2 instances); an intent
    // already claimed is held, unless its process died: then it is taken over on its own, as a schedule's is.
    const t = deps.now().getTime();
    const claimed = await repo.intents(due.map((d) => d.intent.intent_key));
    const outcomes = await actMany(
      due.filter((d) => !claimed.has(d.intent.intent_key)),
      report,
    );
    for (const d of due) {
      const previous = claimed.get(d.intent.intent_key);
      if (previous !== undefined) {
        const stale =
          previous.outcome === 'waiting' && t - new Date(previous.performed_at).getTime() > STALE_CLAIM_MS;
        outcomes.set(d.intent.intent_key, stale ? await act(d.intent, d.plan, report) : 'held');
      }
      const acted = outcomes.get(d.intent.intent_key);
      if (acted === 'retry') pending = true;
      if (acted === 'acted' && d.schedule)
        await holdOneOff(d.schedule, oneOff, { kind: d.intent.kind, resource_id: d.intent.resource_id });
    }
    if (!pending) await repo.oneOffDone(oneOff.id, deps.now());
  }

  return {
    async tick(): Promise<TickReport> {
      const report: TickReport = {
        resources: 0,
        acted: 0,
        waiting: 0,
        drift: 0,
        failed: 0,
        backingOff: 0,
        portCalls: 0,
      };
      const t = deps.now().getTime();
      const schedules = await deps.schedules.enabledSchedules();
      const overrides = await deps.schedules.overrides(
        schedules.map((s) => s.id),
        new Date(t - 1),
      );
      await reconcileSchedules(schedules, overrides, t, report);
      await reconcileWorkloads(schedules, overrides, t, report);
      for (const oneOff of await repo.dueOneOffs(deps.now())) await runOneOff(oneOff, report);
      return report;
    },
  };
}

/** A group's sizes right after a scale action, for the log. */
function groupAfter(action: ReturnType<typeof actionFor>) {
  if (action?.type !== 'scale') return {};
  return {
    minSize: action.minSize,
    maxSize: action.maxSize,
    desiredCapacity: action.desiredSize,
    desiredSize: action.desiredSize,
  };
}

export type Reconciler = ReturnType<typeof createReconciler>;
