import { describe, expect, it } from 'vitest';
import { normalResourceId, resourceKey } from './resource-id';

/** Each pair: how the bill spells a resource, how the cloud API (or the inventory) spells the same one. */
const SAME: [form: string, bill: [string, string | null], api: [string, string | null]][] = [
  [
    'EC2 instance ARN vs id',
    ['arn:aws:ec2:eu-west-1:111122223333:instance/i-0abc123', null],
    ['i-0abc123', 'ec2-instance'],
  ],
  ['EC2 instance id on both sides', ['i-0abc123', 'AmazonEC2'], ['i-0abc123', 'ec2-instance']],
  [
    'EBS volume id vs ARN',
    ['vol-0123abcd', 'AmazonEC2'],
    ['arn:aws:ec2:us-east-1:111122223333:volume/vol-0123abcd', null],
  ],
  [
    'EBS snapshot ARN vs id',
    ['arn:aws:ec2:us-east-1:111122223333:snapshot/snap-0ff1', 'AmazonEC2'],
    ['snap-0ff1', 'ebs-snapshot'],
  ],
  [
    'Elastic IP allocation',
    ['eipalloc-0a1b', 'AmazonEC2'],
    ['arn:aws:ec2:us-east-1:111122223333:elastic-ip/eipalloc-0a1b', null],
  ],
  [
    'RDS ARN vs DB identifier',
    ['arn:aws:rds:us-east-1:111122223333:db:orders-db', 'AmazonRDS'],
    ['orders-db', 'rds-instance'],
  ],
  [
    'RDS cluster ARN vs identifier',
    ['arn:aws:rds:us-east-1:111122223333:cluster:aurora-1', 'AmazonRDS'],
    ['aurora-1', 'rds-cluster'],
  ],
  [
    'ALB ARN vs ARN tail',
    ['arn:aws:elasticloadbalancing:us-east-1:111122223333:loadbalancer/app/web/50dc6c495c0c9188', 'AWSELB'],
    ['app/web/50dc6c495c0c9188', 'load-balancer'],
  ],
  [
    'classic ELB ARN vs name',
    ['arn:aws:elasticloadbalancing:us-east-1:111122223333:loadbalancer/legacy-web', 'AWSELB'],
    ['legacy-web', 'load-balancer'],
  ],
  ['S3 bucket name vs ARN', ['logs-bucket', 'AmazonS3'], ['arn:aws:s3:::logs-bucket', null]],
  ['S3 bucket name vs inventory name', ['logs-bucket', 'AmazonS3'], ['logs-bucket', 's3-bucket']],
  [
    'S3 bucket under its service name',
    ['logs-bucket', 'Amazon Simple Storage Service'],
    ['logs-bucket', 's3-bucket'],
  ],
  [
    'Lambda qualified ARN vs unqualified',
    ['arn:aws:lambda:us-east-1:111122223333:function:resize:prod', 'AWSLambda'],
    ['arn:aws:lambda:us-east-1:111122223333:function:resize', null],
  ],
  [
    'Lambda version ARN vs name',
    ['arn:aws:lambda:us-east-1:111122223333:function:resize:$LATEST', 'AWSLambda'],
    ['resize', 'lambda-function'],
  ],
  [
    'EKS cluster ARN vs name',
    ['arn:aws:eks:us-east-1:111122223333:cluster/prod', 'AmazonEKS'],
    ['prod', 'eks-cluster'],
  ],
  [
    'EKS node group ARN vs cluster/group',
    ['arn:aws:eks:us-east-1:111122223333:nodegroup/prod/workers/9ab1-22', 'AmazonEKS'],
    ['prod/workers', 'eks-nodegroup'],
  ],
  [
    'Auto Scaling group ARN vs name',
    [
      'arn:aws:autoscaling:us-east-1:111122223333:autoScalingGroup:6d1c-77:autoScalingGroupName/web-asg',
      'AmazonEC2',
    ],
    ['web-asg', 'autoscaling-group'],
  ],
  ['surrounding blanks', [' i-0abc123 ', null], ['i-0abc123', null]],
];

describe('normalResourceId', () => {
  it.each(SAME)('%s: both spellings meet', (_form, [bill, billSpace], [api, apiSpace]) => {
    expect(normalResourceId(bill, billSpace).id).toBe(normalResourceId(api, apiSpace).id);
  });

  it('keeps different resources apart', () => {
    const ids = [
      normalResourceId('orders', 'rds-instance'),
      normalResourceId('orders', 'rds-cluster'),
      normalResourceId('orders', 's3-bucket'),
      normalResourceId('orders', 'lambda-function'),
      normalResourceId('arn:aws:lambda:us-east-1:1:function:orders-2', null),
      normalResourceId('i-0abc124', null),
    ].map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('reads the account from an ARN and none from a short id or an S3 ARN', () => {
    expect(normalResourceId('arn:aws:rds:us-east-1:111122223333:db:x', null).account).toBe('111122223333');
    expect(normalResourceId('i-0abc', null).account).toBeNull();
    expect(normalResourceId('arn:aws:s3:::b', null).account).toBeNull();
  });

  it('keeps other ARNs whole under their service', () => {
    expect(normalResourceId('arn:aws:dynamodb:us-east-1:1:table/orders', 'AmazonDynamoDB').id).toBe(
      'dynamodb:table/orders',
    );
    expect(normalResourceId('some-name', 'AmazonSNS').id).toBe('some-name');
  });
});

describe('resourceKey', () => {
  it('scopes names to the account, the ARN account winning', () => {
    expect(resourceKey('orders', 'rds-instance', '111')).not.toBe(
      resourceKey('orders', 'rds-instance', '222'),
    );
    expect(resourceKey('arn:aws:rds:us-east-1:111:db:orders', 'AmazonRDS', '999')).toBe(
      resourceKey('orders', 'rds-instance', '111'),
    );
  });
});
