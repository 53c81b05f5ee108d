import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';

export interface AccessKeys {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** Temporary credentials as the AWS SDK clients accept them. */
export interface TemporaryCredentials extends AccessKeys {
  expiration?: Date;
}

/** How Finlens signs in to a customer's bucket: their access keys, or a role they let us assume. */
export type AwsAccess =
  | { kind: 'keys'; keys: AccessKeys }
  /** Cross-account role with the external ID the customer put in its trust policy (confused-deputy guard). */
  | { kind: 'role'; roleArn: string; externalId: string | null; baseKeys?: AccessKeys }
  /** The server's own identity (environment, instance profile): the default provider chain. */
  | { kind: 'default' };

const SESSION_NAME = 'finlens-billing-ingest';
const DURATION_SECONDS = 3600;
// Renew a little before expiry so a long download never signs with expired credentials.
const RENEW_BEFORE_MS = 5 * 60_000;

/**
 * Credentials from sts:AssumeRole, cached until shortly before they expire. The STS call itself signs with
 * `baseKeys` or the default chain.
 */
export function assumeRoleCredentials({
  roleArn,
  externalId,
  region,
  baseKeys,
  clock = () => new Date(),
}: {
  roleArn: string;
  externalId: string | null;
  region: string;
  baseKeys?: AccessKeys;
  clock?: () => Date;
}): () => Promise<TemporaryCredentials> {
  const sts = new STSClient({ region, ...(baseKeys ? { credentials: baseKeys } : {}) });
  let cached: TemporaryCredentials | null = null;
  return async () => {
    const expiresAt = cached?.expiration?.getTime() ?? 0;
    if (cached !== null && expiresAt - RENEW_BEFORE_MS > clock().getTime()) return cached;
    const { Credentials: credentials } = await sts.send(
      new AssumeRoleCommand({
        RoleArn: roleArn,
        RoleSessionName: SESSION_NAME,
        DurationSeconds: DURATION_SECONDS,
        ...(externalId === null ? {} : { ExternalId: externalId }),
      }),
    );
    if (!credentials?.AccessKeyId || !credentials.SecretAccessKey) {
      throw new Error(`AssumeRole on ${roleArn} returned no credentials`);
    }
    cached = {
      accessKeyId: credentials.AccessKeyId,
      secretAccessKey: credentials.SecretAccessKey,
      ...(credentials.SessionToken ? { sessionToken: credentials.SessionToken } : {}),
      ...(credentials.Expiration ? { expiration: credentials.Expiration } : {}),
    };
    return cached;
  };
}
