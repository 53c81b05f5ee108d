import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderAgainstWaiting } from '../../platform/event-loop.test-helper';
import { parsePlanCsv, planToCsv } from './plan-csv';
import {
  cumulativePlan,
  periodAt,
  periodBudget,
  periodMonths,
  type TargetCalendar,
  targetMonths,
} from './target-periods';

const monthly: TargetCalendar = {
  period: 'MONTHLY',
  start_date: '2026-01-01',
  end_date: null,
  budget_type: 'top_down',
  amount: 310,
};

describe('target periods', () => {
  it('a target without an end covers 12 months; periods step from its start', () => {
    expect(targetMonths(monthly)).toHaveLength(12);
    expect(targetMonths(monthly).at(-1)).toBe('2026-12');
    expect(periodAt(monthly, '2026-02-14')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    // Before the start: the first period; after the end: none.
    expect(periodAt(monthly, '2025-06-01')).toEqual({ start: '2026-01-01', end: '2026-01-31' });
    expect(periodAt(monthly, '2027-01-01')).toBeNull();
  });

  it('quarterly and yearly periods follow the target start (a fiscal year from April) and stop at its end', () => {
    const fiscal = {
      ...monthly,
      period: 'QUARTERLY' as const,
      start_date: '2026-04-01',
      end_date: '2027-03-31',
    };
    expect(periodAt(fiscal, '2026-08-09')).toEqual({ start: '2026-07-01', end: '2026-09-30' });
    expect(periodMonths({ start: '2026-07-01', end: '2026-09-30' })).toEqual([
      '2026-07',
      '2026-08',
      '2026-09',
    ]);
    const yearly = { ...fiscal, period: 'YEARLY' as const, end_date: '2026-12-31' };
    expect(periodAt(yearly, '2026-11-30')).toEqual({ start: '2026-04-01', end: '2026-12-31' });
  });

  it('bottom-up budgets sum the months of the period; the plan accumulates to the budget', () => {
    const bottomUp = { ...monthly, period: 'QUARTERLY' as const, budget_type: 'bottom_up' as const };
    const plannings = [
      { month: '2026-01', amount: 31 },
      { month: '2026-02', amount: 56 },
      { month: '2026-03', amount: 0 },
      { month: '2026-04', amount: 999 },
    ];
    const q1 = { start: '2026-01-01', end: '2026-03-31' };
    expect(periodBudget(bottomUp, q1, plannings)).toBe(87);
    const plan = cumulativePlan(bottomUp, q1, plannings);
    expect(plan).toHaveLength(90);
    expect(plan[0]).toBeCloseTo(1, 9);
    expect(plan[30]).toBeCloseTo(31, 9);
    expect(plan[31]).toBeCloseTo(33, 9);
    expect(plan.at(-1)).toBeCloseTo(87, 9);
    expect(cumulativePlan(monthly, { start: '2026-01-01', end: '2026-01-31' }, []).at(-1)).toBeCloseTo(
      310,
      9,
    );
  });

  it('property: the cumulative plan never falls and ends at the period budget', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 12, maxLength: 12 }), (amounts) => {
        const target = { ...monthly, period: 'YEARLY' as const, budget_type: 'bottom_up' as const };
        const plannings = targetMonths(target).map((month, i) => ({ month, amount: amounts[i] ?? 0 }));
        const period = periodAt(target, '2026-05-05');
        if (period === null) throw new Error('no period');
        const plan = cumulativePlan(target, period, plannings);
        for (let i = 1; i < plan.length; i++)
          expect(plan[i]).toBeGreaterThanOrEqual((plan[i - 1] ?? 0) - 1e-6);
        expect(plan.at(-1)).toBeCloseTo(periodBudget(target, period, plannings), 3);
      }),
      { numRuns: 50 },
    );
  });
});

describe('plan CSV', () => {
  const months = ['2026-01', '2026-02'];

  it('round-trips a plan, written through the shared export (a waiting request runs before it is done)', async () => {
    const { order, result: csv } = await orderAgainstWaiting(() =>
      planToCsv(months, [{ month: '2026-02', amount: 12.5 }]),
    );
    expect(order).toEqual(['waiting request', 'done']);
    expect(csv).toBe('month,amount\n2026-01,0\n2026-02,12.5\n');
    expect(parsePlanCsv(csv, months)).toEqual({
      ok: true,
      changes: [
        { month: '2026-01', amount: 0 },
        { month: '2026-02', amount: 12.5 },
      ],
    });
  });

  it('names every bad cell by row and column', () => {
    const result = parsePlanCsv('month,amount\n2026-01,-1\n2026-01,5\n2030-01,x\n', months);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual([
      'rows.1.amount',
      'rows.2.month',
      'rows.3.amount',
      'rows.3.month',
    ]);
    expect(parsePlanCsv('when,how much\n', months)).toMatchObject({
      ok: false,
      errors: { 'rows.0': expect.any(Array) },
    });
    expect(parsePlanCsv('month,amount\n', months)).toMatchObject({
      ok: false,
      errors: { 'rows.1': expect.any(Array) },
    });
    expect(parsePlanCsv('month,amount\n"2026-01,1\n', months)).toMatchObject({
      ok: false,
      errors: { csv: expect.any(Array) },
    });
  });
});
