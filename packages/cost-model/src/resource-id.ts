/**
 * One resource, two spellings: the bill (CUR `line_item_resource_id`) names some resources by their short id
 * (`i-…`, `vol-…`, a bucket name) and others by ARN (RDS, Lambda with or without a qualifier, load
 * balancers, EKS), while the cloud APIs give a short id and usually an ARN. Both sides go through
 * `normalResourceId`, so a resource's cost and its inventory entry meet on the same key.
 */

/** Where a bare name (no ARN, no `i-`-style prefix) belongs: the bill's service code or name, or the inventory kind. */
const BARE_NAME_SPACES: Record<string, string> = {
  // CUR product_servicecode
  AmazonS3: 's3',
  AWSLambda: 'lambda:function',
  AmazonRDS: 'rds:db',
  AmazonEKS: 'eks:cluster',
  AWSELB: 'elb',
  // CUR product_servicename, for bills without a service code
  'Amazon Simple Storage Service': 's3',
  'AWS Lambda': 'lambda:function',
  'Amazon Relational Database Service': 'rds:db',
  'Amazon Elastic Container Service for Kubernetes': 'eks:cluster',
  'Elastic Load Balancing': 'elb',
  // inventory kinds
  's3-bucket': 's3',
  'lambda-function': 'lambda:function',
  'rds-instance': 'rds:db',
  'rds-cluster': 'rds:cluster',
  'eks-cluster': 'eks:cluster',
  'eks-nodegroup': 'eks:nodegroup',
  'load-balancer': 'elb',
  'autoscaling-group': 'autoscaling',
};

/** EC2-style short ids are unique on their own: they keep their form whatever the service. */
const SHORT_ID = /^(i|vol|snap|eipalloc|eni|nat|ami|vpce|igw|tgw|sg|subnet|vpc|fs|lt)-[0-9a-z]+$/;

function fromArn(service: string, resource: string): string {
  switch (service) {
    case 'ec2': {
      // instance/i-…, volume/vol-…, snapshot/snap-…, elastic-ip/eipalloc-…, natgateway/nat-…
      const tail = resource.slice(resource.indexOf('/') + 1);
      return SHORT_ID.test(tail) ? tail : `ec2:${resource}`;
    }
    case 's3':
      return `s3:${resource.split('/')[0]}`;
    case 'lambda': {
      // function:name[:version|alias]
      const [, name = ''] = resource.split(':');
      return `lambda:function:${name}`;
    }
    case 'rds':
      // db:name, cluster:name
      return `rds:${resource}`;
    case 'elasticloadbalancing':
      // loadbalancer/app/name/hash, loadbalancer/net/name/hash, loadbalancer/name (classic)
      return `elb:${resource.replace(/^loadbalancer\//, '')}`;
    case 'eks': {
      // cluster/name, nodegroup/cluster/group/uuid
      const parts = resource.split('/');
      if (parts[0] === 'nodegroup') return `eks:nodegroup:${parts[1]}/${parts[2]}`;
      if (parts[0] === 'cluster') return `eks:cluster:${parts[1]}`;
      return `eks:${resource}`;
    }
    case 'autoscaling': {
      // autoScalingGroup:uuid:autoScalingGroupName/name
      const marker = 'autoScalingGroupName/';
      const at = resource.indexOf(marker);
      return at < 0 ? `autoscaling:${resource}` : `autoscaling:${resource.slice(at + marker.length)}`;
    }
    default:
      return `${service}:${resource}`;
  }
}

export interface NormalResourceId {
  /** The same for every spelling of one resource. */
  id: string;
  /** The account an ARN names, null when the spelling carries none (short ids, names, S3 ARNs). */
  account: string | null;
}

/**
 * The normal form of a resource id as the bill or an API spells it. `space` says where a bare name belongs:
 * the bill's service code (AmazonS3, AWSLambda, AmazonRDS …) or the inventory kind (s3-bucket, rds-cluster …).
 */
export function normalResourceId(raw: string, space: string | null): NormalResourceId {
  const text = raw.trim();
  if (text.startsWith('arn:')) {
    // arn:partition:service:region:account:resource (the resource may hold further colons)
    const parts = text.split(':');
    const service = parts[2] ?? '';
    const account = parts[4] ?? '';
    return { id: fromArn(service, parts.slice(5).join(':')), account: account === '' ? null : account };
  }
  if (SHORT_ID.test(text)) return { id: text, account: null };
  const name = space === null ? undefined : BARE_NAME_SPACES[space];
  return { id: name === undefined ? text : `${name}:${text}`, account: null };
}

/**
 * The join key of a resource: its normal id within an account (names such as an RDS identifier repeat
 * across accounts). The ARN's account wins over `account` when the spelling names one.
 */
export function resourceKey(raw: string, space: string | null, account: string): string {
  const normal = normalResourceId(raw, space);
  return `${normal.account ?? account}|${normal.id}`;
}
