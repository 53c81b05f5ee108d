import type { AccessKeys } from '../../integrations/aws/assume-role';

/** How Finlens signs in to a customer's bucket: their access keys, or a role they let us assume. */
export type AwsAccess =
  | { kind: 'keys'; keys: AccessKeys }
  /** Cross-account role with the external ID the customer put in its trust policy (confused-deputy guard). */
  | { kind: 'role'; roleArn: string; externalId: string | null; baseKeys?: AccessKeys }
  /** The server's own identity (environment, instance profile): the default provider chain. */
  | { kind: 'default' };
