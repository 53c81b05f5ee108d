import { describe, expect, it } from 'vitest';
import { curCommitmentRow } from './cur-row';
import { paymentOptionOf, reservationInventory, savingsPlanInventory } from './inventory';

const fee = (billingPeriod: string, recurring: number, upfront: number) =>
  curCommitmentRow({
    billingPeriod,
    lineItemType: 'RIFee',
    usageAccountId: 'owner',
    productCode: 'AmazonRDS',
    usageType: 'HeavyUsage:db.r6g.large',
    region: 'eu-west-1',
    reservationArn: 'arn:ri',
    usageAmount: 2 * 720,
    unblended: recurring * 2 * 720,
    reservationNumberOfReservations: 2,
    reservationUpfrontValue: upfront,
    reservationStartTime: '2026-01-15T00:00:00.000Z',
    reservationEndTime: '2029-01-14T23:59:59.000Z',
  });

describe('reservationInventory', () => {
  it('derives the payment option from the fees', () => {
    expect(paymentOptionOf(100, 0.01)).toBe('Partial Upfront');
    expect(paymentOptionOf(100, 0)).toBe('All Upfront');
    expect(paymentOptionOf(0, 0.01)).toBe('No Upfront');
  });

  it('reads the latest month, the sharing accounts and the days to expiry', () => {
    const used = (account: string) =>
      curCommitmentRow({
        billingPeriod: '2026-06',
        lineItemType: 'DiscountedUsage',
        usageAccountId: account,
        reservationArn: 'arn:ri',
        pricingOfferingClass: 'convertible',
      });
    const [item] = reservationInventory(
      [fee('2026-05', 0.05, 900), fee('2026-06', 0, 900), used('b'), used('a'), used('b')],
      new Date('2026-07-01T00:00:00Z'),
    );
    expect(item).toMatchObject({
      instanceType: 'db.r6g.large',
      count: 2,
      termYears: 3,
      paymentOption: 'All Upfront',
      offeringClass: 'convertible',
      normalisedUnitsPerHour: 8,
      accounts: ['a', 'b'],
      daysToExpiry: 928,
    });
  });
});

describe('savingsPlanInventory', () => {
  it('reads the plan from its daily fee rows and the accounts from its covered usage', () => {
    const common = {
      lineItemType: 'SavingsPlanRecurringFee',
      usageAccountId: 'payer',
      savingsPlanArn: 'arn:sp',
      savingsPlanOfferingType: 'EC2InstanceSavingsPlans',
      savingsPlanPaymentOption: 'Partial Upfront',
      savingsPlanPurchaseTerm: '1yr',
      savingsPlanStartTime: '2026-05-20T00:00:00Z',
      savingsPlanEndTime: '2027-05-20T00:00:00Z',
      savingsPlanRegion: 'eu-west-1',
      savingsPlanInstanceTypeFamily: 'm5',
      usageAmount: 24,
      spTotalCommitment: 48,
      spAmortizedUpfront: 24,
    };
    const rows = [
      curCommitmentRow({ ...common, billingPeriod: '2026-05' }),
      curCommitmentRow({ ...common, billingPeriod: '2026-06' }),
      curCommitmentRow({
        billingPeriod: '2026-06',
        lineItemType: 'SavingsPlanCoveredUsage',
        usageAccountId: 'web',
        savingsPlanArn: 'arn:sp',
      }),
    ];
    const [plan] = savingsPlanInventory(rows, new Date('2027-05-01T00:00:00Z'));
    expect(plan).toMatchObject({
      ownerAccount: 'payer',
      offeringType: 'EC2InstanceSavingsPlans',
      term: '1yr',
      instanceFamily: 'm5',
      hourlyCommitment: 2,
      upfrontShare: 0.5,
      accounts: ['web'],
      daysToExpiry: 19,
    });
  });
});
