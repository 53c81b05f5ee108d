import type { ScheduleTimeline } from '@finlens/contracts/scheduler';
import { desiredSegments, type ScheduleState } from '@finlens/cost-model/scheduler/desired-state';
import type { ActionRow } from './scheduler.tables';

type Observed = ScheduleTimeline['resources'][number]['actual'][number]['state'];

const TRANSITIONAL =
  /^(pending|stopping|starting|shutting-down|modifying|rebooting|backing-up|updating|creating|configuring|upgrading|maintenance|storage-optimization|renaming)/;

/** A state label of the action log (a provider state, or a group's min/desired/max) as running or stopped. */
export function observedState(label: string | null): Observed {
  if (label === null) return 'unknown';
  const sizes = /^(\d+)\/(\d+)\/(\d+)$/.exec(label);
  if (sizes) return Number(sizes[2]) > 0 ? 'running' : 'stopped';
  if (label === 'running' || label === 'available' || label === 'active') return 'running';
  if (label === 'stopped' || label === 'hibernated') return 'stopped';
  return TRANSITIONAL.test(label) ? 'transitional' : 'unknown';
}

/** What a successful action leaves the resource doing, whatever transitional state the port answered. */
function afterAction(row: ActionRow): Observed {
  if (row.action === 'start') return 'running';
  if (row.action === 'stop' || row.action === 'hibernate') return 'stopped';
  return observedState(row.state_after);
}

/**
 * A resource's actual state over [from, until) from what the scheduler saw of it: each logged row's state
 * before it (drift notes included), and after a successful action the state it set. Unknown before the
 * first sighting; the last sighting holds until `until` (now, or the week's end).
 */
export function actualSegments(
  rows: readonly ActionRow[],
  from: number,
  until: number,
): { from: number; to: number; state: Observed }[] {
  const sightings: { at: number; state: Observed }[] = [];
  for (const row of [...rows].sort((a, b) => +new Date(a.performed_at) - +new Date(b.performed_at))) {
    const at = new Date(row.performed_at).getTime();
    if (row.state_before !== null) sightings.push({ at, state: observedState(row.state_before) });
    if (row.outcome === 'succeeded') sightings.push({ at, state: afterAction(row) });
  }
  const out: { from: number; to: number; state: Observed }[] = [];
  let state: Observed = 'unknown';
  let start = from;
  for (const s of sightings) {
    if (s.at >= until) break;
    if (s.at <= from) {
      state = s.state;
      continue;
    }
    if (s.state !== state) {
      if (s.at > start) out.push({ from: start, to: s.at, state });
      start = s.at;
      state = s.state;
    }
  }
  if (until > start) out.push({ from: start, to: until, state });
  return out;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** One resource's row of the timeline: desired over the whole week, actual up to now. */
export function timelineRow(
  state: ScheduleState,
  rows: readonly ActionRow[],
  week: { from: number; to: number; now: number },
) {
  const until = Math.min(week.now, week.to);
  return {
    desired: desiredSegments(state, week.from, week.to).map((s) => ({
      from: iso(s.from),
      to: iso(s.to),
      state: s.running ? ('running' as const) : ('stopped' as const),
    })),
    actual:
      until <= week.from
        ? []
        : actualSegments(rows, week.from, until).map((s) => ({
            from: iso(s.from),
            to: iso(s.to),
            state: s.state,
          })),
  };
}
