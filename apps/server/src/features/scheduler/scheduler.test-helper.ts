import { WEEK_PRESETS } from '@finlens/cost-model/scheduler/week';
import type { ScheduleValues } from './scheduler.repo';

/** No resources of any kind: spread it and name the lists a test schedules. */
export const NO_LISTS = { ec2: [], rds: [], rds_cluster: [], eks_nodegroup: [], autoscaling_groups: [] };

/** A schedule row with the form's defaults (office hours, UTC, nothing scheduled); `values` overrides any field. */
export const scheduleValues = (
  clientId: string,
  projectId: string,
  values: Partial<ScheduleValues> = {},
): ScheduleValues => ({
  client_id: clientId,
  project_id: projectId,
  name: 'x',
  account_number: null,
  target: null,
  time_zone: 'UTC',
  windows: WEEK_PRESETS['office-hours'],
  resources: NO_LISTS,
  hibernate: false,
  enforced: false,
  enabled: true,
  tag_key: 'finlens:scheduler',
  tag_value: null,
  holidays: [],
  holiday_country: null,
  ...values,
});
