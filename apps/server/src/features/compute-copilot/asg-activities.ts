import type { AsgActivities, AsgActivitiesQuery } from '@finlens/contracts/compute-copilot';
import type { CloudAccount, CloudPort } from '../../integrations/cloud/cloud-port';

/** Where a project's resources are read live (the inventory's collection targets answer it; app/ wires it). */
export type CloudTarget =
  | { kind: 'simulated' | 'aws'; port: CloudPort; accounts: CloudAccount[] }
  | { kind: 'awaiting-configuration'; reason: string };
export type ResolveCloudTarget = (projectId: string, clientId: string) => Promise<CloudTarget | null>;

/** Activities a group's page shows (AWS keeps six weeks of them). */
export const ACTIVITY_LIMIT = 50;

const unavailable = (reason: string): AsgActivities => ({ available: false, reason, activities: [] });

/** The group's newest scaling activities from its account through the cloud port, or why they cannot be read. */
export async function asgActivities(
  resolve: ResolveCloudTarget,
  clientId: string,
  query: AsgActivitiesQuery,
): Promise<AsgActivities> {
  const target = await resolve(query.project_id, clientId);
  if (target === null) return unavailable('The project is gone.');
  if (target.kind === 'awaiting-configuration')
    return unavailable(`The account is awaiting configuration: ${target.reason}.`);
  const account = target.accounts.find((a) => a.accountId === query.account_id);
  if (account === undefined) return unavailable(`Account ${query.account_id} is not reachable.`);
  const { activities, failures } = await target.port.scalingActivities(
    account,
    query.region,
    query.name,
    ACTIVITY_LIMIT,
  );
  const failure = failures[0];
  if (failure !== undefined)
    return unavailable(`${failure.operation} was refused: ${failure.code} (${failure.message})`);
  return {
    available: true,
    reason: null,
    activities: activities.map((a) => ({
      id: a.id,
      start_time: a.startTime.toISOString(),
      end_time: a.endTime?.toISOString() ?? null,
      status: a.status,
      status_message: a.statusMessage,
      cause: a.cause,
      description: a.description,
      progress: a.progress,
    })),
  };
}
