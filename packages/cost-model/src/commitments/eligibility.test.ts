import { describe, expect, it } from 'vitest';
import { isCommitmentEligible, isSpotUsage } from './eligibility';

const row = (
  lineItemType: string,
  usageType: string,
  pricingTerm: string | null = 'OnDemand',
  productCode = 'AmazonEC2',
) => ({
  lineItemType,
  usageType,
  pricingTerm,
  productCode,
});

describe('commitment eligibility', () => {
  it('counts covered usage and billable on-demand instance hours of reservable services', () => {
    expect(isCommitmentEligible(row('DiscountedUsage', 'BoxUsage:t2.micro', 'Reserved'))).toBe(true);
    expect(isCommitmentEligible(row('SavingsPlanCoveredUsage', 'BoxUsage:m5.large', null))).toBe(true);
    expect(isCommitmentEligible(row('Usage', 'USE2-BoxUsage:c5.large'))).toBe(true);
    expect(isCommitmentEligible(row('Usage', 'Multi-AZUsage:db.m4.large', 'OnDemand', 'AmazonRDS'))).toBe(
      true,
    );
    expect(
      isCommitmentEligible(row('Usage', 'NodeUsage:cache.r6g.large', 'OnDemand', 'AmazonElastiCache')),
    ).toBe(true);
  });

  it('leaves out free tier, spot, storage and other services', () => {
    expect(isCommitmentEligible(row('Usage', 'BoxUsage:t2.micro', ''))).toBe(false);
    expect(isCommitmentEligible(row('Usage', 'SpotUsage:m5.large', ''))).toBe(false);
    expect(isCommitmentEligible(row('Usage', 'EBS:VolumeUsage.gp2'))).toBe(false);
    expect(isCommitmentEligible(row('Usage', 'InstanceUsage:glue', 'OnDemand', 'AWSGlue'))).toBe(false);
    expect(isCommitmentEligible(row('RIFee', 'HeavyUsage:c4.large'))).toBe(false);
    expect(isSpotUsage(row('Usage', 'SpotUsage:m5.large', ''))).toBe(true);
    expect(isSpotUsage(row('Usage', 'BoxUsage:m5.large'))).toBe(false);
  });
});
