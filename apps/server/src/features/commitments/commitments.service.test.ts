import { curCommitmentRow } from '@finlens/cost-model/commitments/cur-row';
import { WEEK_PRESETS } from '@finlens/cost-model/scheduler/week';
import { describe, expect, it } from 'vitest';
import type { ClientCaller } from '../../platform/auth/caller';
import { roughBytes } from '../../platform/cache/result-cache';
import type { WarehouseCommitmentRow } from '../../warehouse/cost-query/commitment-rows';
import type { WarehouseCostAnswer } from '../../warehouse/cost-query/cost-query-port';
import { costScopesOver } from '../../warehouse/cost-scope';
import type { ScheduleValues } from '../scheduler/scheduler.repo';
import { createScheduleStops } from '../scheduler/scheduler.service';
import type { ScheduleRow } from '../scheduler/scheduler.tables';
import { NO_LISTS, scheduleValues } from '../scheduler/scheduler.test-helper';
import { warehouseRow } from './commitment-row.test-helper';
import { createCommitmentsService } from './commitments.service';
import { spreadOverHours } from './purchase-rates';
import { reservationHours, spreadMonthlyFees } from './reservation-fees';

const fee = (start: string): WarehouseCommitmentRow =>
  warehouseRow(
    {
      lineItemType: 'RIFee',
      billingPeriod: '2026-02',
      usageAccountId: 'a',
      reservationArn: 'ri',
      unblended: 28,
      reservationTotalReservedUnits: 672,
      reservationUnusedQuantity: 336,
      reservationUnusedRecurring: 14,
      reservationStartTime: start,
    },
    '2026-02-01T00:00:00Z',
    14,
  );

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

