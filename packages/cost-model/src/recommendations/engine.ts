import type { RecommendationType } from '@finlens/contracts/recommendations';
import { asgLaunchTemplateRightsizing, asgScheduledScaling, asgSpotAdoption } from './asg-rules';
import { ec2Idle, ec2PreviousGeneration, ec2Rightsizing, ec2StoppedWithVolumes } from './compute-rules';
import { containerRightsizing } from './container-rules';
import { eipUnassociated, elbIdle, rdsIdle, rdsRightsizing } from './other-rules';
import type { NoViolation, RuleDefinition, RuleInput, RuleOutcome, Thresholds } from './rule-kit';
import {
  ebsGp2ToGp3,
  ebsIo1ToIo2,
  ebsIopsOverprovisioned,
  ebsSnapshotOld,
  ebsSnapshotOrphaned,
  ebsUnattached,
} from './storage-rules';
import {
  asgOverprovisioned,
  lambdaMemory,
  natGatewayIdle,
  s3ColdStandard,
  s3NoLifecycle,
} from './usage-rules';

/** Every rule, in the priority order. */
export const RULES: readonly RuleDefinition[] = [
  ec2Idle,
  ec2StoppedWithVolumes,
  ebsUnattached,
  ebsGp2ToGp3,
  ec2Rightsizing,
  ebsSnapshotOld,
  ebsSnapshotOrphaned,
  eipUnassociated,
  elbIdle,
  ec2PreviousGeneration,
  rdsIdle,
  rdsRightsizing,
  ebsIo1ToIo2,
  ebsIopsOverprovisioned,
  natGatewayIdle,
  s3NoLifecycle,
  s3ColdStandard,
  lambdaMemory,
  asgOverprovisioned,
  asgSpotAdoption,
  asgLaunchTemplateRightsizing,
  asgScheduledScaling,
  containerRightsizing,
];

export function ruleOf(key: string): RuleDefinition | null {
  return RULES.find((r) => r.key === key) ?? null;
}

/** A client's settings of one rule: disabled, or thresholds that replace the defaults. */
export interface RuleSetting {
  enabled: boolean;
  thresholds: Readonly<Record<string, number>>;
}

export function thresholdsOf(rule: RuleDefinition, setting: RuleSetting | undefined): Thresholds {
  const out: Record<string, number> = {};
  for (const t of rule.thresholds) out[t.key] = setting?.thresholds[t.key] ?? t.default;
  return out;
}

/** Why a threshold override is refused (unknown key, outside its range), by key; empty when all are fine. */
export function thresholdErrors(
  rule: RuleDefinition,
  values: Readonly<Record<string, number | null>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const def = rule.thresholds.find((t) => t.key === key);
    if (def === undefined)
      errors[key] =
        `Unknown threshold: choose from ${rule.thresholds.map((t) => t.key).join(', ') || 'none'}.`;
    else if (value !== null && (value < def.min || value > def.max))
      errors[key] = `Enter a value from ${def.min} to ${def.max}.`;
  }
  return errors;
}

export type CheckResult = {
  rule: RuleDefinition;
  outcome: RuleOutcome | (NoViolation & { disabledRule?: true });
};

/**
 * Every rule of the resource's kind on one resource, with the client's settings. A rule superseded by another
 * rule's violation (idle beats rightsizing) passes, naming it; a disabled rule is reported as such.
 */
export function evaluateResource(
  input: RuleInput,
  settings: ReadonlyMap<string, RuleSetting> = new Map(),
  rules: readonly RuleDefinition[] = RULES,
): CheckResult[] {
  const results: CheckResult[] = [];
  const violated = new Set<RecommendationType>();
  for (const rule of rules) {
    if (!rule.kinds.includes(input.resource.kind)) continue;
    const setting = settings.get(rule.key);
    if (setting !== undefined && !setting.enabled) {
      results.push({
        rule,
        outcome: {
          outcome: 'not-applicable',
          reason: 'The rule is turned off for this client.',
          evidence: null,
          disabledRule: true,
        },
      });
      continue;
    }
    const outcome = rule.check(input, thresholdsOf(rule, setting));
    if (outcome.outcome === 'violated') violated.add(rule.key);
    results.push({ rule, outcome });
  }
  return results.map((r) => {
    const by = r.rule.supersededBy?.find((key) => violated.has(key));
    if (by === undefined || r.outcome.outcome !== 'violated') return r;
    return {
      rule: r.rule,
      outcome: {
        outcome: 'passed',
        reason: `${by} already recommends acting on this resource.`,
        evidence: r.outcome.evidence,
      },
    };
  });
}
