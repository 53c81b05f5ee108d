/**
 * Rules behind the derived finlens_* dimensions of spec §3 that do not depend on the billing format.
 * Pure data plus reference functions; the importer compiles the same data into warehouse SQL.
 */

/** Tag keys read for the environment, most specific first (AWS keys carry the user_ prefix). */
export const ENVIRONMENT_TAG_KEYS = [
  'user_environment',
  'user_env',
  'user_stage',
  'environment',
  'Environment',
  'env',
  'Env',
  'stage',
] as const;

/** Common spellings folded into the spec §9 environments; other values are kept lower-cased. */
export const ENVIRONMENT_ALIASES: Readonly<Record<string, string>> = {
  prod: 'production',
  prd: 'production',
  production: 'production',
  live: 'production',
  dev: 'development',
  develop: 'development',
  development: 'development',
  uat: 'uat',
  uat2: 'uat2',
  stg: 'staging',
  stage: 'staging',
  staging: 'staging',
  test: 'test',
  qa: 'test',
};

export function finalEnvironment(tags: Readonly<Record<string, string>>): string | null {
  for (const key of ENVIRONMENT_TAG_KEYS) {
    const value = tags[key]?.trim();
    if (value) return ENVIRONMENT_ALIASES[value.toLowerCase()] ?? value.toLowerCase();
  }
  return null;
}

/** Product attributes that name an operating system or engine, first present wins. */
export const OPERATING_SYSTEM_ENGINE_KEYS = [
  'operating_system',
  'database_engine',
  'cache_engine',
  'engine_code',
] as const;

/** Tag keys that reveal what provisioned a compute resource, checked in order. */
export const COMPUTE_PROVISIONER_TAGS: readonly { key: string; provisioner: string }[] = [
  { key: 'aws_eks_cluster_name', provisioner: 'EKS' },
  { key: 'user_eks_cluster_name', provisioner: 'EKS' },
  { key: 'user_karpenter_sh_nodepool', provisioner: 'Karpenter' },
  { key: 'user_karpenter_sh_provisioner_name', provisioner: 'Karpenter' },
  { key: 'aws_autoscaling_group_name', provisioner: 'Auto Scaling' },
  { key: 'aws_ec2spot_fleet_request_id', provisioner: 'Spot Fleet' },
  { key: 'aws_cloudformation_stack_name', provisioner: 'CloudFormation' },
];

/** Split-cost operations name their orchestrator directly. */
export const SPLIT_OPERATION_PROVISIONERS: Readonly<Record<string, string>> = {
  'EKSPod-EC2': 'EKS',
  'ECSTask-EC2': 'ECS',
};
