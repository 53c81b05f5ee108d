import { iamActions } from './aws-calls';

/** The role policies the IAM templates grant, by the template's policy name. */
export const POLICY_NAMES = ['finlens-cur-read', 'finlens-inventory-read', 'finlens-actions'] as const;
export type PolicyName = (typeof POLICY_NAMES)[number];

/** Reading the billing export: the bucket's listing and location, and its objects under the prefix. */
export const BUCKET_ACTIONS = ['s3:ListBucket', 's3:GetBucketLocation'] as const;
export const OBJECT_ACTIONS = ['s3:GetObject'] as const;

export type PolicyGrants = Record<PolicyName, string[]>;

/** Every action the templates grant today, per policy, sorted; the cloud adapter's table of calls decides two. */
export function currentGrants(): PolicyGrants {
  return {
    'finlens-cur-read': [...BUCKET_ACTIONS, ...OBJECT_ACTIONS].sort(),
    'finlens-inventory-read': iamActions('read'),
    'finlens-actions': iamActions('act'),
  };
}
