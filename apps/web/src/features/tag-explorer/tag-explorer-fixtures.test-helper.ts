import type {
  TagExplorerResult,
  TagPolicy,
  TagValuesResult,
  TagViolationsResult,
  UntaggedResult,
} from '@finlens/contracts/tag-explorer';

const RANGE = {
  start_date: '2026-10-24',
  end_date: '2026-11-22',
  cost_type: 'unblended' as const,
  currency: 'USD',
};

export const TAG_ROWS: TagExplorerResult = {
  ...RANGE,
  as_of: '2026-11-21',
  total_cost: 300,
  rows: [
    {
      name: 'user_team',
      count: 3,
      totalCost: 162,
      violationCount: 1,
      dailyPercentage: 85.5,
      weeklyPercentage: 80,
      monthlyPercentage: 77.1,
      cloudPlatform: 'aws',
    },
    {
      name: 'user_owner',
      count: 0,
      totalCost: 0,
      violationCount: 4,
      dailyPercentage: 0,
      weeklyPercentage: 0,
      monthlyPercentage: null,
      cloudPlatform: 'aws',
    },
  ],
};

export const TEAM_VALUES: TagValuesResult = {
  ...RANGE,
  as_of: '2026-11-21',
  key: 'user_team',
  value_count: 3,
  values: [
    { value: 'ops', cost: 150, resources: 2, violates: true },
    { value: 'web', cost: 12, resources: 1, violates: false },
    { value: null, cost: 45, resources: 1, violates: true },
  ],
};

export const UNTAGGED: UntaggedResult = {
  ...RANGE,
  as_of: '2026-11-21',
  key: null,
  total_cost: 300,
  untagged_cost: 15,
  rows: [{ account: '222222222222', service: 'AWSSupportBusiness', cost: 15 }],
  owner_hints: [
    {
      source: 'cloudformation_stack',
      tag_key: 'aws_cloudformation_stack_name',
      value: 'logging-stack',
      arn: null,
      cost: 10,
    },
    {
      source: 'iam_principal',
      tag_key: null,
      value: 'search-runtime',
      arn: 'arn:aws:iam::222222222222:role/search-runtime',
      cost: 4,
    },
  ],
};

export const POLICY: TagPolicy = {
  id: 'p1',
  name: 'Team everywhere',
  tag_keys: ['user_team'],
  allowed_values: ['web', 'data'],
  allowed_pattern: null,
  account_ids: [],
  services: [],
  enabled: true,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

export const VIOLATIONS: TagViolationsResult = {
  ...RANGE,
  as_of: '2026-11-21',
  violation_count: 2,
  violation_cost: 30,
  violations: [
    {
      policy_id: 'p1',
      policy_name: 'Team everywhere',
      tag_key: 'user_team',
      resource_id: 'bucket-logs',
      reason: 'missing',
      cost: 20,
    },
    {
      policy_id: 'p9',
      policy_name: 'Env',
      tag_key: 'user_env',
      resource_id: 'i-web2',
      reason: 'disallowed',
      cost: 10,
    },
  ],
};
