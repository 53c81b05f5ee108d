import { randomBytes } from 'node:crypto';
import type { cloudAccountSettingsSchema } from '@finlens/contracts/cloud-accounts';
import { bucketNameMessages } from '@finlens/cost-model/bucket-name';
import type { z } from 'zod';
import type { SourceCredentials } from '../../ingest/sources/billing-source-settings';
import type { NewSourceInput } from '../../ingest/sources/billing-sources.service';
import { fieldError } from '../../platform/http/http-error';

export type AccountSettings = z.output<typeof cloudAccountSettingsSchema>;

/** What the billing-sources service stores for an account's settings (credentials still in clear). */
export type SourceSettings = Omit<NewSourceInput, 'projectId' | 'pollCron' | 'credentials'>;

/** A fresh external ID per account, so a leaked role ARN alone cannot be assumed through Finlens. */
export function generateExternalId(): string {
  return `finlens-${randomBytes(16).toString('hex')}`;
}

/** The endpoint a connection string names (BlobEndpoint=…); without one it is Azure's own public host. */
function blobEndpointOf(connectionString: string): string | null {
  return /(?:^|;)\s*BlobEndpoint\s*=\s*([^;]+)/i.exec(connectionString)?.[1]?.trim() ?? null;
}

/** An S3 endpoint or Azure account URL into the server's own network is refused when saved (400 naming it). */
export async function refuseInternalTargets(
  settings: AccountSettings,
  refusedReason: (url: string) => Promise<string | null>,
): Promise<void> {
  const targets: [field: string, url: string | null][] =
    settings.cloud_type === 'aws'
      ? [['endpoint', settings.endpoint]]
      : settings.credentials?.kind === 'sas'
        ? [['account_url', settings.credentials.account_url]]
        : [['connection_string', blobEndpointOf(settings.credentials?.connection_string ?? '')]];
  for (const [field, url] of targets) {
    const reason = url === null ? null : await refusedReason(url);
    if (reason !== null) throw fieldError(field, [`Finlens may not connect to this address: ${reason}.`]);
  }
}

export const EXTERNAL_ID_SET_BY_FINLENS =
  "Finlens sets the external ID: leave it out, then copy the account's external ID into the role's trust policy.";

/**
 * The source settings of an account, checked beyond what the schema can (bucket rule, role in the same
 * account). `keep` holds what to fall back on when editing: the stored external ID.
 */
export function toSourceSettings(
  name: string,
  settings: AccountSettings,
  keep: { externalId: string | null } = { externalId: null },
): SourceSettings & { credentials?: SourceCredentials | null } {
  if (settings.cloud_type === 'azure') {
    const { credentials } = settings;
    return {
      name,
      kind: 'azure_blob',
      bucket: settings.container,
      prefix: settings.prefix,
      region: null,
      endpoint: null,
      roleArn: null,
      externalId: null,
      ...(credentials === undefined
        ? {}
        : {
            credentials:
              credentials.kind === 'sas'
                ? { kind: 'azure-sas', accountUrl: credentials.account_url, sasToken: credentials.sas_token }
                : { kind: 'azure-connection-string', connectionString: credentials.connection_string },
          }),
    };
  }
  const bucketProblems = bucketNameMessages(settings.bucket);
  if (bucketProblems.length > 0) throw fieldError('bucket', bucketProblems);
  const roleAccount = settings.role_arn?.split(':')[4];
  if (roleAccount !== undefined && roleAccount !== settings.account_id) {
    throw fieldError('role_arn', ['Must be a role of the account entered above.']);
  }
  // Finlens chooses the external ID: a tenant who could pick one could pick another tenant's and have Finlens
  // assume that tenant's role for them (the confused deputy the external ID exists to stop).
  if (settings.external_id !== undefined && settings.external_id !== keep.externalId) {
    throw fieldError('external_id', [EXTERNAL_ID_SET_BY_FINLENS]);
  }
  const { keys } = settings;
  return {
    name,
    kind: 'aws_s3',
    bucket: settings.bucket,
    prefix: settings.prefix,
    region: settings.region,
    endpoint: settings.endpoint,
    roleArn: settings.role_arn,
    externalId: keep.externalId ?? generateExternalId(),
    ...(keys === undefined
      ? {}
      : {
          credentials:
            keys === null
              ? null
              : {
                  kind: 'aws-keys',
                  accessKeyId: keys.access_key_id,
                  secretAccessKey: keys.secret_access_key,
                },
        }),
  };
}
