import { curCommitmentRow } from '@finlens/cost-model/commitments/cur-row';
import { describe, expect, it } from 'vitest';
import type { ClientCaller } from '../../platform/auth/caller';
import type { WarehouseCommitmentRow } from '../../warehouse/cost-query/commitment-rows';
import type { WarehouseCostAnswer } from '../../warehouse/cost-query/cost-query-port';
import { costScopesOver } from '../../warehouse/cost-scope';
import { createCommitmentsService, hourlySpend } from './commitments.service';
import { reservationHours, spreadMonthlyFees } from './reservation-fees';

const fee = (start: string): WarehouseCommitmentRow => ({
  ...curCommitmentRow({
    lineItemType: 'RIFee',
    billingPeriod: '2026-02',
    usageAccountId: 'a',
    reservationArn: 'ri',
    unblended: 28,
    reservationTotalReservedUnits: 672,
    reservationUnusedQuantity: 336,
    reservationUnusedRecurring: 14,
    reservationStartTime: start,
  }),
  at: new Date('2026-02-01T00:00:00Z'),
  usageEnd: null,
  sourceFormat: 'cur',
  billingPeriodStart: null,
  amortized: 14,
  chargeFrequency: null,
  commitmentDiscountId: null,
  commitmentDiscountStatus: null,
  commitmentDiscountQuantity: null,
});

describe('spreadMonthlyFees', () => {
  it("spreads a month's RIFee row over its days by the term's hours; the days add up to the row", () => {
    const days = spreadMonthlyFees([fee('2025-01-01T00:00:00.000Z')], 'day');
    expect(days.length).toBe(28);
    expect(days[1]?.at.toISOString()).toBe('2026-02-02T00:00:00.000Z');
    expect(days[1]?.reservationTotalReservedUnits).toBeCloseTo(24, 9);
    expect(days.reduce((s, d) => s + (d.reservationUnusedRecurring ?? 0), 0)).toBeCloseTo(14, 9);
    expect(days.reduce((s, d) => s + d.amortized, 0)).toBeCloseTo(14, 9);
  });

  it('gives nothing to the days before a term that starts mid-month, and leaves months and usage rows alone', () => {
    const days = spreadMonthlyFees([fee('2026-02-15T12:00:00.000Z')], 'day');
    expect(days[0]?.at.toISOString()).toBe('2026-02-15T00:00:00.000Z');
    expect(days[0]?.unblended).toBeCloseTo((28 * 12) / (13 * 24 + 12), 9);
    expect(spreadMonthlyFees([fee('2025-01-01T00:00:00.000Z')], 'month')).toHaveLength(1);
    const usage = { ...fee('2025-01-01T00:00:00.000Z'), lineItemType: 'DiscountedUsage' };
    expect(spreadMonthlyFees([usage], 'hour')).toEqual([usage]);
  });
});

describe('an open month (the bill reaches 15 February)', () => {
  // February's RIFee reserves the whole month (672 h, $28) and counts as unused the 336 h not used yet; the
  // reservation was used every hour of the 14 billed days.
  const billedTo = new Date('2026-02-15T00:00:00Z');

  it('counts only its billed days: reserved hours and fees cut to them, every used hour in them', () => {
    const [month] = spreadMonthlyFees([fee('2025-01-01T00:00:00.000Z')], 'month', billedTo);
    expect(month?.reservationTotalReservedUnits).toBeCloseTo(336, 9);
    expect(month?.unblended).toBeCloseTo(14, 9);
    expect(month?.reservationUnusedQuantity).toBe(0);
    expect(month?.reservationUnusedRecurring).toBe(0);
    const days = spreadMonthlyFees([fee('2025-01-01T00:00:00.000Z')], 'day', billedTo);
    expect(days.map((d) => d.at.toISOString().slice(0, 10))).toHaveLength(14);
    expect(days.at(-1)?.at.toISOString()).toBe('2026-02-14T00:00:00.000Z');
    expect(reservationHours(days).get('ri')).toEqual({
      reserved: expect.closeTo(336, 9),
      used: expect.closeTo(336, 9),
      cost: expect.closeTo(14, 9),
    });
  });

  it('keeps the unused hours and fee of the billed days when the use falls short', () => {
    // Used 168 h of the 336 billed: 168 h unused, at the fee's $28 ÷ 672 h = $1/24 an hour.
    const row = {
      ...fee('2025-01-01T00:00:00.000Z'),
      reservationUnusedQuantity: 504,
      reservationUnusedRecurring: 21,
    };
    const [month] = spreadMonthlyFees([row], 'month', billedTo);
    expect(month?.reservationUnusedQuantity).toBeCloseTo(168, 9);
    expect(month?.reservationUnusedRecurring).toBeCloseTo(7, 9);
    // A closed month is the bill's row.
    expect(spreadMonthlyFees([row], 'month', new Date('2026-03-01T00:00:00Z'))).toEqual([row]);
  });
});

describe('hourlySpend', () => {
  it('spreads a daily usage line over its 24 hours; an hourly or endless line stays in its hour', () => {
    const daily = {
      ...fee('2025-01-01T00:00:00.000Z'),
      lineItemType: 'Usage',
      publicOnDemandCost: 2.4,
      usageEnd: new Date('2026-02-02T00:00:00Z'),
    };
    const hours = hourlySpend(daily);
    expect(hours).toHaveLength(24);
    expect(hours[23]?.at).toEqual(new Date('2026-02-01T23:00:00Z'));
    expect(hours.reduce((s, h) => s + h.onDemandCost, 0)).toBeCloseTo(2.4, 12);
    expect(hourlySpend({ ...daily, usageEnd: null })).toEqual([{ at: daily.at, onDemandCost: 2.4 }]);
  });
});

describe('reads kept until an import', () => {
  it('reads the bill once per range until an import into the project, then again', async () => {
    let ingestedAt = '2026-03-01T00:00:00Z';
    const reads: string[] = [];
    const service = createCommitmentsService({
      scopes: costScopesOver(async () => [{ id: 'p', name: 'P', cloudType: 'aws', ingestedAt }]),
      warehouse: {
        commitmentRows: async (q) => {
          reads.push(`${q.from} ${q.to} ${q.grain}`);
          return [fee('2025-01-01T00:00:00.000Z')];
        },
        runCostQuery: async () => ({ as_of: '2026-02-28' }) as WarehouseCostAnswer,
      },
      now: () => new Date('2026-03-01T00:00:00Z'),
    });
    const caller = { clientId: 'c' } as ClientCaller;
    const query = {
      start_date: '2026-02-01',
      end_date: '2026-02-28',
      granularity: 'day' as const,
      group_by: 'commitment' as const,
    };
    const first = await service.dashboard(caller, query);
    await service.dashboard(caller, query);
    await service.inventory(caller, {});
    // The range by day and the inventory's 13 months by month: each read once.
    expect(reads).toEqual(['2026-02-01 2026-02-28 day', '2025-01-24 2026-02-28 month']);
    expect(first.totals.unused_cost).toBeCloseTo(14, 9);
    ingestedAt = '2026-03-01T06:00:00Z'; // an import
    await service.dashboard(caller, query);
    expect(reads).toHaveLength(4);
  });
});
