import type { ScheduledScaling } from '../cloud-actions';
import type { ScalingActivity } from '../cloud-port';
import type { CloudResource } from '../cloud-resources';

/** What of a simulated cloud entry the schedules read and change (sim-world's SimEntry). */
interface ScheduledEntry {
  resource: CloudResource;
  activities?: ScalingActivity[];
  scheduledActions?: ScheduledScaling[];
  schedulesCheckedAt?: number;
}

/**
 * Recurring scheduled actions of simulated Auto Scaling groups, run on the simulation's clock as AWS runs them:
 * at each occurrence of the Unix cron recurrence, read in the action's time zone, the group's sizes become the
 * action's (those it names), and a change of desired capacity is a scaling activity worded as AWS words it.
 */

interface Cron {
  minute: Set<number>;
  hour: Set<number>;
  day: Set<number>;
  month: Set<number>;
  weekday: Set<number>;
  /** Unix cron: when both day of month and day of week are restricted, either one matching is enough. */
  dayRestricted: boolean;
  weekdayRestricted: boolean;
}

/** One cron field ('*', 'n', 'a-b', lists and '/step' of them) as its values; null when malformed. */
function cronField(spec: string, min: number, max: number): Set<number> | null {
  const out = new Set<number>();
  for (const part of spec.split(',')) {
    const m = /^(\*|\d+(?:-\d+)?)(?:\/(\d+))?$/.exec(part);
    if (m === null) return null;
    const [range = '*', stepText] = [m[1], m[2]];
    const [from, to] = range === '*' ? [min, max] : range.split('-').map(Number);
    const first = from ?? min;
    const last = range.includes('-') || range === '*' ? (to ?? max) : stepText ? max : first;
    const step = stepText === undefined ? 1 : Number(stepText);
    if (first < min || last > max || first > last || step < 1) return null;
    for (let v = first; v <= last; v += step) out.add(v);
  }
  return out;
}

/** A five-field Unix cron (minute hour day-of-month month day-of-week, Sunday 0 or 7); null when malformed. */
export function parseCron(expression: string): Cron | null {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) return null;
  const [minute, hour, day, month, weekday] = [
    cronField(fields[0] ?? '', 0, 59),
    cronField(fields[1] ?? '', 0, 23),
    cronField(fields[2] ?? '', 1, 31),
    cronField(fields[3] ?? '', 1, 12),
    cronField(fields[4] ?? '', 0, 7),
  ];
  if (!minute || !hour || !day || !month || !weekday) return null;
  if (weekday.has(7)) weekday.add(0);
  return {
    minute,
    hour,
    day,
    month,
    weekday,
    dayRestricted: fields[2] !== '*',
    weekdayRestricted: fields[4] !== '*',
  };
}

/** Whether the time zone is one Intl knows (AWS accepts IANA names). */
export function knownTimeZone(zone: string): boolean {
  try {
    return Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone !== '';
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall clock of an instant in a time zone. */
function wallClock(at: number, zone: string) {
  let format = formatters.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      weekday: 'short',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    minute: Number(parts.minute),
    hour: Number(parts.hour),
    day: Number(parts.day),
    month: Number(parts.month),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

function matches(cron: Cron, at: number, zone: string): boolean {
  const t = wallClock(at, zone);
  if (!cron.minute.has(t.minute) || !cron.hour.has(t.hour) || !cron.month.has(t.month)) return false;
  const day = cron.day.has(t.day);
  const weekday = cron.weekday.has(t.weekday);
  if (cron.dayRestricted && cron.weekdayRestricted) return day || weekday;
  return day && weekday;
}

const MINUTE = 60_000;
/** How far back a sync looks for occurrences: a week and a day holds the latest of any weekly schedule. */
const LOOK_BACK = 8 * 24 * 60 * MINUTE;

/** The recurrence's occurrences in (from, to], oldest first (at most the last eight days of them). */
function occurrences(recurrence: string, zone: string, from: number, to: number): number[] {
  const cron = parseCron(recurrence);
  if (cron === null || !knownTimeZone(zone)) return [];
  const out: number[] = [];
  const start = Math.max(from, to - LOOK_BACK);
  for (let at = Math.floor(start / MINUTE) * MINUTE + MINUTE; at <= to; at += MINUTE) {
    if (matches(cron, at, zone)) out.push(at);
  }
  return out;
}

/** Runs the group's scheduled actions that fell due since it last looked, in time order. */
export function runScheduledActions(entry: ScheduledEntry, now: number): void {
  const since = entry.schedulesCheckedAt ?? now;
  if (entry.resource.kind !== 'autoscaling-group' || since >= now) return;
  entry.schedulesCheckedAt = now;
  const due = (entry.scheduledActions ?? [])
    .flatMap((action) =>
      occurrences(action.recurrence, action.timeZone, since, now).map((at) => ({ at, action })),
    )
    .sort((a, b) => a.at - b.at || a.action.name.localeCompare(b.action.name));
  for (const { at, action } of due) applyAt(entry, action, at);
}

function applyAt(entry: ScheduledEntry, action: ScheduledScaling, at: number): void {
  const group = entry.resource;
  if (group.kind !== 'autoscaling-group') return;
  const min = action.minSize ?? group.minSize;
  const max = action.maxSize ?? group.maxSize;
  const wanted = action.desiredCapacity ?? group.desiredCapacity;
  const desired = Math.min(max, Math.max(min, wanted));
  const before = group.desiredCapacity;
  Object.assign(group, { minSize: min, maxSize: max, desiredCapacity: desired });
  if (desired === before) return;
  const when = new Date(at);
  const activities = entry.activities ?? [];
  activities.push({
    id: `sim-${group.id}-${at}-${action.name}`,
    startTime: when,
    endTime: when,
    status: 'Successful',
    statusMessage: null,
    cause: `At ${when.toISOString().replace('.000Z', 'Z')} a scheduled action update of AutoScalingGroup constraints to min: ${min}, max: ${max}, desired: ${desired} changing the desired capacity from ${before} to ${desired}.`,
    description: `${desired < before ? 'Terminating' : 'Launching'} ${Math.abs(desired - before)} EC2 instances (scheduled action ${action.name})`,
    progress: 100,
  });
  entry.activities = activities;
}
