import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createCollectionTargets, type ServerIdentityCloud } from '../features/inventory/collection-targets';
import { createCollectionTargetsRepo } from '../features/inventory/collection-targets.repo';
import type { CloudPort } from '../integrations/cloud/cloud-port';
import { systemClock } from '../integrations/cloud/simulated/sim-clock';
import { createSecretBox } from '../platform/crypto/secret-box';

/** What a page's live reads of the cloud need: the secret box's key, the AWS port, the server-identity accounts. */
export interface LiveCloud {
  secretKey: string;
  aws: CloudPort;
  serverIdentity?: ServerIdentityCloud | undefined;
}

/** The projects' collection targets for reads a page makes live (none without a cloud configuration). */
export function liveCloudTargets(db: Kysely<AppTables>, cloud: LiveCloud | undefined) {
  return cloud === undefined
    ? null
    : createCollectionTargets({
        repo: createCollectionTargetsRepo({ db }),
        secretBox: createSecretBox(cloud.secretKey),
        aws: cloud.aws,
        simClock: systemClock,
        serverIdentity: cloud.serverIdentity,
      });
}
