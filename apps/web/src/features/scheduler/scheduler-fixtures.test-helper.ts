import { KUBERNETES_PATHS } from '@finlens/contracts/kubernetes';
import { SCHEDULER_PATHS, type Schedule, type ScheduleTimeline } from '@finlens/contracts/scheduler';
import { HttpResponse, http } from 'msw';

/** A saved office-hours schedule of the test project with one instance. */
export const SCHEDULE: Schedule = {
  id: 's1',
  schedule_name: 'Dev office hours',
  project: 'p1',
  account_number: null,
  target: null,
  time_zone: 'Europe/Paris',
  resources: { ec2: ['i-0dev1'], rds: [], rds_cluster: [], eks_nodegroup: [], autoscaling_groups: [] },
  windows: [0, 1, 2, 3, 4].map((d) => ({ start: d * 1440 + 480, end: d * 1440 + 1200 })),
  positions: [0, 1, 2, 3, 4].flatMap((d) => Array.from({ length: 12 }, (_, h) => d * 24 + 8 + h)),
  form: { days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], start: '08:00', end: '20:00' },
  actions: [],
  hibernate: false,
  enforced: false,
  enabled: true,
  scheduled_by_tag_key: 'finlens:scheduler',
  scheduled_by_tag_value: null,
  holidays: [],
  holiday_country: null,
  workloads: [],
  public_holidays: [],
  scheduled_resources: [
    {
      account_id: '123456789012',
      region: 'eu-west-3',
      kind: 'ec2-instance',
      resource_id: 'i-0dev1',
      name: 'dev-web',
      state: 'running',
      matched_by: 'list',
    },
  ],
  overrides: [],
  desired_state: 'running',
  next_action: { at: '2026-11-26T19:00:00.000Z', action: 'stop' },
  estimated_monthly_saving: 61.25,
  realised_monthly_saving: 58.4,
  realised_to_date: 12.5,
  workload_estimate: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

export const TIMELINE: ScheduleTimeline = {
  from: '2026-11-22T23:00:00.000Z',
  to: '2026-11-29T23:00:00.000Z',
  now: '2026-11-26T12:00:00.000Z',
  resources: [
    {
      kind: 'ec2-instance',
      resource_id: 'i-0dev1',
      name: 'dev-web',
      desired: [
        { from: '2026-11-22T23:00:00.000Z', to: '2026-11-23T07:00:00.000Z', state: 'stopped' },
        { from: '2026-11-23T07:00:00.000Z', to: '2026-11-23T19:00:00.000Z', state: 'running' },
        { from: '2026-11-23T19:00:00.000Z', to: '2026-11-29T23:00:00.000Z', state: 'stopped' },
      ],
      actual: [
        { from: '2026-11-22T23:00:00.000Z', to: '2026-11-23T07:00:00.000Z', state: 'unknown' },
        { from: '2026-11-23T07:00:00.000Z', to: '2026-11-26T12:00:00.000Z', state: 'running' },
      ],
    },
  ],
};

/** The scheduler's calls answered empty (every screen test that walks the routes). */
export const emptySchedulerHandlers = [
  http.get(`*${SCHEDULER_PATHS.schedules}`, () => HttpResponse.json({ results: [] })),
  http.get(`*${SCHEDULER_PATHS.oneOffs}`, () => HttpResponse.json({ results: [] })),
  http.get(`*${KUBERNETES_PATHS.clusters}`, () => HttpResponse.json({ results: [] })),
  http.get(`*${SCHEDULER_PATHS.holidayCountries}`, () =>
    HttpResponse.json({ results: [{ code: 'FR', name: 'France' }] }),
  ),
];
