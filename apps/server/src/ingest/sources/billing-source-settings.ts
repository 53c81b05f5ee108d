import { z } from 'zod';
import type { BillingSourceRow } from '../../db/tables';
import type { SecretBox } from '../../platform/crypto/secret-box';
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

/** The store a saved source reads from, with its credentials opened for this use only. */
export function openSourceStore(row: BillingSourceRow, box: SecretBox): RemoteStore {
  const credentials = openCredentials(box, row);
  switch (row.kind) {
    case 'aws_s3':
      return s3Store({
        bucket: row.bucket,
        prefix: row.prefix,
        region: row.region ?? 'us-east-1',
        endpoint: row.endpoint,
        access: awsAccess(row, credentials),
      });
    case 'azure_blob':
      return azureBlobStore({
        container: row.bucket,
        prefix: row.prefix,
        access: azureAccess(row, credentials),
      });
  }
}

function awsAccess(row: BillingSourceRow, credentials: SourceCredentials | null): AwsAccess {
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
  return keys ? { kind: 'keys', keys } : { kind: 'default' };
}

function azureAccess(row: BillingSourceRow, credentials: SourceCredentials | null): AzureBlobAccess {
  switch (credentials?.kind) {
    case 'azure-connection-string':
      return { kind: 'connection-string', connectionString: credentials.connectionString };
    case 'azure-sas':
      return { kind: 'sas', accountUrl: credentials.accountUrl, sasToken: credentials.sasToken };
    default:
      throw new Error(`Azure source ${row.name} has no connection string or SAS`);
  }
}
