import { AutoScalingClient } from '@aws-sdk/client-auto-scaling';
import { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import { EC2Client, type EC2ClientConfig } from '@aws-sdk/client-ec2';
import { EKSClient } from '@aws-sdk/client-eks';
import { ElasticLoadBalancingV2Client } from '@aws-sdk/client-elastic-load-balancing-v2';
import { ElastiCacheClient } from '@aws-sdk/client-elasticache';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { OpenSearchClient } from '@aws-sdk/client-opensearch';
import { RDSClient } from '@aws-sdk/client-rds';
import { RedshiftClient } from '@aws-sdk/client-redshift';
import { S3Client } from '@aws-sdk/client-s3';
import { SavingsplansClient } from '@aws-sdk/client-savingsplans';
import { assumeRoleCredentials, type TemporaryCredentials } from '../../aws/assume-role';
import type { CloudAccount } from '../cloud-port';
import { isListedCall } from './aws-calls';

/** SDK retry settings: adaptive mode backs off on throttling and rate-limits the client itself. */
export const AWS_RETRY = { maxAttempts: 8, retryMode: 'adaptive' } as const;
/** Where Savings Plans (a global service, one endpoint) is called. */
export const SAVINGS_PLANS_REGION = 'us-east-1';
/** Where STS is called (global partition endpoint; regional STS would do too). */
const STS_REGION = 'us-east-1';
/** The role session's name in the customer's CloudTrail: inventory, metrics and actions. */
export const INVENTORY_SESSION_NAME = 'finlens-inventory';

export interface AwsClients {
  ec2: EC2Client;
  elb: ElasticLoadBalancingV2Client;
  rds: RDSClient;
  s3: S3Client;
  autoscaling: AutoScalingClient;
  eks: EKSClient;
  lambda: LambdaClient;
  cloudwatch: CloudWatchClient;
  elasticache: ElastiCacheClient;
  opensearch: OpenSearchClient;
  redshift: RedshiftClient;
  /** Savings Plans is a global service: its client answers from us-east-1 whatever the region asked. */
  savingsplans: SavingsplansClient;
}

type Credentials =
  | TemporaryCredentials
  | ((options?: { abortSignal?: AbortSignal }) => Promise<TemporaryCredentials>);

interface Guardable {
  middlewareStack: {
    add: (
      middleware: (
        next: (args: unknown) => Promise<unknown>,
        context: Record<string, unknown>,
      ) => (args: unknown) => Promise<unknown>,
      options: { step: 'initialize'; name: string },
    ) => void;
  };
}

/** Refuses any operation that AWS_CALLS does not list, before it is signed or sent. */
export function guardOperations<C>(client: C): C {
  (client as unknown as Guardable).middlewareStack.add(
    (next, context) => async (args) => {
      const clientName = String(context.clientName);
      const commandName = String(context.commandName);
      if (!isListedCall(clientName, commandName)) {
        throw new Error(
          `${clientName} ${commandName} is not in AWS_CALLS (add it there and to the IAM templates)`,
        );
      }
      return next(args);
    },
    { step: 'initialize', name: 'finlensGuardOperations' },
  );
  return client;
}

/** Refused when an account asks for the server's own identity and the operator did not allow it. */
export class ServerIdentityNotAllowedError extends Error {
  override name = 'ServerIdentityNotAllowed';
}

/**
 * The credentials of one account: the assumed role (cached until shortly before it expires), the account's
 * keys, or the server's own chain when allowed. Called once per account; clients share the result.
 */
export function accountCredentials(
  account: CloudAccount,
  allowServerIdentity: boolean,
): Credentials | undefined {
  const { credentials } = account;
  switch (credentials.kind) {
    case 'role':
      return assumeRoleCredentials({
        roleArn: credentials.roleArn,
        externalId: credentials.externalId,
        region: STS_REGION,
        sessionName: INVENTORY_SESSION_NAME,
      });
    case 'keys':
      return {
        accessKeyId: credentials.accessKeyId,
        secretAccessKey: credentials.secretAccessKey,
        ...(credentials.sessionToken ? { sessionToken: credentials.sessionToken } : {}),
      };
    case 'server-identity':
      if (!allowServerIdentity) {
        throw new ServerIdentityNotAllowedError(
          `account ${account.accountId} would use the server's own AWS identity`,
        );
      }
      return undefined;
  }
}

/** What the operator (or a test) may set on every client: its HTTP handler, an endpoint, fewer attempts. */
export type AwsClientSettings = Pick<EC2ClientConfig, 'requestHandler' | 'endpoint' | 'maxAttempts'>;

/** One client per service for an account and region, each guarded and retrying with back-off. */
export function createAwsClients(
  region: string,
  credentials: Credentials | undefined,
  settings: AwsClientSettings = {},
): AwsClients {
  const config = { region, ...AWS_RETRY, ...settings, ...(credentials ? { credentials } : {}) };
  return {
    ec2: guardOperations(new EC2Client(config)),
    elb: guardOperations(new ElasticLoadBalancingV2Client(config)),
    rds: guardOperations(new RDSClient(config)),
    s3: guardOperations(new S3Client(config)),
    autoscaling: guardOperations(new AutoScalingClient(config)),
    eks: guardOperations(new EKSClient(config)),
    lambda: guardOperations(new LambdaClient(config)),
    cloudwatch: guardOperations(new CloudWatchClient(config)),
    elasticache: guardOperations(new ElastiCacheClient(config)),
    opensearch: guardOperations(new OpenSearchClient(config)),
    redshift: guardOperations(new RedshiftClient(config)),
    savingsplans: guardOperations(new SavingsplansClient({ ...config, region: SAVINGS_PLANS_REGION })),
  };
}
