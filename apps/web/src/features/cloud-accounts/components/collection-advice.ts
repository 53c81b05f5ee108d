import type { CollectionErrorView, InventoryResource } from '@finlens/contracts/inventory';

const DENIED = new Set([
  'AccessDenied',
  'AccessDeniedException',
  'UnauthorizedOperation',
  'UnauthorizedAccess',
  'AuthorizationError',
  'AuthorizationErrorException',
]);
const REFUSED_CREDENTIALS = new Set([
  'InvalidClientTokenId',
  'UnrecognizedClientException',
  'AuthFailure',
  'ExpiredToken',
  'ExpiredTokenException',
  'SignatureDoesNotMatch',
  'InvalidAccessKeyId',
]);
const THROTTLED = new Set([
  'Throttling',
  'ThrottlingException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'RequestThrottled',
  'SlowDown',
]);

/** What the admin can do about a collection error; `policy` when the IAM policy lacks the action. */
export function collectionAdvice(error: CollectionErrorView): { text: string; policy: boolean } {
  if (error.service === 'sts')
    return {
      text: 'Finlens could not assume the role — check the role ARN, its trust policy and the external ID (Edit).',
      policy: false,
    };
  if (REFUSED_CREDENTIALS.has(error.code))
    return { text: 'AWS refused the credentials — check the access keys or the role (Edit).', policy: false };
  if (DENIED.has(error.code)) return { text: 'update the IAM policy', policy: true };
  if (error.code === 'OptInRequired')
    return {
      text: 'the region is not enabled for this account — enable it in AWS to collect it.',
      policy: false,
    };
  if (THROTTLED.has(error.code))
    return {
      text: 'AWS throttled the calls after several retries — the next pass tries again.',
      policy: false,
    };
  return {
    text: 'the next pass tries again — if it keeps failing, check the account settings.',
    policy: false,
  };
}

/** "AccessDenied on rds:DescribeDBInstances in account Shop (123456789012), eu-west-1". */
export function errorSummary(error: CollectionErrorView): string {
  const call = error.iam_action ?? `${error.service}:${error.operation}`;
  const account =
    error.account_name === null ? error.account_id : `${error.account_name} (${error.account_id})`;
  const where =
    error.region === '*' ? `for the whole account ${account}` : `in account ${account}, ${error.region}`;
  return `${error.code} on ${call} ${where}`;
}

const KIND_LABELS: Record<InventoryResource['kind'], [one: string, many: string]> = {
  'ec2-instance': ['EC2 instance', 'EC2 instances'],
  'ebs-volume': ['EBS volume', 'EBS volumes'],
  'ebs-snapshot': ['EBS snapshot', 'EBS snapshots'],
  'elastic-ip': ['Elastic IP', 'Elastic IPs'],
  'load-balancer': ['load balancer', 'load balancers'],
  'rds-instance': ['RDS instance', 'RDS instances'],
  'rds-cluster': ['RDS cluster', 'RDS clusters'],
  's3-bucket': ['S3 bucket', 'S3 buckets'],
  'autoscaling-group': ['Auto Scaling group', 'Auto Scaling groups'],
  'eks-cluster': ['EKS cluster', 'EKS clusters'],
  'eks-nodegroup': ['EKS node group', 'EKS node groups'],
  'eks-fargate-profile': ['EKS Fargate profile', 'EKS Fargate profiles'],
  'lambda-function': ['Lambda function', 'Lambda functions'],
  'nat-gateway': ['NAT gateway', 'NAT gateways'],
};

/** "3 EC2 instances, 1 S3 bucket" in the kinds' order; empty when there are none. */
export function countsText(counts: Partial<Record<InventoryResource['kind'], number>>): string {
  return (Object.keys(KIND_LABELS) as InventoryResource['kind'][])
    .flatMap((kind) => {
      const n = counts[kind] ?? 0;
      const [one, many] = KIND_LABELS[kind];
      return n === 0 ? [] : [`${n.toLocaleString('en-US')} ${n === 1 ? one : many}`];
    })
    .join(', ');
}
