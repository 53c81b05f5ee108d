import { noise } from './metric-profiles';
import { METRIC_PROFILES, type ScenarioInput } from './scenario-schema';

/**
 * A synthetic scenario of any size for load tests and benchmarks (collection at 10k and 100k resources):
 * a realistic mix of kinds across accounts and regions, with attached and unattached volumes, stopped and
 * idle instances. Deterministic from the seed; the demo organisation's scenario comes from its bill instead.
 */

const INSTANCE_TYPES = ['t3.micro', 't3.large', 'm5.large', 'm6i.xlarge', 'c6g.2xlarge', 'r5.4xlarge'];
const DB_CLASSES = ['db.t3.medium', 'db.m5.large', 'db.r6g.xlarge'];
const DAY_MS = 86_400_000;

/** Shares of each kind per 100 resources (instances first, so volumes can attach to them). */
const MIX: [string, number][] = [
  ['ec2-instance', 45],
  ['ebs-volume', 35],
  ['ebs-snapshot', 8],
  ['elastic-ip', 2],
  ['rds-instance', 3],
  ['s3-bucket', 3],
  ['load-balancer', 2],
  ['lambda-function', 2],
];

function kindOf(slot: number): string {
  let upTo = 0;
  for (const [kind, share] of MIX) {
    upTo += share;
    if (slot < upTo) return kind;
  }
  return 'ec2-instance';
}

export interface ScaleOptions {
  resources: number;
  seed?: number;
  accounts?: number;
  regions?: string[];
  start?: Date;
}

export function scaleScenario({
  resources: count,
  seed = 1,
  accounts: accountCount = 4,
  regions = ['us-east-1', 'us-west-2', 'eu-west-1', 'ap-southeast-2'],
  start = new Date('2026-11-20T12:00:00Z'),
}: ScaleOptions): ScenarioInput {
  const accountIds = Array.from({ length: accountCount }, (_, i) => String(100000000000 + i * 7919));
  const draw = (i: number, what: string) => noise(seed, what, i);
  const pick = <T>(items: readonly T[], i: number, what: string): T =>
    items[Math.floor(draw(i, what) * items.length)] as T;
  const instances: { id: string; accountId: string; region: string }[] = [];
  const resources: NonNullable<ScenarioInput['resources']> = [];
  for (let i = 0; i < count; i++) {
    const kind = kindOf(i % 100);
    const accountId = pick(accountIds, i, 'account');
    const region = pick(regions, i, 'region');
    const hex =
      Math.floor(draw(i, 'id') * 2 ** 32)
        .toString(16)
        .padStart(8, '0') + i.toString(16).padStart(9, '0');
    const createdAt = new Date(start.getTime() - Math.floor(draw(i, 'age') * 900) * DAY_MS).toISOString();
    const common = {
      accountId,
      region,
      createdAt,
      tags: { env: pick(['production', 'staging', 'dev'], i, 'env') },
    };
    switch (kind) {
      case 'ec2-instance': {
        const id = `i-${hex}`;
        instances.push({ id, accountId, region });
        const stopped = draw(i, 'stopped') < 0.1;
        const profile = pick(METRIC_PROFILES, i, 'profile');
        resources.push({
          ...common,
          kind,
          id,
          instanceType: pick(INSTANCE_TYPES, i, 'type'),
          state: stopped ? 'stopped' : 'running',
          metrics: { profile, memory: draw(i, 'agent') < 0.3 },
        });
        break;
      }
      case 'ebs-volume': {
        const owner = instances[Math.floor(draw(i, 'owner') * instances.length)];
        const attached = owner !== undefined && draw(i, 'attached') < 0.85;
        const place = attached ? { accountId: owner.accountId, region: owner.region } : {};
        resources.push({
          ...common,
          ...place,
          kind,
          id: `vol-${hex}`,
          sizeGiB: 8 + Math.floor(draw(i, 'size') * 992),
          state: attached ? 'in-use' : 'available',
          attachments: attached ? [{ kind: 'ec2-instance', id: owner.id }] : [],
        });
        break;
      }
      case 'ebs-snapshot':
        resources.push({
          ...common,
          kind,
          id: `snap-${hex}`,
          sizeGiB: 8 + Math.floor(draw(i, 'size') * 500),
        });
        break;
      case 'elastic-ip':
        resources.push({
          ...common,
          kind,
          id: `eipalloc-${hex}`,
          publicIp: `198.51.${(i >> 8) & 255}.${i & 255}`,
        });
        break;
      case 'rds-instance':
        resources.push({
          ...common,
          kind,
          id: `db-${hex}`,
          instanceClass: pick(DB_CLASSES, i, 'class'),
          engine: 'postgres',
          allocatedStorageGiB: 100,
        });
        break;
      case 's3-bucket':
        resources.push({
          ...common,
          kind,
          id: `bucket-${hex}`,
          storage: [{ storageClass: 'STANDARD', bytes: Math.floor(draw(i, 'bytes') * 1e13) }],
        });
        break;
      case 'load-balancer':
        resources.push({ ...common, kind, id: `app/lb-${i}/${hex}` });
        break;
      default:
        resources.push({
          ...common,
          kind: 'lambda-function',
          id: `fn-${hex}`,
          memoryMiB: 128 * (1 + Math.floor(draw(i, 'mem') * 8)),
        });
    }
  }
  return {
    version: 1,
    seed,
    start: start.toISOString(),
    regions: regions.map((name) => ({ name })),
    accounts: accountIds.map((accountId) => ({ accountId })),
    resources,
  };
}
