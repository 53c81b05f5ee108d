import { SCHEDULER_PATHS as P } from '@finlens/contracts/scheduler';
import type { AccessRow } from '../access-rows';
import { adminOnly, signedIn } from './persona-expectations';

const SCHEDULE = '00000000-0000-4000-8000-000000000000';
const UNTIL = '2099-01-01T00:00:00Z';

// Schedules belong to a client's projects: another client's project or schedule is 404. Changing schedules,
// overrides and one-off actions acts on the cloud, so members get 403 (ADR 0009); the estimate is a proposal. Writes here send an
// unknown time zone, so they stop at the 400 after the scope check (tests/api/scheduler.test.ts saves them).
export const schedulerAccessRows: AccessRow[] = [
  {
    route: `GET ${P.schedules}`,
    rule: 'verified',
    request: () => ({ path: P.schedules }),
    expect: signedIn(200),
  },
  {
    route: `POST ${P.schedules}`,
    rule: 'admin',
    request: (ids) => ({
      path: P.schedules,
      body: { schedule_name: 'Nights', project: ids.projectId, time_zone: 'Mars/Olympus_Mons' },
    }),
    expect: { ...adminOnly(400), otherAdmin: 404 },
  },
  {
    route: `GET ${P.schedule(':id')}`,
    rule: 'verified',
    request: () => ({ path: P.schedule(SCHEDULE) }),
    expect: signedIn(404),
  },
  {
    route: `PATCH ${P.schedule(':id')}`,
    rule: 'admin',
    request: (ids) => ({
      path: P.schedule(SCHEDULE),
      body: { schedule_name: 'Nights', project: ids.projectId },
    }),
    expect: adminOnly(404),
  },
  {
    route: `DELETE ${P.schedule(':id')}`,
    rule: 'admin',
    request: () => ({ path: P.schedule(SCHEDULE) }),
    expect: adminOnly(404),
  },
  {
    route: `POST ${P.overrides(':id')}`,
    rule: 'admin',
    request: () => ({ path: P.overrides(SCHEDULE), body: { action: 'stop', until: UNTIL } }),
    expect: adminOnly(404),
  },
  {
    route: `DELETE ${P.override(':id', ':overrideId')}`,
    rule: 'admin',
    request: () => ({ path: P.override(SCHEDULE, SCHEDULE) }),
    expect: adminOnly(404),
  },
  {
    route: `GET ${P.actions(':id')}`,
    rule: 'verified',
    request: () => ({ path: P.actions(SCHEDULE) }),
    expect: signedIn(404),
  },
  {
    route: `GET ${P.timeline(':id')}`,
    rule: 'verified',
    request: () => ({ path: P.timeline(SCHEDULE) }),
    expect: signedIn(404),
  },
  {
    route: `GET ${P.holidayCountries}`,
    rule: 'verified',
    request: () => ({ path: P.holidayCountries }),
    expect: signedIn(200),
  },
  {
    route: `GET ${P.oneOffs}`,
    rule: 'verified',
    request: () => ({ path: P.oneOffs }),
    expect: signedIn(200),
  },
  {
    route: `POST ${P.oneOffs}`,
    rule: 'admin',
    request: (ids) => ({
      path: P.oneOffs,
      body: { project: ids.projectId, action: 'stop', time_zone: 'Mars/Olympus_Mons' },
    }),
    expect: { ...adminOnly(400), otherAdmin: 404 },
  },
  {
    route: `POST ${P.estimate}`,
    rule: 'verified',
    request: (ids) => ({
      path: P.estimate,
      body: { schedule_name: 'Nights', project: ids.projectId, time_zone: 'Mars/Olympus_Mons' },
    }),
    expect: { ...signedIn(400), otherAdmin: 404 },
  },
  {
    route: `POST ${P.suggestion}`,
    rule: 'verified',
    request: (ids) => ({
      path: P.suggestion,
      body: { project: ids.projectId, time_zone: 'Mars/Olympus_Mons' },
    }),
    expect: { ...signedIn(400), otherAdmin: 404 },
  },
];
