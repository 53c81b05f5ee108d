import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import { parseScenario } from '../../integrations/cloud/simulated/scenario-file';
import { createJobQueue } from '../../platform/jobs/job-queue';
import { createInventoryRepo } from './inventory.repo';
import { enqueueCollectionPass } from './inventory-collection.service';

export interface SimulatedProject {
  passId: string;
  accounts: number;
  regions: number;
  resources: number;
}

/**
 * Makes a project simulated from `scenario` (the demo organisation's, or a user's through `finlens demo
 * --scenario`) and queues its first collection, which the server's job worker runs. Throws ScenarioError,
 * naming the path and field, for a malformed scenario, before anything is saved.
 */
export async function simulateProject(args: {
  db: Kysely<AppTables>;
  projectId: string;
  scenario: unknown;
  /** The project's bill was generated with this scenario and is regenerated after each action (the demo). */
  billFollowsActions?: boolean;
}): Promise<SimulatedProject> {
  const parsed = parseScenario(args.scenario);
  await createInventoryRepo({ db: args.db }).saveScenario(
    args.projectId,
    args.scenario,
    args.billFollowsActions ?? false,
  );
  const passId = randomUUID();
  await enqueueCollectionPass(createJobQueue({ db: args.db }), args.projectId, passId);
  return {
    passId,
    accounts: parsed.accounts.length,
    regions: parsed.regions.length,
    resources: parsed.resources.length,
  };
}
