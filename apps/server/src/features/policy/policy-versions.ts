import { createHash } from 'node:crypto';
import { currentGrants, type PolicyGrants } from '../../integrations/cloud/aws/iam-grants';

export interface PolicyVersionEntry {
  version: string;
  released_at: string;
  summary: string;
  /** What the templates granted in this version; the newest one is what they grant today. */
  grants: () => PolicyGrants;
}

const none = { 'finlens-inventory-read': [], 'finlens-actions': [] };

/** An earlier version's grants with more actions, each policy's list sorted (a version that only added some). */
function withAdded(version: string, added: Partial<PolicyGrants>): PolicyGrants {
  const base = POLICY_VERSIONS.find((entry) => entry.version === version)?.grants();
  if (base === undefined) throw new Error(`no IAM policy version ${version}`);
  const out = { ...base };
  for (const [name, actions] of Object.entries(added) as [keyof PolicyGrants, string[]][]) {
    out[name] = [...base[name], ...actions].sort();
  }
  return out;
}

/**
 * Every IAM policy version the templates have offered, oldest first. The newest one's grants are computed from
 * the cloud adapter's table of calls, so a change to that table changes what projects are asked to accept; a test
 * fails until the change is released here as a new version (the previous newest frozen as a list).
 */
export const POLICY_VERSIONS: readonly PolicyVersionEntry[] = [
  {
    version: '2026-11-22',
    released_at: '2026-11-22T00:00:00.000Z',
    summary: 'Read access to Cost and Usage Report exports in S3 and to account and organisation metadata.',
    grants: () => ({
      'finlens-cur-read': ['s3:GetBucketLocation', 's3:GetObject', 's3:ListBucket'],
      ...none,
    }),
  },
  {
    version: '2026-11-26',
    released_at: '2026-11-26T00:00:00.000Z',
    summary:
      'Adds read access to the cloud inventory and its metrics (EC2, EBS, Elastic IPs, load balancers, RDS, S3, Auto Scaling, EKS, Lambda, CloudWatch) and, only where you allow actions, starting, stopping, resizing, snapshotting and deleting resources for the scheduler and remediation.',
    grants: () =>
      withAdded('2026-11-22', {
        'finlens-inventory-read': [
          'autoscaling:DescribeAutoScalingGroups',
          'cloudwatch:GetMetricData',
          'ec2:DescribeAddresses',
          'ec2:DescribeInstances',
          'ec2:DescribeRegions',
          'ec2:DescribeSnapshots',
          'ec2:DescribeVolumes',
          'eks:DescribeCluster',
          'eks:DescribeNodegroup',
          'eks:ListClusters',
          'eks:ListNodegroups',
          'elasticloadbalancing:DescribeLoadBalancers',
          'elasticloadbalancing:DescribeTags',
          'lambda:ListFunctions',
          'lambda:ListTags',
          'rds:DescribeDBClusters',
          'rds:DescribeDBInstances',
          's3:GetBucketTagging',
          's3:ListAllMyBuckets',
        ],
        'finlens-actions': [
          'autoscaling:UpdateAutoScalingGroup',
          'ec2:CreateSnapshot',
          'ec2:DeleteSnapshot',
          'ec2:DeleteVolume',
          'ec2:ModifyInstanceAttribute',
          'ec2:ReleaseAddress',
          'ec2:StartInstances',
          'ec2:StopInstances',
          'eks:UpdateNodegroupConfig',
          'rds:ModifyDBInstance',
          'rds:StartDBCluster',
          'rds:StartDBInstance',
          'rds:StopDBCluster',
          'rds:StopDBInstance',
        ],
      }),
  },
  {
    version: '2026-11-26.2',
    released_at: '2026-11-26T17:00:00.000Z',
    summary: 'Adds ec2:DescribeNatGateways to the inventory read, so idle NAT gateways can be found.',
    grants: () =>
      withAdded('2026-11-26', {
        'finlens-inventory-read': ['ec2:DescribeNatGateways'],
      }),
  },
  {
    version: '2026-11-26.3',
    released_at: '2026-11-26T19:00:00.000Z',
    summary:
      "Adds eks:ListFargateProfiles and eks:DescribeFargateProfile to the inventory read, so the EKS dashboard shows each cluster's Fargate profiles beside its node groups.",
    grants: () =>
      withAdded('2026-11-26.2', {
        'finlens-inventory-read': ['eks:DescribeFargateProfile', 'eks:ListFargateProfiles'],
      }),
  },
  {
    version: '2026-11-26.4',
    released_at: '2026-11-26T20:00:00.000Z',
    summary:
      'Adds s3:GetLifecycleConfiguration to the inventory read, so buckets without lifecycle rules can be recommended one.',
    grants: () =>
      withAdded('2026-11-26.3', {
        'finlens-inventory-read': ['s3:GetLifecycleConfiguration'],
      }),
  },
  {
    version: '2026-11-26.5',
    released_at: '2026-11-26T21:30:00.000Z',
    summary:
      "Adds autoscaling:DescribeScalingActivities and ec2:DescribeLaunchTemplateVersions to the inventory read (each Auto Scaling group's scaling activities and its launch template's instance type) and, only where you allow actions, ec2:CreateLaunchTemplateVersion with ec2:RunInstances and ec2:CreateTags (AWS checks both when a group's launch template is updated), so Auto Scaling recommendations — spot through a mixed instances policy, a smaller launch template type — can be applied. A template with an instance profile also needs iam:PassRole for that role, which you grant yourself.",
    grants: () =>
      withAdded('2026-11-26.4', {
        'finlens-inventory-read': [
          'autoscaling:DescribeScalingActivities',
          'ec2:DescribeLaunchTemplateVersions',
        ],
        'finlens-actions': ['ec2:CreateLaunchTemplateVersion', 'ec2:CreateTags', 'ec2:RunInstances'],
      }),
  },
  {
    version: '2026-11-26.6',
    released_at: '2026-11-26T22:00:00.000Z',
    summary:
      'Adds lambda:GetFunctionConfiguration to the inventory read and, only where you allow actions, ec2:DeleteNatGateway, lambda:UpdateFunctionConfiguration and s3:PutLifecycleConfiguration, so approved recommendations for idle NAT gateways, over-allocated Lambda memory and buckets without lifecycle rules are applied by Finlens.',
    grants: () =>
      withAdded('2026-11-26.5', {
        'finlens-inventory-read': ['lambda:GetFunctionConfiguration'],
        'finlens-actions': [
          'ec2:DeleteNatGateway',
          'lambda:UpdateFunctionConfiguration',
          's3:PutLifecycleConfiguration',
        ],
      }),
  },
  {
    version: '2026-11-27',
    released_at: '2026-11-27T01:00:00.000Z',
    summary:
      'Adds, only where you allow actions, elasticloadbalancing:DeleteLoadBalancer, ec2:ModifyVolume, ec2:TerminateInstances, rds:DeleteDBInstance and rds:CreateDBSnapshot (the final snapshot before a database is deleted), so approved recommendations for idle load balancers, EBS volume types and IOPS, idle databases and long-stopped instances with volumes are applied by Finlens.',
    grants: () =>
      withAdded('2026-11-26.6', {
        'finlens-actions': [
          'ec2:ModifyVolume',
          'ec2:TerminateInstances',
          'elasticloadbalancing:DeleteLoadBalancer',
          'rds:CreateDBSnapshot',
          'rds:DeleteDBInstance',
        ],
      }),
  },
  {
    version: '2026-11-27.1',
    released_at: '2026-11-27T01:30:00.000Z',
    summary:
      'Adds, only where you allow actions, autoscaling:StartInstanceRefresh, so that after Finlens applies an Auto Scaling recommendation (a mixed instances policy for spot, a smaller launch template type) it replaces the instances launched before the change, a few at a time, and the saving shows without waiting for the group to replace them itself.',
    grants: () => withAdded('2026-11-27', { 'finlens-actions': ['autoscaling:StartInstanceRefresh'] }),
  },
  {
    version: '2026-11-27.2',
    released_at: '2026-11-27T05:30:00.000Z',
    summary:
      "Adds autoscaling:DescribeScheduledActions to the inventory read and, only where you allow actions, autoscaling:PutScheduledUpdateGroupAction, so an approved scheduled-scaling recommendation puts the Auto Scaling group's scale-down and scale-up actions (cron recurrence, time zone, minimum, desired and maximum) for you.",
    grants: () =>
      withAdded('2026-11-27.1', {
        'finlens-inventory-read': ['autoscaling:DescribeScheduledActions'],
        'finlens-actions': ['autoscaling:PutScheduledUpdateGroupAction'],
      }),
  },
  {
    version: '2026-11-27.3',
    released_at: '2026-11-27T07:00:00.000Z',
    summary:
      'Adds ec2:DescribeReservedInstances and rds:DescribeReservedDBInstances to the inventory read, so Commitment Inventory shows what the account says of each reservation the bill names: its state, exact start and end, scope and zone, offering class, platform or engine and Multi-AZ. Read-only; every figure still comes from the bill.',
    grants: () =>
      withAdded('2026-11-27.2', {
        'finlens-inventory-read': ['ec2:DescribeReservedInstances', 'rds:DescribeReservedDBInstances'],
      }),
  },
  {
    version: '2026-11-27.4',
    released_at: '2026-11-27T11:00:00.000Z',
    summary:
      'Adds savingsplans:DescribeSavingsPlans, elasticache:DescribeReservedCacheNodes, es:DescribeReservedInstances (OpenSearch) and redshift:DescribeReservedNodes to the inventory read, so Commitment Inventory also shows what the account says of each savings plan (state, exact start and end, commitment, payment option, term) and of each ElastiCache, OpenSearch and Redshift reservation. Read-only; every figure still comes from the bill.',
    grants: currentGrants,
  },
];

/** The newest version's grants when it was released (see grantsFingerprint); a test compares them with today's. */
export const RELEASED_FINGERPRINT = 'efaceee28551f5ae';

export function grantsFingerprint(grants: PolicyGrants): string {
  return createHash('sha256').update(JSON.stringify(grants)).digest('hex').slice(0, 16);
}

export function latestPolicyVersion(): PolicyVersionEntry {
  const latest = POLICY_VERSIONS.at(-1);
  if (latest === undefined) throw new Error('no IAM policy version');
  return latest;
}
