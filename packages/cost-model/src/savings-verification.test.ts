import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAYS_PER_MONTH } from './recommendations/rule-kit';
import {
  type DailyCost,
  isMonthlyPricingUnit,
  isPricedUseUnit,
  measureOf,
  savingsForDays,
  verifySaving,
  weeklySavings,
} from './savings-verification';
import { addDays, endOfMonth, inclusiveDays } from './utc-calendar';

const CHANGE = '2026-03-15';

/** `before` per day for 14 days before the change, the change day at `change`, then `after` per day. */
function series(before: number, after: readonly number[], change = before / 2): DailyCost[] {
  const rows = Array.from({ length: 14 }, (_, index) => ({
    date: addDays(CHANGE, index - 14),
    cost: before,
  }));
  rows.push({ date: CHANGE, cost: change });
  for (const [index, cost] of after.entries()) rows.push({ date: addDays(CHANGE, index + 1), cost });
  return rows;
}

describe('savings helper (spec §9)', () => {
  it('multiplies by days and divides by 4 for weekly', () => {
    expect(savingsForDays(2.5, 30)).toBe(75);
    expect(weeklySavings(100)).toBe(25);
  });
});

describe('verifySaving', () => {
  it('verifies a rightsizing that halved the daily cost, normalised per day', () => {
    const result = verifySaving(series(10, Array(10).fill(5)), CHANGE, addDays(CHANGE, 10));
    expect(result).toMatchObject({
      outcome: 'verified',
      rateBefore: 10,
      rateAfter: 5,
      beforeDays: 14,
      afterDays: 10,
      realisedDaily: 5,
      realisedMonthly: 5 * DAYS_PER_MONTH,
      realisedToDate: 50,
    });
  });

  it('counts a day without a row as zero: a deleted volume saves all of its cost', () => {
    const result = verifySaving(series(3, []), CHANGE, addDays(CHANGE, 5));
    expect(result).toMatchObject({ outcome: 'verified', realisedDaily: 3, realisedToDate: 15 });
  });

  it('waits for three complete days after the change', () => {
    expect(verifySaving(series(10, [5, 5]), CHANGE, addDays(CHANGE, 2)).outcome).toBe('pending');
    expect(verifySaving(series(10, [5, 5, 5]), CHANGE, addDays(CHANGE, 3)).outcome).toBe('verified');
  });

  it('is regressed when the cost comes back after a drop, unchanged when it never dropped', () => {
    const back = series(10, [...Array(7).fill(4), ...Array(7).fill(10)]);
    expect(verifySaving(back, CHANGE, addDays(CHANGE, 14))).toMatchObject({
      outcome: 'regressed',
      realisedDaily: 0,
      realisedToDate: 42,
    });
    expect(verifySaving(series(10, Array(10).fill(9.5)), CHANGE, addDays(CHANGE, 10)).outcome).toBe(
      'unchanged',
    );
  });

  it('averages only the days the resource existed before the change', () => {
    const young = [
      { date: addDays(CHANGE, -2), cost: 8 },
      { date: addDays(CHANGE, -1), cost: 8 },
      ...Array.from({ length: 4 }, (_, index) => ({ date: addDays(CHANGE, index + 1), cost: 2 })),
    ];
    expect(verifySaving(young, CHANGE, addDays(CHANGE, 4))).toMatchObject({
      beforeDays: 2,
      rateBefore: 8,
      realisedDaily: 6,
    });
  });

  it('property: the realised saving never exceeds the resource cost before the change', () => {
    const cost = fc.double({ min: -5, max: 500, noNaN: true });
    fc.assert(
      fc.property(
        fc.array(cost, { minLength: 1, maxLength: 14 }),
        fc.array(cost, { maxLength: 30 }),
        fc.integer({ min: 0, max: 30 }),
        (beforeCosts, afterCosts, billedDays) => {
          const rows = [
            ...beforeCosts.map((value, index) => ({ date: addDays(CHANGE, -1 - index), cost: value })),
            ...afterCosts.map((value, index) => ({ date: addDays(CHANGE, index + 1), cost: value })),
          ];
          const result = verifySaving(rows, CHANGE, addDays(CHANGE, billedDays));
          expect(result.realisedDaily).toBeGreaterThanOrEqual(0);
          expect(result.realisedDaily).toBeLessThanOrEqual(result.rateBefore);
          expect(result.realisedMonthly).toBeLessThanOrEqual(result.rateBefore * DAYS_PER_MONTH + 1e-9);
          expect(result.realisedToDate).toBeLessThanOrEqual(result.rateBefore * result.afterDays + 1e-9);
          expect(result.realisedToDate).toBeGreaterThanOrEqual(0);
          if (result.outcome === 'verified') expect(result.rateAfter).toBeLessThan(result.rateBefore);
        },
      ),
    );
  });

  describe('charges billed per month, spread over the days of their month', () => {
    /** 100 GB in S3 Standard at $0.023 per GB-month, as the bill spreads it: $2.30 ÷ the month's days a day. */
    const MONTH = 2.3;
    const RULE_ON = '2026-01-20';
    const days = (from: string, to: string) =>
      Array.from({ length: inclusiveDays(from, to) }, (_, index) => addDays(from, index));
    const storage = (day: string, share = 1, used = 0): DailyCost => {
      const monthly = (MONTH * share) / inclusiveDays(`${day.slice(0, 8)}01`, endOfMonth(day));
      return { date: day, cost: used + monthly, monthlyBilled: monthly };
    };

    it('reads the same data in January and February as no change (a February day bills 31/28 of a January one)', () => {
      // An hour-billed dollar a day beside the storage: it is compared as billed.
      const rows = days('2026-01-06', '2026-02-28').map((day) => storage(day, 1, 1));
      const result = verifySaving(rows, RULE_ON, '2026-02-28');
      expect(result.outcome).toBe('unchanged');
      expect(result.rateAfter).toBeCloseTo(result.rateBefore, 12);
      expect(result.rateBefore).toBeCloseTo(1 + MONTH / DAYS_PER_MONTH, 12);
      expect(result.realisedToDate).toBeCloseTo(0, 12);
    });

    it('verifies a 22.8 % storage cut across the month end at 22.8 % of the monthly charge', () => {
      // Half the data to a class at $0.0125 instead of $0.023: 22.8 % less, from the day after the rule.
      const cut = 0.5 * (1 - 0.0125 / 0.023);
      const rows = days('2026-01-06', '2026-02-28').map((day) => storage(day, day > RULE_ON ? 1 - cut : 1));
      const result = verifySaving(rows, RULE_ON, '2026-02-28');
      expect(result.outcome).toBe('verified');
      expect(result.realisedMonthly).toBeCloseTo(MONTH * cut, 12);
      expect(1 - result.rateAfter / result.rateBefore).toBeCloseTo(cut, 12);
      // What the bill shows saved, in its own dollars: 11 January days at 1/31 of the cut, 28 at 1/28.
      expect(result.realisedToDate).toBeCloseTo(MONTH * cut * (11 / 31 + 1), 12);
    });
  });
});

