import { describe, expect, it } from 'vitest';
import {
  type AwsCostRow,
  awsAmortizedCost,
  awsListCost,
  awsNetAmortizedCost,
  awsPurchaseOption,
  chargeCategoryOfLineType,
} from './billing-line-item-types';

const row = (overrides: Partial<AwsCostRow>): AwsCostRow => ({
  lineItemType: 'Usage',
  productCode: 'AmazonEC2',
  description: null,
  unblended: 10,
  netUnblended: null,
  reservationArn: null,
  reservationEffective: null,
  reservationNetEffective: null,
  reservationUnusedAmortizedUpfront: null,
  reservationUnusedRecurring: null,
  reservationNetUnusedAmortizedUpfront: null,
  reservationNetUnusedRecurring: null,
  spEffective: null,
  spNetEffective: null,
  spTotalCommitment: null,
  spUsedCommitment: null,
  spAmortizedUpfront: null,
  spNetAmortizedUpfront: null,
  ...overrides,
});

describe('amortized cost (billing-formats §3.3)', () => {
  it('moves commitment cost onto covered usage and leaves only the unused part on fees', () => {
    expect(awsAmortizedCost(row({ lineItemType: 'SavingsPlanCoveredUsage', spEffective: 6 }))).toBe(6);
    expect(
      awsAmortizedCost(
        row({ lineItemType: 'SavingsPlanRecurringFee', spTotalCommitment: 5, spUsedCommitment: 4 }),
      ),
    ).toBe(1);
    expect(awsAmortizedCost(row({ lineItemType: 'SavingsPlanNegation', unblended: -10 }))).toBe(0);
    expect(awsAmortizedCost(row({ lineItemType: 'SavingsPlanUpfrontFee', unblended: 1000 }))).toBe(0);
    expect(
      awsAmortizedCost(row({ lineItemType: 'DiscountedUsage', unblended: 0, reservationEffective: 3 })),
    ).toBe(3);
    expect(
      awsAmortizedCost(
        row({ lineItemType: 'RIFee', reservationUnusedAmortizedUpfront: 1, reservationUnusedRecurring: 0.5 }),
      ),
    ).toBe(1.5);
    expect(awsAmortizedCost(row({ lineItemType: 'Fee', reservationArn: 'arn:ri', unblended: 500 }))).toBe(0);
    expect(awsAmortizedCost(row({ lineItemType: 'Fee', unblended: 500 }))).toBe(500);
    expect(awsAmortizedCost(row({ lineItemType: 'Tax', unblended: 2 }))).toBe(2);
    expect(
      awsAmortizedCost(
        row({
          lineItemType: 'Refund',
          productCode: 'ComputeSavingsPlans',
          description: 'Refund for one-time fee for Savings Plan ID 123',
          unblended: -1000,
        }),
      ),
    ).toBe(0);
  });
});

describe('net amortized cost (billing-formats §3.4)', () => {
  it('uses net columns, falls back to gross, and zeroes discount lines already inside the net columns', () => {
    expect(awsNetAmortizedCost(row({ netUnblended: 9 }))).toBe(9);
    expect(awsNetAmortizedCost(row({}))).toBe(10);
    expect(awsNetAmortizedCost(row({ lineItemType: 'EdpDiscount', unblended: -1 }))).toBe(0);
    expect(
      awsNetAmortizedCost(
        row({ lineItemType: 'DiscountedUsage', reservationEffective: 3, reservationNetEffective: 2.7 }),
      ),
    ).toBe(2.7);
    expect(
      awsNetAmortizedCost(
        row({
          lineItemType: 'SavingsPlanRecurringFee',
          unblended: 5,
          netUnblended: 4,
          spTotalCommitment: 5,
          spUsedCommitment: 4,
        }),
      ),
    ).toBeCloseTo(0.8, 12);
  });
});

describe('list cost, purchase option and charge category', () => {
  it('leaves SavingsPlanNegation out of list cost', () => {
    expect(awsListCost('SavingsPlanNegation', 7)).toBe(0);
    expect(awsListCost('Usage', 7)).toBe(7);
    expect(awsListCost('Usage', null)).toBe(0);
  });

  it('labels purchase options like CID', () => {
    const base = { usageType: 'USW2-BoxUsage:m5.large', reservationArn: null, savingsPlanArn: null };
    expect(awsPurchaseOption({ ...base, lineItemType: 'SavingsPlanCoveredUsage' })).toBe('Savings Plan');
    expect(awsPurchaseOption({ ...base, lineItemType: 'DiscountedUsage' })).toBe('Reserved');
    expect(awsPurchaseOption({ ...base, lineItemType: 'Usage', usageType: 'USW2-SpotUsage:m5.large' })).toBe(
      'Spot',
    );
    expect(awsPurchaseOption({ ...base, lineItemType: 'Usage' })).toBe('On Demand');
    expect(awsPurchaseOption({ ...base, lineItemType: 'Tax' })).toBe('Other');
  });

  it('maps line item types onto FOCUS-like categories', () => {
    expect(chargeCategoryOfLineType('DiscountedUsage')).toBe('Usage');
    expect(chargeCategoryOfLineType('RIFee')).toBe('Purchase');
    expect(chargeCategoryOfLineType('Tax')).toBe('Tax');
    expect(chargeCategoryOfLineType('Credit')).toBe('Credit');
    expect(chargeCategoryOfLineType('EdpDiscount')).toBe('Adjustment');
  });
});