describe('spreadOverHours', () => {
  it('spreads a daily usage line over its 24 hours; an hourly or endless line stays in its hour', () => {
    const daily = {
      ...fee('2025-01-01T00:00:00.000Z'),
      lineItemType: 'Usage',
      publicOnDemandCost: 2.4,
      usageEnd: new Date('2026-02-02T00:00:00Z'),
    };
    const hours = spreadOverHours(daily, 2.4);
    expect(hours).toHaveLength(24);
    expect(hours[23]?.at).toEqual(new Date('2026-02-01T23:00:00Z'));
    expect(hours.reduce((s, h) => s + h.onDemandCost, 0)).toBeCloseTo(2.4, 12);
    expect(spreadOverHours({ ...daily, usageEnd: null }, 2.4)).toEqual([{ at: daily.at, onDemandCost: 2.4 }]);
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

describe('reads kept by the memory they hold', () => {
  const caller = { clientId: 'c' } as ClientCaller;
  // A read by day is 50 fee rows; the inventory's by month none.
  const rows = Array.from({ length: 50 }, () => fee('2025-01-01T00:00:00.000Z'));
  const serviceKeeping = (reads: string[], keptBytes?: number) =>
    createCommitmentsService({
      scopes: costScopesOver(async () => [
        { id: 'p', name: 'P', cloudType: 'aws', ingestedAt: '2026-03-01T00:00:00Z' },
      ]),
      warehouse: {
        commitmentRows: async (q) => {
          reads.push(`${q.from} ${q.to} ${q.grain}`);
          return q.grain === 'day' ? rows : [];
        },
        runCostQuery: async () => ({ as_of: '2026-02-28' }) as WarehouseCostAnswer,
      },
      ...(keptBytes === undefined ? {} : { keptBytes }),
      now: () => new Date('2026-03-01T00:00:00Z'),
    });
  // Ranges of February ending on its 9th to 28th (a range starting later reads the month's fees from its 1st too).
  const dashboard = (service: ReturnType<typeof serviceKeeping>, day: number) =>
    service.dashboard(caller, {
      start_date: '2026-02-01',
      end_date: `2026-02-${String(8 + day).padStart(2, '0')}`,
      granularity: 'day',
      group_by: 'commitment',
    });

  it('keeps every range while they fit, more than a count of reads would', async () => {
    const reads: string[] = [];
    const service = serviceKeeping(reads);
    for (let day = 1; day <= 20; day++) await dashboard(service, day);
    expect(reads.filter((r) => r.endsWith('day'))).toHaveLength(20);
    await dashboard(service, 1);
    expect(reads.filter((r) => r.endsWith('day'))).toHaveLength(20);
  });

  it('drops the least recently used read beyond the budget in bytes', async () => {
    const reads: string[] = [];
    // Room for one range's rows and a half.
    const service = serviceKeeping(reads, roughBytes(rows) * 1.5);
    await dashboard(service, 1);
    await dashboard(service, 2);
    await dashboard(service, 1);
    expect(reads.filter((r) => r === '2026-02-01 2026-02-09 day')).toHaveLength(2);
  });
});

describe("a dashboard range starting after its month's first day", () => {
  // February's RIFee (672 h reserved, 336 unused, $14 of unused recurring fee) starts on the 1st; the range is the
  // 8th to the 21st, 14 of its 28 days: half the unused fee, $0.50 a day.
  const caller = { clientId: 'c' } as ClientCaller;
  const day = (at: Date) => at.toISOString().slice(0, 10);
  const serviceOver = (sums: boolean) =>
    createCommitmentsService({
      scopes: costScopesOver(async () => [{ id: 'p', name: 'P', cloudType: 'aws' }]),
      warehouse: {
        // As a warehouse reads: the rows whose usage starts in the range asked.
        commitmentRows: async (q) =>
          [fee('2025-01-01T00:00:00.000Z')].filter((r) => day(r.at) >= q.from && day(r.at) <= q.to),
        ...(sums ? { commitmentUsageSums: async () => [] } : {}),
        runCostQuery: async () => ({ as_of: '2026-02-28' }) as WarehouseCostAnswer,
      },
      now: () => new Date('2026-03-01T00:00:00Z'),
    });

  it.for([
    ['day', false],
    ['hour', true],
  ] as const)(
    "takes its days' share of the month's RIFee (by %s, usage summed in the warehouse: %s)",
    async ([granularity, sums]) => {
      const dashboard = await serviceOver(sums).dashboard(caller, {
        start_date: '2026-02-08',
        end_date: '2026-02-21',
        granularity,
        group_by: 'commitment',
      });
      expect(dashboard.totals.unused_cost).toBeCloseTo(7, 9);
      expect(dashboard.periods).toHaveLength(granularity === 'day' ? 14 : 336);
      expect(dashboard.periods[0]?.unused_cost).toBeCloseTo(granularity === 'day' ? 0.5 : 0.5 / 24, 9);
      expect(dashboard.groups.map((g) => [g.key, g.unused_cost])).toEqual([['ri', expect.closeTo(7, 9)]]);
    },
  );
});

describe('reservation purchase analysis by normalised units', () => {
  // A week of RDS db.r6g on demand (no NormalizedUsageAmount: the sizes' factors apply): a large (4 units, $0.20/h)
  // every hour and an xlarge (8 units, $0.40/h) in the first 42 — 12 units/h a quarter of the week, 4 the rest, at
  // $0.05 a unit-hour. A metal hour has no factor and is left out; an EC2 family billed at $0 has no price to weigh.
  const hour = (h: number, usageType: string, cost: number, productCode = 'AmazonRDS') => ({
    ...fee('2025-01-01T00:00:00.000Z'),
    ...curCommitmentRow({
      lineItemType: 'Usage',
      billingPeriod: '2026-02',
      usageAccountId: 'a',
      productCode,
      usageType,
      pricingTerm: 'OnDemand',
      usageAmount: 1,
      unblended: cost,
      publicOnDemandCost: cost,
      region: 'eu-west-1',
    }),
    at: new Date(Date.parse('2026-02-01T00:00:00Z') + h * 3_600_000),
  });
  const week = Array.from({ length: 168 }, (_, h) => [
    hour(h, 'InstanceUsage:db.r6g.large', 0.2),
    ...(h < 42 ? [hour(h, 'InstanceUsage:db.r6g.xlarge', 0.4)] : []),
  ]).flat();
  const usage = [
    ...week,
    hour(3, 'InstanceUsage:db.r6g.metal', 3),
    hour(5, 'BoxUsage:t3.micro', 0, 'AmazonEC2'),
  ];
  const deps = {
    scopes: costScopesOver(async () => [
      { id: 'p', name: 'P', cloudType: 'aws', ingestedAt: '2026-02-08T00:00:00Z' },
    ]),
    warehouse: {
      commitmentRows: async (q: { grain: string }) => (q.grain === 'hour' ? usage : []),
      runCostQuery: async () => ({ as_of: '2026-02-07' }) as WarehouseCostAnswer,
    },
    now: () => new Date('2026-02-08T00:00:00Z'),
  };
  const service = createCommitmentsService(deps);
  const caller = { clientId: 'c' } as ClientCaller;
  const analyse = (rate_ratio?: number) =>
    service.reservationAnalysis(caller, {
      look_back: '7',
      term: '1yr',
      payment_option: 'No Upfront',
      rate_ratio,
    });

  it('sizes the family in whole instances of its most-used size at the stated rate', async () => {
    const { window, results } = await analyse(0.5);
    expect(window).toEqual({ start: '2026-02-01T00:00:00.000Z', end: '2026-02-08T00:00:00.000Z' });
    expect(results.map((r) => [r.service, r.family, r.instance_type, r.units_per_instance])).toEqual([
      ['AmazonRDS', 'db.r6g', 'db.r6g.large', 4],
      ['AmazonEC2', 't3', 't3.micro', 0.5],
    ]);
    const [rds, ec2] = results;
    expect(rds?.hourly_units.filter((u) => u === 12)).toHaveLength(42);
    expect(rds?.hourly_units.filter((u) => u === 4)).toHaveLength(126);
    expect(rds?.on_demand_rate_per_unit).toBeCloseTo(0.05, 12);
    expect(rds?.rate_source).toBe('stated');
    // r = 0.5: the 4 units used every hour pay; the next 8, used a quarter of the hours, do not.
    // Savings = (168 × 4 − 168 × 0.5 × 4) unit-hours × $0.05.
    expect(rds?.recommendation).toMatchObject({ instances: 1, normalised_units: 4 });
    expect(rds?.recommendation?.savings).toBeCloseTo(16.8, 9);
    expect(rds?.recommendation?.commitment).toBeCloseTo(0.5 * 4 * 0.05, 12);
    expect(rds?.recommendation?.expected_coverage).toBeCloseTo(672 / 1008, 12);
    expect(rds?.recommendation?.on_demand_cost).toBeCloseTo(50.4, 9);
    expect(ec2?.on_demand_rate_per_unit).toBe(0);
    expect(ec2?.recommendation).toBeNull();
  });

  it('buys in steps of the smallest billed size: a flat 12 units/h of m5 is 3 × m5.large, not 1 × m5.xlarge', async () => {
    // Every hour of the week an m5.xlarge ($0.192, 8 units) and an m5.large ($0.096, 4 units) in us-east-1:
    // 12 units/h at $0.024. At r = 0.67 every unit used every hour pays, so all 12 — which whole xlarges (the
    // most-used size) cannot make: they gave 8 units, leaving 4 on demand every hour (savings 168 × 8 × $0.024
    // × 0.33 = $10.64448 instead of 168 × 12 × $0.024 × 0.33 = $15.96672).
    const flat = Array.from({ length: 168 }, (_, h) => [
      { ...hour(h, 'BoxUsage:m5.xlarge', 0.192, 'AmazonEC2'), region: 'us-east-1' },
      { ...hour(h, 'BoxUsage:m5.large', 0.096, 'AmazonEC2'), region: 'us-east-1' },
    ]).flat();
    const m5 = createCommitmentsService({
      ...deps,
      warehouse: {
        ...deps.warehouse,
        commitmentRows: async (q: { grain: string }) => (q.grain === 'hour' ? flat : []),
      },
    });
    const [row] = (
      await m5.reservationAnalysis(caller, {
        look_back: '7',
        term: '1yr',
        payment_option: 'No Upfront',
        rate_ratio: 0.67,
      })
    ).results;
    expect(row?.hourly_units.every((u) => Math.abs(u - 12) < 1e-9)).toBe(true);
    expect([row?.family, row?.instance_type, row?.units_per_instance]).toEqual(['m5', 'm5.large', 4]);
    expect(row?.recommendation).toMatchObject({ instances: 3, normalised_units: 12 });
    expect(row?.recommendation?.savings).toBeCloseTo(168 * 12 * 0.024 * 0.33, 9);
    expect(row?.recommendation?.expected_utilisation).toBeCloseTo(1, 12);
  });

  it('covers the peak when the discount is deep enough', async () => {
    // r = 0.2: a unit used in more than a fifth of the hours pays, so all 12 units: three large.
    const [deep] = (await analyse(0.2)).results;
    expect(deep?.recommendation?.instances).toBe(3);
    expect(deep?.recommendation?.savings).toBeCloseTo((1008 - 168 * 0.2 * 12) * 0.05, 9);
  });

  it("takes the documented rate table's figure when neither the bill nor the request has one", async () => {
    const [rds, ec2] = (await analyse()).results;
    // RDS 1yr no upfront: 0.657 from the catalogue; the 4 units used every hour pay, the 8 of a quarter do not.
    expect([rds?.rate_source, rds?.rate_provenance, rds?.rate_ratio]).toEqual(['table', 'catalogue', 0.657]);
    expect(rds?.recommendation?.instances).toBe(1);
    expect(rds?.recommendation?.savings).toBeCloseTo((672 - 168 * 0.657 * 4) * 0.05, 9);
    expect([ec2?.rate_source, ec2?.rate_provenance, ec2?.rate_ratio]).toEqual(['table', 'sample_bill', 0.67]);
    // The table has no three-year no-upfront RDS offering: no rate, no recommendation.
    const [none] = (
      await service.reservationAnalysis(caller, { look_back: '7', term: '3yr', payment_option: 'No Upfront' })
    ).results;
    expect([none?.rate_source, none?.rate_ratio, none?.recommendation]).toEqual(['none', null, null]);
  });

  it('prices the savings plan analysis at the Compute Savings Plan figure of the table', async () => {
    const sp = await service.purchaseAnalysis(caller, {
      look_back: '7',
      term: '1yr',
      payment_option: 'No Upfront',
    });
    // $0.20 every hour, $0.60 in a quarter of them (and the metal hour's $3.20): at r = 0.72 only the $0.20
    // used every hour pays. Savings = 168 × 0.2 − 168 × 0.72 × 0.2.
    expect([sp.rate_source, sp.rate_provenance, sp.rate_ratio]).toEqual(['table', 'estimate', 0.72]);
    expect(sp.recommendation?.covered_on_demand_per_hour).toBeCloseTo(0.2, 9);
    expect(sp.recommendation?.savings).toBeCloseTo(168 * 0.2 * (1 - 0.72), 9);
  });

  it("puts a client's own figure before the table's, and the stated one before both", async () => {
    const own = createCommitmentsService({
      ...deps,
      rateOverrides: async (clientId) =>
        clientId === 'c'
          ? [{ kind: 'rds_ri', term: '1yr', payment_option: 'No Upfront', rate_ratio: 0.2 }]
          : [],
    });
    const query = { look_back: '7', term: '1yr', payment_option: 'No Upfront' } as const;
    const [rds] = (await own.reservationAnalysis(caller, query)).results;
    expect([rds?.rate_source, rds?.rate_provenance, rds?.recommendation?.instances]).toEqual([
      'table',
      'admin',
      3,
    ]);
    const [stated] = (await own.reservationAnalysis(caller, { ...query, rate_ratio: 0.5 })).results;
    expect([stated?.rate_source, stated?.rate_provenance, stated?.rate_ratio]).toEqual(['stated', null, 0.5]);
    const other = (await own.reservationAnalysis({ clientId: 'd' } as ClientCaller, query)).results[0];
    expect(other?.rate_provenance).toBe('catalogue');
  });
});

describe('reservation purchase analysis split by operating system, tenancy and licence', () => {
  // A week of m5 in us-east-1: Linux m5.large every hour ($0.096), Windows m5.large every hour ($0.188) and a
  // Windows m5.xlarge in the first 42 hours ($0.376). A one-year no-upfront Windows reservation covers a third
  // Windows m5.large every hour at $0.1128 of its $0.188 (r = 0.6). Windows is not size-flexible: one curve per type.
  const LINUX = { operatingSystem: 'Linux', tenancy: 'Shared', licenceModel: 'No License required' };
  const WINDOWS = { ...LINUX, operatingSystem: 'Windows' };
  const row = (
    h: number,
    split: typeof LINUX,
    fields: Partial<WarehouseCommitmentRow>,
    lineItemType = 'Usage',
  ): WarehouseCommitmentRow => ({
    ...fee('2025-06-01T00:00:00.000Z'),
    ...curCommitmentRow({
      lineItemType,
      billingPeriod: '2026-02',
      usageAccountId: 'a',
      productCode: 'AmazonEC2',
      pricingTerm: lineItemType === 'Usage' ? 'OnDemand' : 'Reserved',
      usageAmount: 1,
      region: 'us-east-1',
      ...fields,
    }),
    ...split,
    at: new Date(Date.parse('2026-02-01T00:00:00Z') + h * 3_600_000),
  });
  const hours = Array.from({ length: 168 }, (_, h) => [
    row(h, LINUX, { usageType: 'BoxUsage:m5.large', publicOnDemandCost: 0.096 }),
    row(h, WINDOWS, { usageType: 'BoxUsage:m5.large', publicOnDemandCost: 0.188 }),
    ...(h < 42 ? [row(h, WINDOWS, { usageType: 'BoxUsage:m5.xlarge', publicOnDemandCost: 0.376 })] : []),
    row(
      h,
      WINDOWS,
      {
        usageType: 'BoxUsage:m5.large',
        publicOnDemandCost: 0.188,
        reservationArn: 'ri-win',
        reservationEffective: 0.1128,
      },
      'DiscountedUsage',
    ),
  ]).flat();
  // The reservation's month: a year from 1 June 2025, no upfront, $0.1128 an hour.
  const month = {
    ...fee('2025-06-01T00:00:00.000Z'),
    reservationArn: 'ri-win',
    productCode: 'AmazonEC2',
    usageType: 'HeavyUsage:m5.large',
    usageAmount: 672,
    unblended: 0.1128 * 672,
    reservationEndTime: '2026-06-01T00:00:00.000Z',
  };
  const service = createCommitmentsService({
    scopes: costScopesOver(async () => [
      { id: 'p', name: 'P', cloudType: 'aws', ingestedAt: '2026-02-08T00:00:00Z' },
    ]),
    warehouse: {
      commitmentRows: async (q) => (q.grain === 'hour' ? hours : [month]),
      runCostQuery: async () => ({ as_of: '2026-02-07' }) as WarehouseCostAnswer,
    },
    now: () => new Date('2026-02-08T00:00:00Z'),
  });
  const caller = { clientId: 'c' } as ClientCaller;
  const analyse = (term: '1yr' | '3yr') =>
    service.reservationAnalysis(caller, { look_back: '7', term, payment_option: 'No Upfront' });

  it('keeps one curve per split, each with the rate of reservations of its own split', async () => {
    const { results } = await analyse('1yr');
    expect(
      results.map((r) => [r.operating_system, r.family, r.size_flexible, r.rate_source, r.rate_ratio]),
    ).toEqual([
      ['Windows', 'm5.large', false, 'bill', expect.closeTo(0.6, 12)],
      ['Linux', 'm5', true, 'table', 0.67],
      ['Windows', 'm5.xlarge', false, 'bill', expect.closeTo(0.6, 12)],
    ]);
    const [winLarge, linux, winXlarge] = results;
    // Windows m5.large used every hour: one, saving 168 × $0.188 × (1 − 0.6).
    expect(winLarge?.recommendation?.instances).toBe(1);
    expect(winLarge?.recommendation?.savings).toBeCloseTo(168 * 0.188 * 0.4, 9);
    // Linux at the table's 0.67 (the Windows reservation's rate is not its own): 168 × $0.096 × 0.33.
    expect(linux?.hourly_units.every((u) => u === 4)).toBe(true);
    expect(linux?.recommendation?.savings).toBeCloseTo(168 * 0.096 * 0.33, 9);
    // The Windows xlarge runs a quarter of the hours, under the break-even 0.6: none.
    expect(winXlarge?.recommendation?.instances).toBe(0);
    expect(winXlarge?.recommendation?.savings).toBe(0);
  });

  it('gives a licensed split no table rate: without a reservation of the term, none', async () => {
    const { results } = await analyse('3yr');
    expect(results.map((r) => [r.operating_system, r.family, r.rate_source, r.rate_provenance])).toEqual([
      ['Windows', 'm5.large', 'none', null],
      ['Linux', 'm5', 'table', 'estimate'],
      ['Windows', 'm5.xlarge', 'none', null],
    ]);
  });
});

describe('schedule-aware purchase analysis', () => {
  // A Linux m5.large (i-1) ran on demand every hour of the week 1–7 February 2026 at $0.096/h (4 units, $0.024 a
  // unit-hour), and every hour of the 30 billed days the scheduler's estimate reads ($69.12 = 720 h × $0.096).
  // An enabled office-hours schedule (Monday–Friday 08:00–20:00 UTC: 60 h a week) stops it; a disabled one would
  // stop it always and is not counted.
  const usage = Array.from({ length: 168 }, (_, h) => ({
    ...fee('2025-01-01T00:00:00.000Z'),
    ...curCommitmentRow({
      lineItemType: 'Usage',
      billingPeriod: '2026-02',
      usageAccountId: 'a',
      productCode: 'AmazonEC2',
      usageType: 'BoxUsage:m5.large',
      pricingTerm: 'OnDemand',
      usageAmount: 1,
      unblended: 0.096,
      publicOnDemandCost: 0.096,
      region: 'us-east-1',
    }),
    operatingSystem: 'Linux',
    tenancy: 'Shared',
    licenceModel: 'No License required',
    at: new Date(Date.parse('2026-02-01T00:00:00Z') + h * 3_600_000),
  }));
  const schedule = (id: string, values: Partial<ScheduleValues>) =>
    ({
      ...scheduleValues('c', 'p', { resources: { ...NO_LISTS, ec2: ['i-1'] }, ...values }),
      id,
      created_at: new Date(),
      updated_at: new Date(),
    }) as ScheduleRow;
  const stored = [
    schedule('s1', { name: 'Office hours', windows: WEEK_PRESETS['office-hours'] }),
    schedule('s2', { name: 'Off', windows: [], enabled: false }),
  ];
  const reads = { resourceCosts: 0 };
  const scheduleStops = createScheduleStops({
    repo: { schedules: async () => stored },
    inventory: {
      version: async () => 'collected once',
      resources: async () => [
        {
          project_id: 'p',
          account_id: 'a',
          region: 'us-east-1',
          kind: 'ec2-instance',
          resource_id: 'i-1',
          name: 'web',
          state: 'running',
          tags: {},
        },
      ],
    },
    bill: {
      newestUsageDay: async () => '2026-02-07',
      resourceUsageCosts: async () => {
        reads.resourceCosts += 1;
        return [
          {
            projectId: 'p',
            resourceId: 'i-1',
            accountId: 'a',
            region: 'us-east-1',
            tags: [],
            usageType: 'BoxUsage:m5.large',
            lineItemType: 'Usage',
            cost: 69.12,
          },
        ];
      },
    },
  });
  const deps = {
    scopes: costScopesOver(async () => [
      { id: 'p', name: 'P', cloudType: 'aws' as const, ingestedAt: '2026-02-08T00:00:00Z' },
    ]),
    warehouse: {
      commitmentRows: async (q: { grain: string }) => (q.grain === 'hour' ? usage : []),
      runCostQuery: async () => ({ as_of: '2026-02-07' }) as WarehouseCostAnswer,
    },
    scheduleStops,
    now: () => new Date('2026-02-08T00:00:00Z'),
  };
  const service = createCommitmentsService(deps);
  const caller = { clientId: 'c' } as ClientCaller;
  const query = (rate_ratio: number, schedules: 'apply' | 'ignore' = 'apply') =>
    ({ look_back: '7', term: '1yr', payment_option: 'No Upfront', rate_ratio, schedules }) as const;

  it('keeps the 60 hours the schedule runs the instance: the savings plan shrinks to what those hours pay', async () => {
    const sp = await service.purchaseAnalysis(caller, query(0.3));
    expect(sp.hourly_on_demand.filter((x) => x === 0)).toHaveLength(108);
    expect(sp.hourly_on_demand.filter((x) => Math.abs(x - 0.096) < 1e-12)).toHaveLength(60);
    expect(sp.schedules).toEqual({
      applied: true,
      schedules: [{ id: 's1', name: 'Office hours', stopped_hours_per_week: 108, resources: 1 }],
      stopped_resource_hours_per_week: 108,
      removed_on_demand: expect.closeTo(108 * 0.096, 9),
    });
    // At r = 0.3 the $0.096 used 60 of 168 hours still pays: 60 × 0.096 − 168 × 0.3 × 0.096 = $0.9216.
    expect(sp.recommendation?.commitment).toBeCloseTo(0.3 * 0.096, 12);
    expect(sp.recommendation?.savings).toBeCloseTo(0.9216, 9);
    // The bill as it is: every hour, 168 × 0.096 × 0.7 = $11.2896.
    const asBilled = await service.purchaseAnalysis(caller, query(0.3, 'ignore'));
    expect(asBilled.hourly_on_demand.filter((x) => x === 0)).toHaveLength(0);
    expect(asBilled.recommendation?.savings).toBeCloseTo(11.2896, 9);
    expect([asBilled.schedules.applied, asBilled.schedules.removed_on_demand]).toEqual([false, 0]);
    expect(asBilled.schedules.schedules).toHaveLength(1);
  });

  it('keeps the stops until a schedule changes: asked again, the resource costs are not read again', async () => {
    const before = reads.resourceCosts;
    const first = await service.purchaseAnalysis(caller, query(0.3));
    await service.reservationAnalysis(caller, query(0.3));
    await service.purchaseAnalysis(caller, query(0.3, 'ignore'));
    expect(reads.resourceCosts - before).toBeLessThanOrEqual(1);
    expect(first.recommendation?.savings).toBeCloseTo(0.9216, 9);
    // Office hours become Monday–Friday all day: the week of Sunday 1 February runs 120 hours, and the answer
    // follows at once — 120 × 0.096 − 168 × 0.3 × 0.096 = $6.6816.
    const office = stored[0] as ScheduleRow;
    stored[0] = { ...office, windows: WEEK_PRESETS['weekdays-only'] };
    try {
      const changed = await service.purchaseAnalysis(caller, query(0.3));
      expect(changed.hourly_on_demand.filter((x) => x > 0)).toHaveLength(120);
      expect(changed.schedules.removed_on_demand).toBeCloseTo(48 * 0.096, 9);
      expect(changed.recommendation?.savings).toBeCloseTo(6.6816, 9);
      // Disabled, it is out of the what-if: the bill as it is.
      stored[0] = { ...office, enabled: false };
      const disabled = await service.purchaseAnalysis(caller, query(0.3));
      expect(disabled.schedules.schedules).toEqual([]);
      expect(disabled.recommendation?.savings).toBeCloseTo(11.2896, 9);
    } finally {
      stored[0] = office;
    }
  });

  it('takes out what recommendations not yet applied save, in the hours the schedule leaves running', async () => {
    // A rightsizing of i-1 saving $0.048 an hour at on-demand prices ($35.064 a month of 730.5 hours), and a
    // gp2 → gp3 change (storage: no commitment covers it, left out).
    const pending = createCommitmentsService({
      ...deps,
      pendingRecommendations: async () => [
        {
          id: 'r1',
          type: 'ec2-rightsizing',
          region: 'us-east-1',
          resourceKind: 'ec2-instance',
          resourceId: 'i-1',
          resourceType: 'm5.large',
          onDemandMonthlySaving: 0.048 * 730.5,
        },
        {
          id: 'r2',
          type: 'ebs-gp2-to-gp3',
          region: 'us-east-1',
          resourceKind: 'ebs-volume',
          resourceId: 'vol-1',
          resourceType: 'gp2',
          onDemandMonthlySaving: 10,
        },
      ],
    });
    const ask = (schedules: 'apply' | 'ignore', recommendations: 'apply' | 'ignore') => ({
      ...query(0.3, schedules),
      recommendations,
    });
    // Without the schedule every hour keeps $0.048: commit 0.3 × 0.048, save 168 × 0.048 × 0.7 = $5.6448.
    const alone = await pending.purchaseAnalysis(caller, ask('ignore', 'apply'));
    expect(alone.hourly_on_demand.every((x) => Math.abs(x - 0.048) < 1e-12)).toBe(true);
    expect(alone.recommendation?.commitment).toBeCloseTo(0.0144, 12);
    expect(alone.recommendation?.savings).toBeCloseTo(5.6448, 9);
    expect(alone.recommendations).toEqual({
      applied: true,
      count: 1,
      by_type: [{ type: 'ec2-rightsizing', count: 1, on_demand_monthly_saving: expect.closeTo(35.064, 9) }],
      removed_on_demand: expect.closeTo(168 * 0.048, 9),
    });
    // With it, only the 60 running hours lose the $0.048 (the 108 stopped ones are out already):
    // 60 × 0.048 − 168 × 0.3 × 0.048 = $0.4608.
    const both = await pending.purchaseAnalysis(caller, ask('apply', 'apply'));
    expect(both.hourly_on_demand.filter((x) => Math.abs(x - 0.048) < 1e-12)).toHaveLength(60);
    expect(both.hourly_on_demand.filter((x) => x === 0)).toHaveLength(108);
    expect(both.schedules.removed_on_demand).toBeCloseTo(108 * 0.096, 9);
    expect(both.recommendations.removed_on_demand).toBeCloseTo(60 * 0.048, 9);
    expect(both.recommendation?.savings).toBeCloseTo(0.4608, 9);
    // Ignored: the schedule's answer, the recommendation still named.
    const left = await pending.purchaseAnalysis(caller, ask('apply', 'ignore'));
    expect(left.recommendation?.savings).toBeCloseTo(0.9216, 9);
    expect([
      left.recommendations.applied,
      left.recommendations.count,
      left.recommendations.removed_on_demand,
    ]).toEqual([false, 1, 0]);
    // Reserved instances in units: 4 − 0.048 ÷ $0.024 = 2 units an hour; at r = 0.3 one m5.large (4 units)
    // still pays: 168 × 2 × 0.024 − 168 × 4 × 0.024 × 0.3 = $3.2256.
    const ri = await pending.reservationAnalysis(caller, ask('ignore', 'apply'));
    expect(ri.results[0]?.hourly_units.every((u) => Math.abs(u - 2) < 1e-9)).toBe(true);
    expect(ri.results[0]?.recommendation?.instances).toBe(1);
    expect(ri.results[0]?.recommendation?.savings).toBeCloseTo(3.2256, 9);
    expect(ri.recommendations.removed_on_demand).toBeCloseTo(168 * 0.048, 9);
  });

  it('recommends no reserved instance where the stopped hours leave it under break-even', async () => {
    // r = 0.5: used 60/168 = 36 % of the hours, under the 50 % break-even — none, where the bill alone says one.
    const [billed] = (await service.reservationAnalysis(caller, query(0.5, 'ignore'))).results;
    expect(billed?.recommendation?.instances).toBe(1);
    expect(billed?.recommendation?.savings).toBeCloseTo(168 * 4 * 0.024 * 0.5, 9);
    const what = await service.reservationAnalysis(caller, query(0.5));
    const [scheduled] = what.results;
    expect(scheduled?.hourly_units.filter((u) => Math.abs(u - 4) < 1e-9)).toHaveLength(60);
    // 0.096 ÷ 0.024 is 4 to the last bit or so: the stopped hours keep at most a rounding residue.
    expect(scheduled?.hourly_units.filter((u) => u < 1e-9)).toHaveLength(108);
    expect(scheduled?.recommendation?.instances).toBe(0);
    expect(what.schedules.removed_on_demand).toBeCloseTo(108 * 0.096, 9);
    // r = 0.3: the one m5.large still pays over the 60 hours: (60 − 168 × 0.3) × 4 units × $0.024 = $0.9216.
    const [cheap] = (await service.reservationAnalysis(caller, query(0.3))).results;
    expect(cheap?.recommendation?.instances).toBe(1);
    expect(cheap?.recommendation?.savings).toBeCloseTo(0.9216, 9);
  });
});
