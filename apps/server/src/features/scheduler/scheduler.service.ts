import {
  MAX_OVERRIDE_DAYS,
  ONE_OFF_DEFAULT_LEAD_MINUTES,
  type OneOff,
  type OneOffInput,
  type OverrideInput,
  type Schedule,
  type ScheduleAction,
  type ScheduleEstimate,
  type ScheduleInput,
  type ScheduleList,
  type ScheduleOverride,
  type ScheduleSuggestion,
  type ScheduleSuggestionInput,
  type ScheduleTimeline,
} from '@finlens/contracts/scheduler';
import {
  desiredRunningAt,
  nextChange,
  type ScheduleState,
} from '@finlens/cost-model/scheduler/desired-state';
import { holidayCountries, publicHolidaysAround } from '@finlens/cost-model/scheduler/public-holidays';
import { windowsToActions, windowsToDayTime, windowsToPositions } from '@finlens/cost-model/scheduler/week';
import { fromWall, toWall, WEEK_MS, weekStartWall } from '@finlens/cost-model/scheduler/zone-time';
import type { ClientCaller } from '../../platform/auth/caller';
import { fieldError, notFound } from '../../platform/http/http-error';
import type { ResourceCostPort } from '../../warehouse/cost-query/resource-costs';
import type { CostScopes } from '../../warehouse/cost-scope';
import type { MetricsStore } from '../../warehouse/metrics-store';
import {
  type AttachedVolume,
  estimateFromBill,
  estimateSchedule,
  monthlySaving,
  readEstimateBill,
} from './schedule-estimate';
import { checkCountry, checkZone, windowsOf } from './schedule-input';
import type { ScheduleLedgerRepo } from './schedule-ledger.repo';
import { suggestSchedule } from './schedule-suggestion';
import { timelineRow } from './schedule-timeline';
import {
  type InventoryEntry,
  resolveListed,
  resourceKey,
  type ScheduledResource,
  scheduledResources,
} from './scheduled-resources';
import type { SchedulerRepo, ScheduleValues } from './scheduler.repo';
import type { ActionRow, OneOffRow, OverrideRow, ScheduleRow } from './scheduler.tables';
import { type ResourceAttributes, type WorkloadEstimateDeps, workloadEstimates } from './workload-estimate';
import { isWorkloadKind, scheduleTakesWorkload } from './workload-subjects';
import { checkWorkloadTargets, type ScheduleClusters } from './workload-targets';

const iso = (d: Date | string | number) => new Date(d).toISOString();

/** A country's public holidays in the coming year (the details page lists them). */
function upcoming(country: string | null, at: number): string[] {
  const today = iso(at).slice(0, 10);
  const yearOn = iso(at + 365 * 86_400_000).slice(0, 10);
  return publicHolidaysAround(country, at).filter((d) => d >= today && d < yearOn);
}

function formOf(windows: ScheduleRow['windows']): Schedule['form'] {
  const form = windowsToDayTime(windows);
  return form && { ...form, days: [...form.days] };
}

export function toOverride(row: OverrideRow): ScheduleOverride {
  return {
    id: row.id,
    resource:
      row.resource_kind === null || row.resource_id === null
        ? null
        : { kind: row.resource_kind, resource_id: row.resource_id },
    running: row.running,
    from: iso(row.starts_at),
    until: iso(row.ends_at),
    created_by: row.created_by,
  };
}

/** The pure schedule state of cost-model for a stored schedule (overrides of the whole schedule, or of one resource). */
export function scheduleState(
  row: ScheduleRow,
  overrides: readonly OverrideRow[],
  resource: { kind: string; resource_id: string } | null = null,
  at: number = Date.now(),
): ScheduleState {
  return {
    rule: { zone: row.time_zone, windows: row.windows },
    holidays: [...row.holidays, ...publicHolidaysAround(row.holiday_country, at)],
    overrides: overrides
      .filter(
        (o) =>
          o.schedule_id === row.id &&
          (o.resource_id === null ||
            (resource !== null &&
              o.resource_kind === resource.kind &&
              o.resource_id === resource.resource_id)),
      )
      .map((o) => ({
        from: new Date(o.starts_at).getTime(),
        until: new Date(o.ends_at).getTime(),
        running: o.running,
      })),
  };
}

