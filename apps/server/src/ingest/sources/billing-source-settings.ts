import { AWAITING_CREDENTIALS } from '@finlens/contracts/cloud-accounts';
import { z } from 'zod';
import type { BillingSourceRow } from '../../db/tables';
import type { SecretBox } from '../../platform/crypto/secret-box';
import type { GuardedHttp } from '../../platform/outbound/guarded-http';
import type { AwsAccess } from './aws-credentials';
import { type AzureBlobAccess, azureBlobStore } from './azure-blob-store';
import type { RemoteStore } from './remote-store';
import { s3Store } from './s3-store';

const awsKeys = z.object({
  kind: z.literal('aws-keys'),
  accessKeyId: z.string().min(1),
  secretAccessKey: z.string().min(1),
});
const azureConnectionString = z.object({
  kind: z.literal('azure-connection-string'),
  connectionString: z.string().min(1),
});
const azureSas = z.object({
  kind: z.literal('azure-sas'),
  accountUrl: z.string().url(),
  sasToken: z.string().min(1),
});

/** The secret part of a source's settings: what gets sealed into `credentials_sealed`. */
export const sourceCredentials = z.discriminatedUnion('kind', [awsKeys, azureConnectionString, azureSas]);
export type SourceCredentials = z.infer<typeof sourceCredentials>;

/** Binds a sealed value to its row, so a copied ciphertext does not open elsewhere. */
export function credentialsContext(sourceId: string): string {
  return `billing_sources:${sourceId}`;
}

export function sealCredentials(
  box: SecretBox,
  sourceId: string,
  credentials: SourceCredentials | null,
): string | null {
  return credentials === null ? null : box.seal(JSON.stringify(credentials), credentialsContext(sourceId));
}

export function openCredentials(box: SecretBox, row: BillingSourceRow): SourceCredentials | null {
  if (row.credentials_sealed === null) return null;
  return sourceCredentials.parse(JSON.parse(box.open(row.credentials_sealed, credentialsContext(row.id))));
}

/** Where and how to read: a saved source row, or settings not saved yet (a connection check). */
export type StoreSettings = Pick<
  BillingSourceRow,
  'name' | 'kind' | 'bucket' | 'prefix' | 'region' | 'endpoint' | 'role_arn' | 'external_id'
>;

/**
 * SERVER_IDENTITY_ACCOUNTS: the cloud accounts (Finlens ids, `/c/cloud_accounts/{id}/`) whose S3 source the
 * operator lets read with the server's own AWS identity (the SDK's default chain: environment, instance profile).
 */
export type ServerIdentityAccounts = ReadonlySet<string>;

/**
 * How a saved source signs in: its own keys, connection string or role (`own`), the server's identity because the
 * operator marked its account, or not at all (null: awaiting configuration, never polled).
 */
export function sourceSignIn(
  row: Pick<BillingSourceRow, 'kind' | 'role_arn' | 'credentials_sealed' | 'project_id'>,
  serverIdentityAccounts: ServerIdentityAccounts,
): 'own' | 'server-identity' | null {
  if (row.credentials_sealed !== null || (row.kind === 'aws_s3' && row.role_arn !== null)) return 'own';
  return row.kind === 'aws_s3' && serverIdentityAccounts.has(row.project_id) ? 'server-identity' : null;
}

/**
 * The store a saved source reads from, with its credentials opened for this use only; `serverIdentity` as in
 * storeFor, for a source whose account the operator marked (sourceSignIn).
 */
export function openSourceStore(
  row: BillingSourceRow,
  box: SecretBox,
  http: GuardedHttp,
  access: { serverIdentity: boolean },
): RemoteStore {
  return storeFor(row, openCredentials(box, row), http, access);
}

/** `serverIdentity`: without keys or a role, read with the server's own AWS identity (an operator-marked account). */
export function storeFor(
  settings: StoreSettings,
  credentials: SourceCredentials | null,
  http: GuardedHttp,
  { serverIdentity }: { serverIdentity: boolean },
): RemoteStore {
  switch (settings.kind) {
    case 'aws_s3':
      return s3Store({
        bucket: settings.bucket,
        prefix: settings.prefix,
        region: settings.region ?? 'us-east-1',
        endpoint: settings.endpoint,
        access: awsAccess(settings, credentials, serverIdentity),
        http,
      });
    case 'azure_blob':
      return azureBlobStore({
        container: settings.bucket,
        prefix: settings.prefix,
        access: azureAccess(settings, credentials),
        http,
      });
  }
}

function awsAccess(
  row: StoreSettings,
  credentials: SourceCredentials | null,
  serverIdentity: boolean,
): AwsAccess {
  const keys =
    credentials?.kind === 'aws-keys'
      ? { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey }
      : undefined;
  if (row.role_arn !== null) {
    return {
      kind: 'role',
      roleArn: row.role_arn,
      externalId: row.external_id,
      ...(keys ? { baseKeys: keys } : {}),
    };
  }
  if (keys) return { kind: 'keys', keys };
  if (serverIdentity) return { kind: 'default' };
  throw new Error(AWAITING_CREDENTIALS);
}

function azureAccess(row: StoreSettings, credentials: SourceCredentials | null): AzureBlobAccess {
  switch (credentials?.kind) {
    case 'azure-connection-string':
      return { kind: 'connection-string', connectionString: credentials.connectionString };
    case 'azure-sas':
      return { kind: 'sas', accountUrl: credentials.accountUrl, sasToken: credentials.sasToken };
    default:
      throw new Error(`Azure source ${row.name} has no connection string or SAS`);
  }
}
