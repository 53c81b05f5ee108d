import type { AsgActivitiesQuery } from '@finlens/contracts/compute-copilot';

/** Query keys of Compute Copilot's dashboards. */
export const copilotKeys = {
  all: ['compute-copilot'] as const,
  asg: (range: CopilotRange) => [...copilotKeys.all, 'asg', range] as const,
  databricks: (range: CopilotRange) => [...copilotKeys.all, 'databricks', range] as const,
  visibility: (range: CopilotRange) => [...copilotKeys.all, 'visibility', range] as const,
  group: (type: string, id: string, range: CopilotRange) =>
    [...copilotKeys.all, 'group', type, id, range] as const,
  resource: (id: string, range: CopilotRange) => [...copilotKeys.all, 'resource', id, range] as const,
  activities: (group: AsgActivitiesQuery) => [...copilotKeys.all, 'activities', group] as const,
};

/** The last this many billed days (the server ends them at the newest billed day). */
export type CopilotRange = { days: number };