function toAction(row: ActionRow): ScheduleAction {
  return {
    id: row.id,
    at: iso(row.performed_at),
    account_id: row.account_id,
    region: row.region,
    kind: row.kind,
    resource_id: row.resource_id,
    action: row.action,
    cause: row.cause as ScheduleAction['cause'],
    actor: row.actor,
    state_before: row.state_before,
    state_after: row.state_after,
    outcome: row.outcome as ScheduleAction['outcome'],
    answer: row.answer,
  };
}

function toOneOff(row: OneOffRow): OneOff {
  return {
    id: row.id,
    project: row.project_id,
    action: row.action,
    run_at: iso(row.run_at),
    done_at: row.done_at === null ? null : iso(row.done_at),
    hold_until: row.hold_until === null ? null : iso(row.hold_until),
    resources: row.resources,
  };
}

/**
 * Schedules CRUD, overrides, one-off actions and the action log. Tenancy through the one cost scope: a
 * project of another client is a 404, a resource outside the project's inventory a 400 naming it.
 */
export function createSchedulerService({
  repo,
  scopes,
  inventory,
  bill,
  metrics,
  clusters,
  ledger,
  workloadCosts,
  now = () => new Date(),
}: {
  repo: SchedulerRepo;
  /** The schedules' entries in the verified-savings ledger: their realised savings, closed when a resource leaves. */
  ledger: Pick<ScheduleLedgerRepo, 'realised' | 'close'>;
  scopes: Pick<CostScopes, 'requested'>;
  inventory: {
    resources(projectIds: readonly string[]): Promise<InventoryEntry[]>;
    /** EC2 instances' EBS volumes, which keep billing while they are stopped (none: not counted). */
    attachedVolumes?(projectIds: readonly string[]): Promise<AttachedVolume[]>;
    /** One resource's attributes (an EKS node group's sizes, for a workload schedule's estimate). */
    resource?: ResourceAttributes;
  };
  bill: Pick<ResourceCostPort, 'newestUsageDay' | 'resourceUsageCosts'>;
  /** The warehouse's resource metrics (schedule suggestions from usage). */
  metrics: Pick<MetricsStore, 'hourlySeries'>;
  /** The Kubernetes clusters a schedule's workloads may name (features/kubernetes-clusters). */
  clusters: ScheduleClusters;
  /** The bill's split cost rows and the clusters' ports, for workload schedules' estimates (none: null). */
  workloadCosts?: WorkloadEstimateDeps;
  now?: () => Date;
}) {
  /**
   * A scheduled resource's known state: the port's answer to the schedule's last action on it (the log), unless
   * the inventory saw the resource after that action. Only actions since the inventory's oldest sighting of
   * the project's resources are read (the log keeps every action ever taken).
   */
  async function knownStates(rows: readonly ScheduleRow[], resources: readonly InventoryEntry[]) {
    let oldest = Number.POSITIVE_INFINITY;
    for (const r of resources) {
      oldest = Math.min(oldest, r.last_seen_at === undefined ? 0 : new Date(r.last_seen_at).getTime());
    }
    const since = new Date(Number.isFinite(oldest) ? oldest : 0);
    const logged = new Map(
      (
        await repo.lastStates(
          rows.map((r) => r.id),
          since,
        )
      ).map((a) => [`${a.schedule_id}|${resourceKey(a)}`, a]),
    );
    return (scheduleId: string, r: ScheduledResource): string => {
      const a = logged.get(`${scheduleId}|${resourceKey(r)}`);
      if (a === undefined || a.state_after === null) return r.state;
      const seen = r.last_seen_at === undefined ? null : new Date(r.last_seen_at).getTime();
      return seen !== null && seen > new Date(a.performed_at).getTime() ? r.state : a.state_after;
    };
  }

  /** The schedules as answered; `estimates` false skips the workload estimate (its bill read and listings). */
  async function present(rows: ScheduleRow[], at: Date, estimates = true): Promise<Schedule[]> {
    const overrides = await repo.overrides(
      rows.map((r) => r.id),
      at,
    );
    const projectIds = [...new Set(rows.map((r) => r.project_id))];
    const resources = await inventory.resources(projectIds);
    // One bill read for every schedule's estimate.
    const billRead =
      rows[0] === undefined
        ? null
        : await readEstimateBill(
            bill,
            { clientId: rows[0].client_id, projectIds },
            (await inventory.attachedVolumes?.(projectIds)) ?? [],
          );
    const known = await knownStates(rows, resources);
    const realised = await ledger.realised(rows.map((r) => r.id));
    const workloadEstimate =
      !estimates ||
      workloadCosts === undefined ||
      rows[0] === undefined ||
      rows.every((r) => r.workloads.length === 0)
        ? new Map()
        : await workloadEstimates(workloadCosts, {
            rows,
            scope: { clientId: rows[0].client_id, projectIds },
            window: billRead?.window ?? null,
            inventory: resources,
            schedules: await repo.schedules(projectIds),
            ...(inventory.resource ? { attributes: inventory.resource } : {}),
          });
    return rows.map((row) => {
      const state = scheduleState(row, overrides, null, at.getTime());
      const next = nextChange(state, at.getTime());
      const scheduled = scheduledResources(
        row,
        resources.filter((r) => r.project_id === row.project_id),
      );
      return {
        id: row.id,
        schedule_name: row.name,
        project: row.project_id,
        account_number: row.account_number,
        target: row.target,
        time_zone: row.time_zone,
        resources: row.resources,
        workloads: row.workloads,
        windows: row.windows,
        positions: windowsToPositions(row.windows),
        form: formOf(row.windows),
        actions: windowsToActions(row.windows),
        hibernate: row.hibernate,
        enforced: row.enforced,
        enabled: row.enabled,
        scheduled_by_tag_key: row.tag_key,
        scheduled_by_tag_value: row.tag_value,
        holidays: row.holidays,
        holiday_country: row.holiday_country,
        public_holidays: upcoming(row.holiday_country, at.getTime()),
        scheduled_resources: scheduled.map((r) => ({
          account_id: r.account_id,
          region: r.region,
          kind: r.kind,
          resource_id: r.resource_id,
          name: r.name,
          state: known(row.id, r),
          matched_by: r.matched_by,
        })),
        overrides: overrides.filter((o) => o.schedule_id === row.id).map(toOverride),
        desired_state: desiredRunningAt(state, at.getTime()) ? 'running' : 'stopped',
        next_action: next && { at: iso(new Date(next.at)), action: next.running ? 'start' : 'stop' },
        estimated_monthly_saving:
          billRead === null ? null : monthlySaving(estimateFromBill(billRead, row.windows, scheduled)),
        realised_monthly_saving: realised.get(row.id)?.monthly ?? null,
        realised_to_date: realised.get(row.id)?.toDate ?? 0,
        workload_estimate: workloadEstimate.get(row.id) ?? null,
        created_at: iso(row.created_at),
        updated_at: iso(row.updated_at),
      };
    });
  }

  async function values(
    caller: ClientCaller,
    input: ScheduleInput,
    current: ScheduleRow | null,
  ): Promise<ScheduleValues> {
    const except = current?.id ?? null;
    await scopes.requested(caller, [input.project]);
    checkZone(input.time_zone);
    checkCountry(input.holiday_country);
    const windows = windowsOf(input);
    const projectInventory = await inventory.resources([input.project]);
    const listed = resolveListed(input.resources, projectInventory, input.account_number);
    // A resource in two enabled schedules would be started by one and stopped by the other.
    const others = (await repo.schedules([input.project])).filter((s) => s.id !== except && s.enabled);
    const taken = new Map(
      others.flatMap((s) =>
        scheduledResources(s, projectInventory).map((r) => [resourceKey(r), s.name] as const),
      ),
    );
    for (const r of listed) {
      const owner = taken.get(resourceKey(r));
      if (owner !== undefined && input.enabled) {
        throw fieldError('resources', [`${r.resource_id} is already scheduled by "${owner}".`]);
      }
    }
    // Left out (an editor that knows nothing of workloads): the saved ones stay.
    const workloads = await checkWorkloadTargets(
      input.workloads ?? current?.workloads ?? [],
      input.project,
      clusters,
      others,
      input.enabled,
    );
    return {
      client_id: caller.clientId,
      project_id: input.project,
      name: input.schedule_name,
      workloads,
      account_number: input.account_number,
      target: input.target,
      time_zone: input.time_zone,
      windows,
      resources: input.resources,
      hibernate: input.hibernate,
      enforced: input.enforced,
      enabled: input.enabled,
      tag_key: input.scheduled_by_tag_key,
      tag_value: input.scheduled_by_tag_value,
      holidays: [...new Set(input.holidays)].sort(),
      holiday_country: input.holiday_country,
    };
  }

  /** The caller's schedule, or 404 (another client's looks missing). */
  async function owned(caller: ClientCaller, id: string): Promise<ScheduleRow> {
    const row = await repo.schedule(id);
    if (row === null || row.client_id !== caller.clientId) throw notFound();
    await scopes.requested(caller, [row.project_id]);
    return row;
  }

  /** The resources a draft (unsaved) schedule names: its lists (400 naming an unknown one) and its tag match. */
  async function draftResources(
    input: Pick<
      ScheduleInput,
      'project' | 'resources' | 'account_number' | 'scheduled_by_tag_key' | 'scheduled_by_tag_value'
    >,
  ): Promise<ScheduledResource[]> {
    const projectInventory = await inventory.resources([input.project]);
    resolveListed(input.resources, projectInventory, input.account_number);
    return scheduledResources(
      { ...input, tag_key: input.scheduled_by_tag_key, tag_value: input.scheduled_by_tag_value },
      projectInventory,
    );
  }
  return {
    async list(caller: ClientCaller): Promise<ScheduleList> {
      const scope = await scopes.requested(caller);
      return { results: await present(await repo.schedules(scope.projectIds), now()) };
    },

    async get(caller: ClientCaller, id: string): Promise<Schedule> {
      const [schedule] = await present([await owned(caller, id)], now());
      return schedule as Schedule;
    },

    async create(caller: ClientCaller, input: ScheduleInput): Promise<Schedule> {
      const id = await repo.insert(await values(caller, input, null), caller.user.id);
      return this.get(caller, id);
    },

    async update(caller: ClientCaller, id: string, input: ScheduleInput): Promise<Schedule> {
      const current = await owned(caller, id);
      const next = await values(caller, input, current);
      await repo.update(id, next);
      // A resource that left the schedule (or every one, when it is disabled) runs again: its entry closes.
      const kept = next.enabled ? scheduledResources(next, await inventory.resources([next.project_id])) : [];
      await ledger.close(
        id,
        new Set(kept.map(resourceKey)),
        now(),
        next.enabled ? 'Removed from the schedule.' : 'The schedule was disabled.',
      );
      return this.get(caller, id);
    },

    async remove(caller: ClientCaller, id: string): Promise<void> {
      await owned(caller, id);
      await ledger.close(id, new Set(), now(), 'The schedule was deleted.');
      await repo.remove(id);
    },

    async addOverride(caller: ClientCaller, id: string, input: OverrideInput): Promise<ScheduleOverride> {
      const row = await owned(caller, id);
      const at = now();
      const until = new Date(input.until);
      if (until <= at) throw fieldError('until', ['Choose a time in the future.']);
      if (until.getTime() - at.getTime() > MAX_OVERRIDE_DAYS * 86_400_000) {
        throw fieldError('until', [`An override lasts at most ${MAX_OVERRIDE_DAYS} days.`]);
      }
      if (input.resource !== null && isWorkloadKind(input.resource.kind)) {
        if (!scheduleTakesWorkload(row.workloads, input.resource.kind, input.resource.resource_id))
          throw fieldError('resource', [
            'This workload is not in the schedule (give <cluster id>/<namespace>/<name> of one it scales).',
          ]);
      } else if (input.resource !== null) {
        const [schedule] = await present([row], at, false);
        const known = schedule?.scheduled_resources.some(
          (r) => r.kind === input.resource?.kind && r.resource_id === input.resource.resource_id,
        );
        if (!known) throw fieldError('resource', ['This resource is not in the schedule.']);
      }
      return toOverride(
        await repo.insertOverride({
          schedule_id: id,
          resource_kind: input.resource?.kind ?? null,
          resource_id: input.resource?.resource_id ?? null,
          running: input.action === 'keep_running',
          starts_at: at,
          ends_at: until,
          created_by: caller.user.id,
        }),
      );
    },

    async removeOverride(caller: ClientCaller, id: string, overrideId: string): Promise<void> {
      await owned(caller, id);
      if (!(await repo.removeOverride(id, overrideId))) throw notFound();
    },

    async actions(caller: ClientCaller, id: string): Promise<{ results: ScheduleAction[] }> {
      await owned(caller, id);
      return { results: (await repo.actions(id, 500)).map(toAction) };
    },

    async addOneOff(caller: ClientCaller, input: OneOffInput): Promise<OneOff> {
      await scopes.requested(caller, [input.project]);
      checkZone(input.time_zone);
      const at = now();
      let runAt = at;
      if (input.schedule === 'later') {
        runAt = new Date(at.getTime() + ONE_OFF_DEFAULT_LEAD_MINUTES * 60_000);
        if (input.day !== undefined || input.time !== undefined) {
          if (input.day === undefined) throw fieldError('day', ['Choose a day with the time.']);
          if (input.time === undefined || !/^([01]\d|2[0-3]):[0-5]\d$/.test(input.time)) {
            throw fieldError('time', ['Enter a time HH:MM.']);
          }
          runAt = new Date(fromWall(input.time_zone, Date.parse(`${input.day}T${input.time}:00Z`)));
          if (runAt < at) throw fieldError('time', ['Choose a time in the future.']);
        }
      }
      const holdUntil = input.hold_until === null ? null : new Date(input.hold_until);
      if (holdUntil !== null && holdUntil <= runAt)
        throw fieldError('hold_until', ['Choose a time after the action.']);
      if (holdUntil !== null && holdUntil.getTime() - runAt.getTime() > MAX_OVERRIDE_DAYS * 86_400_000)
        throw fieldError('hold_until', [`A hold lasts at most ${MAX_OVERRIDE_DAYS} days.`]);
      const listed = resolveListed(
        input.resources,
        await inventory.resources([input.project]),
        input.account_number,
      );
      if (listed.length === 0) throw fieldError('resources', ['Choose at least one resource.']);
      return toOneOff(
        await repo.insertOneOff({
          client_id: caller.clientId,
          project_id: input.project,
          account_number: input.account_number,
          action: input.action,
          run_at: runAt,
          hold_until: holdUntil,
          resources: input.resources,
          created_by: caller.user.id,
        }),
      );
    },

    /** What the schedule would save, before it is saved (same checks as saving it). */
    async estimate(caller: ClientCaller, input: ScheduleInput): Promise<ScheduleEstimate> {
      const scope = await scopes.requested(caller, [input.project]);
      checkZone(input.time_zone);
      const windows = windowsOf(input);
      const resources = await draftResources(input);
      return estimateSchedule(
        bill,
        { clientId: caller.clientId, projectIds: scope.projectIds },
        windows,
        resources,
        (await inventory.attachedVolumes?.([input.project])) ?? [],
      );
    },

    /** A grid pre-filled from the hours the draft's resources were in use (their hourly metrics). */
    async suggest(caller: ClientCaller, input: ScheduleSuggestionInput): Promise<ScheduleSuggestion> {
      await scopes.requested(caller, [input.project]);
      checkZone(input.time_zone);
      const resources = await draftResources(input);
      return suggestSchedule(metrics, resources, {
        zone: input.time_zone,
        thresholds: { cpuPercent: input.cpu_threshold, networkBytesPerSecond: input.network_threshold },
        now: now(),
      });
    },

    /** A local week (Monday–Sunday in the schedule's zone) of desired vs actual state per scheduled resource. */
    async timeline(caller: ClientCaller, id: string, week: string | undefined): Promise<ScheduleTimeline> {
      const row = await owned(caller, id);
      const at = now().getTime();
      const day = week === undefined ? toWall(row.time_zone, at) : Date.parse(`${week}T00:00:00Z`);
      const monday = weekStartWall(day);
      const range = {
        from: fromWall(row.time_zone, monday),
        to: fromWall(row.time_zone, monday + WEEK_MS),
        now: at,
      };
      const [schedule] = await present([row], now(), false);
      const overrides = await repo.overridesBetween(id, new Date(range.from), new Date(range.to));
      const log = await repo.actionsBefore(id, new Date(range.to));
      return {
        from: iso(range.from),
        to: iso(range.to),
        now: iso(at),
        resources: (schedule?.scheduled_resources ?? []).map((r) => ({
          kind: r.kind,
          resource_id: r.resource_id,
          name: r.name,
          ...timelineRow(
            scheduleState(row, overrides, r, range.from),
            log.filter(
              (a) => a.kind === r.kind && a.resource_id === r.resource_id && a.account_id === r.account_id,
            ),
            range,
          ),
        })),
      };
    },

    holidayCountries(): { results: { code: string; name: string }[] } {
      return { results: holidayCountries() };
    },

    async oneOffs(caller: ClientCaller): Promise<{ results: OneOff[] }> {
      const scope = await scopes.requested(caller);
      return { results: (await repo.oneOffs(scope.projectIds)).map(toOneOff) };
    },
  };
}

export type SchedulerService = ReturnType<typeof createSchedulerService>;

/** The enabled schedules' stops over a window, for the commitments' schedule-aware purchase analysis. */
export { createScheduleStops, type ScheduleStops, type ScheduleStopsRead } from './schedule-stops';
