import { RECOMMENDATION_TYPES, type RecommendationType } from '@finlens/contracts/recommendations';

/**
 * The demo's planted cases (EXPECTED.json `cloud.planted`) each rule must find: the planted list of every
 * recommendation type (a new type does not compile until the demo plants its truth).
 */
const PLANTED_LISTS: Record<RecommendationType, string> = {
  'ec2-idle': 'idleInstances',
  'ec2-stopped-with-volumes': 'stoppedInstancesWithVolumes',
  'ebs-unattached': 'unattachedVolumes',
  'ebs-gp2-to-gp3': 'gp2Volumes',
  'ec2-rightsizing': 'oversizedInstances',
  'ebs-snapshot-old': 'oldSnapshots',
  'ebs-snapshot-orphaned': 'orphanedSnapshots',
  'eip-unassociated': 'unassociatedElasticIps',
  'elb-idle': 'idleLoadBalancers',
  'nat-gateway-idle': 'idleNatGateways',
  'ec2-previous-generation': 'previousGenerationInstances',
  'rds-idle': 'idleDatabases',
  'rds-rightsizing': 'oversizedDatabases',
  'ebs-io1-to-io2': 'io1Volumes',
  'ebs-iops-overprovisioned': 'overprovisionedIopsVolumes',
  's3-no-lifecycle': 'noLifecycleBuckets',
  's3-cold-standard': 'coldBuckets',
  'lambda-memory': 'overallocatedFunctions',
  'asg-overprovisioned': 'overprovisionedGroups',
  'asg-spot-adoption': 'spotGroups',
  'asg-launch-template-rightsizing': 'launchTemplateGroups',
  'asg-scheduled-scaling': 'scheduledGroups',
  'container-rightsizing': 'overRequestedWorkloads',
};

export type Planted = Record<string, { accountId: string; id: string }[]>;
export type Found = { rule_key: string; account_id: string; resource_id: string }[];

/** The type's planted cases, as account|id keys. */
const truthOf = (planted: Planted, type: RecommendationType) =>
  new Set((planted[PLANTED_LISTS[type]] ?? []).map((r) => `${r.accountId}|${r.id}`));

export interface TypeScore {
  type: RecommendationType;
  planted: number;
  found: number;
  truePositives: number;
  /** Null: nothing found (precision) or nothing planted (recall). */
  precision: number | null;
  recall: number | null;
}

/**
 * Precision and recall of every recommendation type, in the contract's order: a finding is right when its type
 * plants that account's resource.
 */
export function scorePlanted(planted: Planted, found: Found): TypeScore[] {
  return RECOMMENDATION_TYPES.map((type) => {
    const mine = new Set(
      found.filter((f) => f.rule_key === type).map((f) => `${f.account_id}|${f.resource_id}`),
    );
    const truth = truthOf(planted, type);
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
  return RECOMMENDATION_TYPES.flatMap((type) =>
    (planted[PLANTED_LISTS[type]] ?? [])
      .filter((r) => !flagged.has(`${type}|${r.accountId}|${r.id}`))
      .map((r) => ({ type, accountId: r.accountId, id: r.id })),
  );
}

/** The findings no planted case of their type names (what lowers precision), by type. */
export function unplantedFound(
  planted: Planted,
  found: Found,
): { type: RecommendationType; accountId: string; id: string }[] {
  return RECOMMENDATION_TYPES.flatMap((type) => {
    const truth = truthOf(planted, type);
    return found
      .filter((f) => f.rule_key === type && !truth.has(`${f.account_id}|${f.resource_id}`))
      .map((f) => ({ type, accountId: f.account_id, id: f.resource_id }));
  });
}
