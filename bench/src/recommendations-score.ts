import { RECOMMENDATION_TYPES, type RecommendationType } from '@finlens/contracts/recommendations';

/** The demo's planted cases (EXPECTED.json `cloud.planted`) each rule must find, by recommendation type. */
const PLANTED_TYPES = {
  idleInstances: 'ec2-idle',
  oversizedInstances: 'ec2-rightsizing',
  unattachedVolumes: 'ebs-unattached',
  unassociatedElasticIps: 'eip-unassociated',
  oldSnapshots: 'ebs-snapshot-old',
  idleNatGateways: 'nat-gateway-idle',
  coldBuckets: 's3-cold-standard',
  noLifecycleBuckets: 's3-no-lifecycle',
  overallocatedFunctions: 'lambda-memory',
  overprovisionedGroups: 'asg-overprovisioned',
  idleDatabases: 'rds-idle',
  oversizedDatabases: 'rds-rightsizing',
  idleLoadBalancers: 'elb-idle',
  previousGenerationInstances: 'ec2-previous-generation',
  gp2Volumes: 'ebs-gp2-to-gp3',
  overprovisionedIopsVolumes: 'ebs-iops-overprovisioned',
  io1Volumes: 'ebs-io1-to-io2',
  stoppedInstancesWithVolumes: 'ec2-stopped-with-volumes',
  orphanedSnapshots: 'ebs-snapshot-orphaned',
} as const satisfies Record<string, RecommendationType>;

export type Planted = Record<string, { accountId: string; id: string }[]>;
export type Found = { rule_key: string; account_id: string; resource_id: string }[];

export interface TypeScore {
  type: RecommendationType;
  /** Null: the demo plants no truth for the type (its findings are counted, not scored). */
  planted: number | null;
  found: number;
  truePositives: number | null;
  precision: number | null;
  recall: number | null;
}

/**
 * Precision and recall of every recommendation type, in the contract's order: a finding is right when its type
 * plants that account's resource. A type the demo plants no truth for reports what it found, unscored.
 */
export function scorePlanted(planted: Planted, found: Found): TypeScore[] {
  const listOf = new Map<string, string>(Object.entries(PLANTED_TYPES).map(([list, type]) => [type, list]));
  return RECOMMENDATION_TYPES.map((type) => {
    const mine = new Set(
      found.filter((f) => f.rule_key === type).map((f) => `${f.account_id}|${f.resource_id}`),
    );
    const list = listOf.get(type);
    if (list === undefined)
      return { type, planted: null, found: mine.size, truePositives: null, precision: null, recall: null };
    const truth = new Set((planted[list] ?? []).map((r) => `${r.accountId}|${r.id}`));
    const truePositives = [...mine].filter((k) => truth.has(k)).length;
    return {
      type,
      planted: truth.size,
      found: mine.size,
      truePositives,
      precision: mine.size === 0 ? null : truePositives / mine.size,
      recall: truth.size === 0 ? null : truePositives / truth.size,
    };
  });
}

/** The planted resources no finding of their type names, by type (for the bench to ask why). */
export function missedPlanted(
  planted: Planted,
  found: Found,
): { type: RecommendationType; accountId: string; id: string }[] {
  const flagged = new Set(found.map((f) => `${f.rule_key}|${f.account_id}|${f.resource_id}`));
  return Object.entries(PLANTED_TYPES).flatMap(([list, type]) =>
    (planted[list] ?? [])
      .filter((r) => !flagged.has(`${type}|${r.accountId}|${r.id}`))
      .map((r) => ({ type, accountId: r.accountId, id: r.id })),
  );
}
