import { describe, expect, it } from 'vitest';
import { currentGrants } from '../../integrations/cloud/aws/iam-grants';
import { policyChanges } from './policy-changes';
import {
  grantsFingerprint,
  latestPolicyVersion,
  POLICY_VERSIONS,
  RELEASED_FINGERPRINT,
} from './policy-versions';

describe('IAM policy versions', () => {
  it('the newest version grants what the templates grant today, as it was released', () => {
    const latest = latestPolicyVersion();
    expect(latest.grants()).toEqual(currentGrants());
    // A change to the adapter's table of calls changes the grants: release it as a new version (freeze this
    // one's grants as a list, add the new one with today's date and a summary, record its fingerprint here).
    expect(grantsFingerprint(latest.grants()), 'the IAM grants changed: release a new policy version').toBe(
      RELEASED_FINGERPRINT,
    );
  });

  it('froze 2026-11-27.2 as released, and 2026-11-27.3 adds only the two reservation reads to it', () => {
    const grantsOf = (version: string) => POLICY_VERSIONS.find((v) => v.version === version)?.grants();
    const before = grantsOf('2026-11-27.2');
    // The fingerprint 2026-11-27.2 was released with (the newest version then).
    expect(before && grantsFingerprint(before)).toBe('7dd2ff3d24cd6287');
    const changes = policyChanges('2026-11-27.2', grantsOf('2026-11-27.3') ?? currentGrants());
    expect(changes).toEqual({
      added: [
        { action: 'ec2:DescribeReservedInstances', policy: 'finlens-inventory-read', optional: false },
        { action: 'rds:DescribeReservedDBInstances', policy: 'finlens-inventory-read', optional: false },
      ],
      removed: [],
    });
  });

  it('froze 2026-11-27.3 as released, and 2026-11-27.4 adds only the savings plan and other reservation reads', () => {
    const grantsOf = (version: string) => POLICY_VERSIONS.find((v) => v.version === version)?.grants();
    const before = grantsOf('2026-11-27.3');
    // The fingerprint 2026-11-27.3 was released with (the newest version then).
    expect(before && grantsFingerprint(before)).toBe('5009b595368a4b3e');
    const changes = policyChanges('2026-11-27.3', grantsOf('2026-11-27.4') ?? currentGrants());
    const read = (action: string) => ({ action, policy: 'finlens-inventory-read', optional: false });
    expect(changes).toEqual({
      added: [
        read('elasticache:DescribeReservedCacheNodes'),
        read('es:DescribeReservedInstances'),
        read('redshift:DescribeReservedNodes'),
        read('savingsplans:DescribeSavingsPlans'),
      ],
      removed: [],
    });
  });

  it('lists versions oldest first, each once', () => {
    const versions = POLICY_VERSIONS.map((entry) => entry.version);
    expect(new Set(versions).size).toBe(versions.length);
    const released = POLICY_VERSIONS.map((entry) => entry.released_at);
    expect([...released].sort()).toEqual(released);
  });

  it('derives what changed since the accepted version from the adapter’s calls', () => {
    const latest = currentGrants();
    const fromFirst = policyChanges('2026-11-22', latest);
    expect(fromFirst.removed).toEqual([]);
    expect(fromFirst.added).toContainEqual({
      action: 'rds:DescribeDBInstances',
      policy: 'finlens-inventory-read',
      optional: false,
    });
    expect(fromFirst.added).toContainEqual({
      action: 'ec2:StopInstances',
      policy: 'finlens-actions',
      optional: true,
    });
    expect(fromFirst.added.map((a) => a.action).sort()).toEqual(
      [...latest['finlens-inventory-read'], ...latest['finlens-actions']].sort(),
    );
    expect(policyChanges(latestPolicyVersion().version, latest)).toEqual({ added: [], removed: [] });
  });

  it('names removed actions, and counts everything as added when nothing was accepted', () => {
    const fewer = { ...currentGrants(), 'finlens-cur-read': ['s3:GetObject'] };
    expect(policyChanges('2026-11-22', fewer).removed).toEqual([
      { action: 's3:GetBucketLocation', policy: 'finlens-cur-read', optional: false },
      { action: 's3:ListBucket', policy: 'finlens-cur-read', optional: false },
    ]);
    const all = Object.values(currentGrants()).flat().length;
    expect(policyChanges(null, currentGrants()).added).toHaveLength(all);
  });
});
