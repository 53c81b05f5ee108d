import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cloudFormationTemplate, terraformSnippet } from '../../../features/cloud-accounts/cloud-templates';
import { AWS_CALLS, iamActionOf, iamActions } from './aws-calls';
import { currentGrants, POLICY_NAMES } from './iam-grants';

const settings = {
  accountName: 'Payer',
  bucket: 'acme-cur',
  prefix: 'cur2',
  region: 'us-east-1',
  externalId: 'ext-1',
};

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: string | string[];
}
type Policy = { Statement: Statement[] };

const actionsOf = (policy: Policy | undefined) =>
  (policy?.Statement ?? []).flatMap((s) => (s.Effect === 'Allow' ? [s.Action].flat() : [])).sort();

/** The role's policies in the CloudFormation template, by name (the conditional one unwrapped). */
function cloudFormationPolicies(): Record<string, Policy> {
  const role = parse(cloudFormationTemplate(settings), { version: '1.1' }).Resources.FinlensReadRole;
  const out: Record<string, Policy> = {};
  for (const entry of role.Properties.Policies) {
    const policy = entry['Fn::If']?.[1] ?? entry;
    out[policy.PolicyName] = policy.PolicyDocument;
  }
  return out;
}

/** The role policies of the Terraform snippet, by resource name. */
function terraformPolicies(): Record<string, Policy> {
  const text = terraformSnippet(settings);
  const out: Record<string, Policy> = {};
  for (const match of text.matchAll(
    /^resource "aws_iam_role_policy" "(\w+)" \{\n(?:.*\n)*?\s*policy = (".*")$/gm,
  )) {
    out[match[1] ?? ''] = JSON.parse(JSON.parse(match[2] ?? '""'));
  }
  return out;
}

describe('IAM policy offered to customers', () => {
  const read = iamActions('read');
  const act = iamActions('act');

  it('derives the actions from the adapter’s table of calls', () => {
    expect(read).toContain('ec2:DescribeInstances');
    expect(read).toContain('cloudwatch:GetMetricData');
    expect(read).toContain('s3:ListAllMyBuckets');
    expect(act).toContain('ec2:StopInstances');
    // Updating a group that launches from a template: AWS checks RunInstances (and CreateTags for tags at launch).
    expect(act).toEqual(expect.arrayContaining(['ec2:RunInstances', 'ec2:CreateTags']));
    expect(read).not.toContain('ec2:RunInstances');
    const listed = Object.values(AWS_CALLS).flatMap((operations) =>
      Object.values(operations).flatMap((c) => [c.iam, ...('also' in c ? c.also : [])]),
    );
    expect(new Set([...read, ...act])).toEqual(new Set(listed));
  });

  it('names the IAM action behind a failed operation of the port, none for signing in', () => {
    expect(iamActionOf('rds', 'DescribeDBInstances')).toBe('rds:DescribeDBInstances');
    expect(iamActionOf('elb', 'DescribeTags')).toBe('elasticloadbalancing:DescribeTags');
    expect(iamActionOf('s3', 'ListBuckets')).toBe('s3:ListAllMyBuckets');
    expect(iamActionOf('sts', 'AssumeRole')).toBeNull();
    expect(iamActionOf('ec2', 'toString')).toBeNull();
  });

  it('grants exactly the read actions in the CloudFormation template, and the actions only behind AllowActions', () => {
    const policies = cloudFormationPolicies();
    expect(actionsOf(policies['finlens-inventory-read'])).toEqual(read);
    expect(actionsOf(policies['finlens-actions'])).toEqual(act);
    const role = parse(cloudFormationTemplate(settings), { version: '1.1' }).Resources.FinlensReadRole;
    expect(role.Properties.Policies.at(-1)['Fn::If'][0]).toBe('AllowActions');
  });

  it('grants, policy by policy, what the policy versions call the current grants', () => {
    const policies = cloudFormationPolicies();
    const grants = currentGrants();
    expect(Object.keys(policies).sort()).toEqual([...POLICY_NAMES].sort());
    for (const name of POLICY_NAMES) expect(actionsOf(policies[name])).toEqual(grants[name]);
  });

  it('grants the same in the Terraform snippet, the actions only with allow_actions', () => {
    const policies = terraformPolicies();
    expect(actionsOf(policies.finlens_inventory_read)).toEqual(read);
    expect(actionsOf(policies.finlens_actions)).toEqual(act);
    expect(terraformSnippet(settings)).toMatch(
      /"finlens_actions" \{\n\s*count\s*= var\.allow_actions \? 1 : 0/,
    );
  });
});
