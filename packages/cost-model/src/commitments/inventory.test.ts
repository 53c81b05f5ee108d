import { describe, expect, it } from 'vitest';
import { curCommitmentRow } from './cur-commitments';
import { paymentOptionOf, reservationInventory } from './inventory';

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
