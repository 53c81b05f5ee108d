import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createPolicyRepo } from '../features/policy/policy.repo';
import { policyRoutes } from '../features/policy/policy.routes';
import { createPolicyService } from '../features/policy/policy.service';
import type { App } from '../platform/http/app';

/** The IAM policy version each project of the client has accepted. */
export async function registerPolicy(app: App, { db }: { db: Kysely<AppTables> }): Promise<void> {
  const policyService = createPolicyService({ repo: createPolicyRepo({ db }) });
  await policyService.releaseVersions();
  await app.register(policyRoutes, { policyService });
}