describe('a rate change is verified by its price per unit of use', () => {
  const RULE_ON = '2026-01-25';
  const days = (from: string, to: string) =>
    Array.from({ length: inclusiveDays(from, to) }, (_, index) => addDays(from, index));
  /**
   * A bucket's storage as the bill spreads it: `gb` GB at `price` per GB-month, the day's amount
   * gb ÷ the month's days in GB-Mo and its cost likewise.
   */
  const stored = (day: string, gb: number, price: number): DailyCost => {
    const amount = gb / inclusiveDays(`${day.slice(0, 8)}01`, endOfMonth(day));
    return {
      date: day,
      cost: amount * price,
      monthlyBilled: amount * price,
      usage: amount,
      monthlyUsage: true,
    };
  };
  // 1,000 GB at $0.023 a GB-month until the rule; from the day after it $0.0184 (20 % less) and the data grew to
  // 1,100 GB. Measured by cost: $23.00 a month before, 1,100 × 0.0184 = $20.24 after, $2.76 saved (12 %, the
  // growth ate 8 points of it). By price: (0.023 − 0.0184) × 1,100 GB = $5.06 a month.
  const rows = days('2026-01-11', '2026-02-10').map((day) =>
    day > RULE_ON ? stored(day, 1_100, 0.0184) : stored(day, 1_000, 0.023),
  );
  const price = measureOf('s3-no-lifecycle');

  it('credits the price cut on the use after, so the data the bucket gained does not eat the saving', () => {
    const result = verifySaving(rows, RULE_ON, '2026-02-10', undefined, price);
    expect(result.outcome).toBe('verified');
    expect(result.rateBefore).toBeCloseTo((0.023 * 1_100) / DAYS_PER_MONTH, 12);
    expect(result.rateAfter).toBeCloseTo((0.0184 * 1_100) / DAYS_PER_MONTH, 12);
    expect(result.realisedMonthly).toBeCloseTo(5.06, 10);
    // In the bill's dollars: 6 January days at 1,100 ÷ 31 GB-Mo and 10 February ones at 1,100 ÷ 28, 0.0046 each.
    expect(result.realisedToDate).toBeCloseTo(0.0046 * 1_100 * (6 / 31 + 10 / 28), 10);
  });

  it('keeps comparing cost for a deletion, a stop, and a rate change whose resource is gone', () => {
    const byCost = verifySaving(rows, RULE_ON, '2026-02-10', undefined, measureOf('ebs-unattached'));
    expect(byCost.realisedMonthly).toBeCloseTo(23 - 20.24, 10);
    expect(verifySaving(rows, RULE_ON, '2026-02-10')).toEqual(byCost);
    const gone = rows.filter((row) => row.date <= RULE_ON);
    expect(verifySaving(gone, RULE_ON, '2026-02-10', undefined, price)).toMatchObject({
      outcome: 'verified',
      realisedMonthly: expect.closeTo(23, 10),
    });
  });

  it('verifies a small price cut that the cost threshold would miss: io1 → io2 at 40,000 IOPS saves 5.8 %', () => {
    // 800 GB with 40,000 IOPS: $100 storage + $2,600 IOPS a month on io1; on io2 the 8,000 above 32,000 IOPS cost
    // $0.0455, not $0.065: $2,544, $156 less — a price per GB-month of $3.375, then $3.18.
    const volume = days('2026-01-11', '2026-02-10').map((day) =>
      day > RULE_ON ? stored(day, 800, 2_544 / 800) : stored(day, 800, 2_700 / 800),
    );
    const result = verifySaving(volume, RULE_ON, '2026-02-10', undefined, measureOf('ebs-io1-to-io2'));
    expect(result.outcome).toBe('verified');
    expect(result.realisedMonthly).toBeCloseTo(156, 9);
    // Compared by cost, a 5.8 % cut is below the 10 % that tells a saving from noise in use.
    expect(verifySaving(volume, RULE_ON, '2026-02-10').outcome).toBe('unchanged');
    // A price cut under 3 % is not one.
    const slight = volume.map((row) =>
      row.date > RULE_ON ? stored(row.date, 800, (2_700 * 0.98) / 800) : row,
    );
    expect(verifySaving(slight, RULE_ON, '2026-02-10', undefined, measureOf('ebs-io1-to-io2')).outcome).toBe(
      'unchanged',
    );
  });

  it('priced per hour run: an instance type change that ran half the hours after is credited its cheaper hour only', () => {
    const hours = (day: string, run: number, rate: number): DailyCost => ({
      date: day,
      cost: run * rate,
      usage: run,
    });
    const ran = days('2026-01-11', '2026-02-10').map((day) =>
      day > RULE_ON ? hours(day, 12, 0.096) : hours(day, 24, 0.192),
    );
    const result = verifySaving(ran, RULE_ON, '2026-02-10', undefined, measureOf('ec2-rightsizing'));
    expect(result.realisedMonthly).toBeCloseTo((0.192 - 0.096) * 12 * DAYS_PER_MONTH, 10);
  });

  it('knows which types change a price and by which unit of use', () => {
    expect(measureOf('ebs-gp2-to-gp3')).toEqual({ by: 'price', use: 'stored-gb' });
    expect(measureOf('ebs-iops-overprovisioned')).toEqual({ by: 'price', use: 'stored-gb' });
    expect(measureOf('rds-rightsizing')).toEqual({ by: 'price', use: 'hours' });
    for (const type of ['ec2-idle', 'ebs-unattached', 'lambda-memory', 'asg-overprovisioned', 'schedule'])
      expect(measureOf(type)).toEqual({ by: 'cost' });
    for (const unit of ['GB-Mo', 'GB-Month', 'gb-mo']) expect(isPricedUseUnit(unit, 'stored-gb')).toBe(true);
    for (const unit of ['IOPS-Mo', 'GiBps-mo', 'GB', 'Hrs', null])
      expect(isPricedUseUnit(unit, 'stored-gb')).toBe(false);
    expect(isPricedUseUnit('Hrs', 'hours')).toBe(true);
    expect(isPricedUseUnit('LCU-Hrs', 'hours')).toBe(false);
  });
});

describe('isMonthlyPricingUnit', () => {
  it('knows the CUR units of monthly charges from those billed by use', () => {
    for (const unit of ['GB-Mo', 'IOPS-Mo', 'GiBps-mo', 'GB-Month', 'Mo'])
      expect(isMonthlyPricingUnit(unit)).toBe(true);
    for (const unit of ['Hrs', 'Requests', 'GB', 'Lambda-GB-Second', 'LCU-Hrs', 'Mon', null])
      expect(isMonthlyPricingUnit(unit)).toBe(false);
  });
});
