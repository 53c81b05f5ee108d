import {
  DEFAULT_SCHEDULE_END,
  DEFAULT_SCHEDULE_START,
  type ScheduleInput,
} from '@finlens/contracts/scheduler';
import { isHolidayCountry } from '@finlens/cost-model/scheduler/public-holidays';
import {
  dayTimeFormToWindows,
  positionsToWindows,
  type WeekWindow,
} from '@finlens/cost-model/scheduler/week';
import { isIanaZone } from '@finlens/cost-model/scheduler/zone-time';
import { fieldError } from '../../platform/http/http-error';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;

export function checkZone(zone: string, field = 'time_zone'): void {
  if (!isIanaZone(zone))
    throw fieldError(field, [`${zone} is not an IANA time zone (e.g. America/Los_Angeles).`]);
}

export function checkCountry(country: string | null): void {
  if (country !== null && !isHolidayCountry(country))
    throw fieldError('holiday_country', [
      `${country} has no public-holiday list (use an ISO 3166 code, e.g. FR).`,
    ]);
}

/**
 * The running windows a schedule input states: positions win, then several day/time rows, then the form
 * (defaults Monday–Friday 08:00–20:00). Empty grids, overlapping rows and bad times are a 400 naming the field.
 */
export function windowsOf(input: ScheduleInput): WeekWindow[] {
  if (input.positions !== undefined) {
    if (input.positions.length === 0)
      throw fieldError('positions', ['Choose at least one hour of the week.']);
    return positionsToWindows(input.positions);
  }
  const rows = input.windows ?? [
    {
      days: input.days ?? [...WEEKDAYS],
      start: input.start ?? DEFAULT_SCHEDULE_START,
      end: input.end ?? DEFAULT_SCHEDULE_END,
    },
  ];
  const { windows, issues } = dayTimeFormToWindows(rows);
  const issue = issues[0];
  if (issue) throw fieldError(issue.path.join('.'), [issue.message]);
  return windows;
}
