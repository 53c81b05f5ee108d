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

const DURATION_SECONDS = 3600;
// Renew a little before expiry so a long download never signs with expired credentials.
const RENEW_BEFORE_MS = 5 * 60_000;

/**
 * Credentials from sts:AssumeRole, cached until shortly before they expire. The STS call itself signs with
 * `baseKeys` or the default chain. `sessionName` names the use (billing import, inventory) in the customer's
 * CloudTrail.
 */
export function assumeRoleCredentials({
  roleArn,
  externalId,
  region,
  sessionName,
  baseKeys,
  clock = () => new Date(),
}: {
  roleArn: string;
  externalId: string | null;
  region: string;
  sessionName: string;
  baseKeys?: AccessKeys;
  clock?: () => Date;
}): (options?: { abortSignal?: AbortSignal }) => Promise<TemporaryCredentials> {
  const sts = new STSClient({ region, ...(baseKeys ? { credentials: baseKeys } : {}) });
  let cached: TemporaryCredentials | null = null;
  // A caller with a time limit passes its signal: the STS call is aborted, not abandoned, when the limit passes.
  return async (options) => {
    const expiresAt = cached?.expiration?.getTime() ?? 0;
    if (cached !== null && expiresAt - RENEW_BEFORE_MS > clock().getTime()) return cached;
    const { Credentials: credentials } = await sts.send(
      new AssumeRoleCommand({
        RoleArn: roleArn,
        RoleSessionName: sessionName,
        DurationSeconds: DURATION_SECONDS,
        ...(externalId === null ? {} : { ExternalId: externalId }),
      }),
      options?.abortSignal === undefined ? {} : { abortSignal: options.abortSignal },
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
