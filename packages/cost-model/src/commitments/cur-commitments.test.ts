import { describe, expect, it } from 'vitest';
import { commitmentForPeriod, monthInterval } from './amortisation';
import { coverageByGroup, reservationMonths, savingsByMonth, savingsPlanMonths } from './cur-commitments';
import { type CurCommitmentRow, curCommitmentRow } from './cur-row';

const base = curCommitmentRow({
  billingPeriod: '2026-06',
  lineItemType: 'Usage',
  usageAccountId: 'A',
  productCode: 'AmazonEC2',
  usageType: 'BoxUsage:m5.large',
  pricingTerm: 'OnDemand',
  region: 'us-east-1',
  usageAmount: 1,
  normalizedUsageAmount: 4,
  unblended: 0.096,
  publicOnDemandCost: 0.096,
});
const row = (over: Partial<CurCommitmentRow>): CurCommitmentRow => ({ ...base, ...over });

describe('reservationMonths: a shared, partial-upfront xlarge reservation', () => {
  // One m5.xlarge (8 units/h), 1 year partial upfront: 262.8 upfront + 0.03 $/h. June has 720 hours.
  const june = commitmentForPeriod(
    {
      term: { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z') },
      upfront: 262.8,
      recurringHourly: 0.03,
    },
    monthInterval('2026-06'),
  );
  const arn = 'arn:aws:ec2:us-east-1:A:reserved-instances/x';
  const perUnitHour = june.total / (720 * 8);
  // Account A runs one m5.large all month, account B one m5.large for 360 hours: 4·720 + 4·360 of 5760 units.
  const covered = (account: string, hours: number) =>
    row({
      lineItemType: 'DiscountedUsage',
      usageAccountId: account,
      pricingTerm: 'Reserved',
      reservationArn: arn,
      usageAmount: hours,
      normalizedUsageAmount: 4 * hours,
      unblended: 0,
      publicOnDemandCost: 0.096 * hours,
      reservationEffective: perUnitHour * 4 * hours,
    });
  const unusedUnits = 5760 - 4 * 1080;
  const rows = [
    covered('A', 720),
    covered('B', 360),
    row({
      lineItemType: 'RIFee',
      usageType: 'HeavyUsage:m5.xlarge',
      reservationArn: arn,
      usageAmount: 720,
      unblended: june.recurring,
      publicOnDemandCost: 0,
      reservationTotalReservedUnits: 720,
      reservationTotalReservedNormalizedUnits: 5760,
      reservationUnusedQuantity: unusedUnits / 8,
      reservationUnusedNormalizedUnitQuantity: unusedUnits,
      reservationAmortizedUpfrontFee: june.amortisedUpfront,
      reservationUnusedAmortizedUpfront: (june.amortisedUpfront * unusedUnits) / 5760,
      reservationUnusedRecurring: (june.recurring * unusedUnits) / 5760,
    }),
  ];

  it('amortises the upfront fee over the year and counts use in normalised units across accounts', () => {
    const [m] = reservationMonths(rows);
    expect(june.amortisedUpfront).toBeCloseTo((262.8 * 720) / 8760, 9);
    expect(m?.utilisationNormalizedUnits).toBeCloseTo(0.75, 12);
    expect(m?.utilisationHours).toBeCloseTo(0.75, 12);
    expect(m?.accounts.get('B')?.usedNormalizedUnits).toBe(1440);
    // Used + unused cost is the month's amortised commitment.
    expect(m?.effectiveCost).toBeCloseTo(june.total, 9);
    expect(m?.onDemandEquivalent).toBeCloseTo(0.096 * 1080, 9);
    expect(m?.netSavings).toBeCloseTo(0.096 * 1080 - june.total, 9);
  });

  it('counts the unused reservation in the month’s savings rate', () => {
    const savings = savingsByMonth([
      ...rows,
      row({ usageAmount: 100, unblended: 9.6, publicOnDemandCost: 9.6 }),
    ]).get('2026-06');
    const ode = 0.096 * 1080 + 9.6;
    expect(savings?.onDemandEquivalent).toBeCloseTo(ode, 9);
    expect(savings?.actual).toBeCloseTo(june.total + 9.6, 9);
    expect(savings?.effectiveSavingsRate).toBeCloseTo((ode - june.total - 9.6) / ode, 12);
  });

  it('measures coverage per account in hours, units and on-demand cost', () => {
    const coverage = coverageByGroup([
      ...rows,
      row({ usageAccountId: 'B', usageAmount: 360, normalizedUsageAmount: 1440, publicOnDemandCost: 34.56 }),
    ]);
    expect(coverage.get('2026-06|A|AmazonEC2|us-east-1')?.byHours).toBe(1);
    expect(coverage.get('2026-06|B|AmazonEC2|us-east-1')?.byNormalisedUnits).toBeCloseTo(0.5, 12);
  });
});

describe('savingsPlanMonths: a plan expiring mid-month', () => {
  // 1 $/h Compute SP at 70% of on demand; it ends after three hours of the month, so only three fee rows exist.
  const arn = 'arn:aws:savingsplans::A:savingsplan/sp';
  const used = [1, 0.5, 0];
  const rows = used.flatMap((u) => [
    row({
      lineItemType: 'SavingsPlanRecurringFee',
      savingsPlanArn: arn,
      unblended: 1,
      publicOnDemandCost: 0,
      spTotalCommitment: 1,
      spUsedCommitment: u,
    }),
    ...(u > 0
      ? [
          row({
            lineItemType: 'SavingsPlanCoveredUsage',
            savingsPlanArn: arn,
            pricingTerm: null,
            unblended: u / 0.7,
            publicOnDemandCost: u / 0.7,
            spEffective: u,
          }),
        ]
      : []),
  ]);

  it('measures use against the commitment of the hours it was active', () => {
    const [m] = savingsPlanMonths(rows);
    expect(m?.totalCommitment).toBe(3);
    expect(m?.usedCommitment).toBe(1.5);
    expect(m?.utilisation).toBe(0.5);
    expect(m?.unusedCost).toBe(1.5);
    expect(m?.effectiveCost).toBe(3);
    expect(m?.onDemandEquivalent).toBeCloseTo(1.5 / 0.7, 12);
    // Below the break-even utilisation (0.7) the plan costs more than on demand would have.
    expect(m?.effectiveSavingsRate).toBeLessThan(0);
    expect(m?.rateRatio).toBeCloseTo(0.7, 12);
  });

  it('puts covered usage and the unused commitment in the month’s rate', () => {
    const savings = savingsByMonth(rows).get('2026-06');
    expect(savings?.actual).toBeCloseTo(3, 12);
    expect(savings?.onDemandEquivalent).toBeCloseTo(1.5 / 0.7, 12);
  });
});
