import type { ProjectRow } from '../../db/tables';
import { openCredentials } from '../../ingest/sources/billing-source-settings';
import type { CloudAccount, CloudPort } from '../../integrations/cloud/cloud-port';
import { parseStoredScenario } from '../../integrations/cloud/simulated/scenario-file';
import type { SimClock } from '../../integrations/cloud/simulated/sim-clock';
import {
  createSimulatedCloud,
  type SimActionRecord,
} from '../../integrations/cloud/simulated/simulated-cloud';
import type { SecretBox } from '../../platform/crypto/secret-box';
import type { CollectionTargetsRepo, TargetRows } from './collection-targets.repo';

/** Where a project's inventory comes from, or why it is not collected. */
export type CollectionTarget =
  /** `accounts`: the project's account, or every account of a simulated scenario the project names none of. */
  | { kind: 'simulated' | 'aws'; port: CloudPort; accounts: CloudAccount[] }
  | { kind: 'awaiting-configuration'; reason: string };

/**
 * SERVER_IDENTITY_ACCOUNTS: the cloud-account (project) ids the operator lets use the server's own AWS identity,
 * and the port built to allow it. Every other account needs its own role or keys.
 */
export interface ServerIdentityCloud {
  accounts: ReadonlySet<string>;
  port: CloudPort;
}

/** Why a project that is neither simulated nor signed in to AWS cannot be collected. */
export function awaitingReason(project: Pick<ProjectRow, 'cloud_type' | 'cloud_account_id'>): string {
  if (project.cloud_type !== 'aws') return 'inventory is collected from AWS accounts only';
  return project.cloud_account_id === null ? 'no AWS account id' : 'no role or access keys';
}

/**
 * Chooses the cloud port per project: the simulated cloud when the project has a scenario (its actions kept
 * between jobs; every account of the scenario unless the project names one), AWS otherwise,
 * signed in with the role or keys of the project's AWS billing source, or — only for an account the operator
 * marked in SERVER_IDENTITY_ACCOUNTS — with the server's own identity. Without an account id or credentials the
 * project is awaiting configuration and is not polled.
 */
export function createCollectionTargets({
  repo,
  secretBox,
  aws,
  simClock,
  serverIdentity,
}: {
  repo: Pick<CollectionTargetsRepo, 'target' | 'recordSimAction'>;
  secretBox: SecretBox;
  aws: CloudPort;
  simClock: SimClock;
  serverIdentity?: ServerIdentityCloud | undefined;
}) {
  function choose({ project, scenario, simActions, awsSources }: TargetRows): CollectionTarget {
    if (scenario !== null) {
      const parsed = parseStoredScenario(scenario);
      const ids =
        project.cloud_account_id === null
          ? parsed.accounts.map((a) => a.accountId)
          : [project.cloud_account_id];
      const journal = {
        past: simActions,
        record: (entry: SimActionRecord) => repo.recordSimAction(project.id, entry),
      };
      const port = createSimulatedCloud({ scenario: parsed, clock: simClock, journal });
      const accounts = ids.map((accountId) => ({
        accountId,
        credentials: { kind: 'server-identity' } as const,
      }));
      return { kind: 'simulated', port, accounts };
    }
    const accountId = project.cloud_account_id;
    if (project.cloud_type !== 'aws' || accountId === null)
      return { kind: 'awaiting-configuration', reason: awaitingReason(project) };
    for (const source of awsSources) {
      if (source.role_arn !== null) {
        const credentials = {
          kind: 'role',
          roleArn: source.role_arn,
          externalId: source.external_id,
        } as const;
        return { kind: 'aws', port: aws, accounts: [{ accountId, credentials }] };
      }
      const keys = openCredentials(secretBox, source);
      if (keys?.kind === 'aws-keys') {
        const { accessKeyId, secretAccessKey } = keys;
        const credentials = { kind: 'keys', accessKeyId, secretAccessKey } as const;
        return { kind: 'aws', port: aws, accounts: [{ accountId, credentials }] };
      }
    }
    if (serverIdentity?.accounts.has(project.id)) {
      const credentials = { kind: 'server-identity' } as const;
      return { kind: 'aws', port: serverIdentity.port, accounts: [{ accountId, credentials }] };
    }
    return { kind: 'awaiting-configuration', reason: awaitingReason(project) };
  }

  return {
    /** The project's target, or null when it is not the client's (null clientId: any, for jobs). */
    async resolve(projectId: string, clientId: string | null): Promise<CollectionTarget | null> {
      const rows = await repo.target(projectId, clientId);
      return rows === null ? null : choose(rows);
    },
  };
}

export type CollectionTargets = ReturnType<typeof createCollectionTargets>;
