import { cloudAccountsSchema } from '@finlens/contracts/cloud-accounts';
import {
  COMMITMENT_ALERT_DEFAULTS,
  commitmentAlertSettingsSchema,
  commitmentAlertsSchema,
  commitmentDashboardSchema,
  commitmentInventorySchema,
  convertibleAnalysisSchema,
  COMMITMENTS_PATHS as P,
  purchaseAnalysisSchema,
  RESERVATION_ANALYSIS_CSV_COLUMNS,
  rateTableSchema,
  reservationAnalysisSchema,
  SHARESAVE_CSV_COLUMNS,
  SHARESAVE_PARTNER_CSV_COLUMNS,
  shareSavePartnerSchema,
  shareSaveSchema,
} from '@finlens/contracts/commitments';
import { INVENTORY_PATHS } from '@finlens/contracts/inventory';
import { NOTIFICATION_PATHS } from '@finlens/contracts/notifications';
import { RECOMMENDATIONS_PATHS, recommendationsListSchema } from '@finlens/contracts/recommendations';
import { SCHEDULER_PATHS } from '@finlens/contracts/scheduler';
import { describe, expect, it } from 'vitest';
import { AWS_TEST_SETTINGS, clientWithBilling } from './billing-client';
import { expect400 } from './expect-400';
import { useServerWithMail } from './identity-fixtures';
import { until } from './until';

const context = useServerWithMail();
const HOUR = 3_600_000;
const OWNER = '111111111111';
const SHARER = '222222222222';
const ARN = 'arn:aws:ec2:us-east-1:111111111111:reserved-instances/0f0e0d0c-1111-2222-3333-444455556666';

// A hand-made legacy CUR of this month's first week (the month still open): one convertible m5.large reservation
// (No Upfront, $0.06/h, on-demand $0.096/h) ending in 20 days, used 84 of the week's 168 hours by two accounts —
// its RIFee reserves the whole month and counts as unused every hour not used yet, as an open month's does; a
// week of on-demand m5.large hours (two instances for 84 hours, one for 84); ten spot hours.
const RATE = 0.06;
const ON_DEMAND = 0.096;
const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
const end = new Date(Date.now() + 20 * 24 * HOUR);
const start = new Date(end.getTime() - 365 * 24 * HOUR);
const at = (hours: number) => new Date(month.getTime() + hours * HOUR).toISOString();
const MONTH_HOURS = (Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1) - month.getTime()) / HOUR;
const USED_HOURS = 84;

const HEADER = [
  'bill/BillingPeriodStartDate',
  'lineItem/LineItemType',
  'lineItem/UsageStartDate',
  'lineItem/UsageAccountId',
  'lineItem/ProductCode',
  'lineItem/UsageType',
  'lineItem/UsageAmount',
  'lineItem/NormalizedUsageAmount',
  'lineItem/UnblendedCost',
  'lineItem/CurrencyCode',
  'pricing/term',
  'pricing/publicOnDemandCost',
  'pricing/offeringClass',
  'product/region',
  'product/operatingSystem',
  'reservation/ReservationARN',
  'reservation/EffectiveCost',
  'reservation/TotalReservedUnits',
  'reservation/TotalReservedNormalizedUnits',
  'reservation/UnusedQuantity',
  'reservation/UnusedNormalizedUnitQuantity',
  'reservation/UnusedRecurringFee',
  'reservation/UnusedAmortizedUpfrontFeeForBillingPeriod',
  'reservation/AmortizedUpfrontFeeForBillingPeriod',
  'reservation/StartTime',
  'reservation/EndTime',
  'reservation/NumberOfReservations',
  'reservation/UpfrontValue',
];
type Cells = Partial<Record<(typeof HEADER)[number], string | number>>;
const line = (cells: Cells) => HEADER.map((h) => cells[h] ?? '').join(',');
const base = (hours: number, account: string, type: string, usageType: string): Cells => ({
  'bill/BillingPeriodStartDate': month.toISOString(),
  'lineItem/LineItemType': type,
  'lineItem/UsageStartDate': at(hours),
  'lineItem/UsageAccountId': account,
  'lineItem/ProductCode': 'AmazonEC2',
  'lineItem/UsageType': usageType,
  'lineItem/CurrencyCode': 'USD',
  'product/region': 'us-east-1',
});

const rows: Cells[] = [
  {
    ...base(0, OWNER, 'RIFee', 'HeavyUsage:m5.large'),
    // The reservation's platform (the fee row's product column; the usage rows name none here).
    'product/operatingSystem': 'Linux',
    'lineItem/UsageAmount': MONTH_HOURS,
    'lineItem/UnblendedCost': MONTH_HOURS * RATE,
    'reservation/ReservationARN': ARN,
    'reservation/TotalReservedUnits': MONTH_HOURS,
    'reservation/TotalReservedNormalizedUnits': 4 * MONTH_HOURS,
    'reservation/UnusedQuantity': MONTH_HOURS - USED_HOURS,
    'reservation/UnusedNormalizedUnitQuantity': 4 * (MONTH_HOURS - USED_HOURS),
    'reservation/UnusedRecurringFee': (MONTH_HOURS - USED_HOURS) * RATE,
    'reservation/UnusedAmortizedUpfrontFeeForBillingPeriod': 0,
    'reservation/AmortizedUpfrontFeeForBillingPeriod': 0,
    'reservation/StartTime': start.toISOString(),
    'reservation/EndTime': end.toISOString(),
    'reservation/NumberOfReservations': 1,
    'reservation/UpfrontValue': 0,
  },
  ...[OWNER, SHARER].map((account) => ({
    ...base(0, account, 'DiscountedUsage', 'BoxUsage:m5.large'),
    'lineItem/UsageAmount': USED_HOURS / 2,
    'lineItem/NormalizedUsageAmount': 2 * USED_HOURS,
    'lineItem/UnblendedCost': 0,
    'pricing/term': 'Reserved',
    'pricing/publicOnDemandCost': (USED_HOURS / 2) * ON_DEMAND,
    'pricing/offeringClass': 'convertible',
    'reservation/ReservationARN': ARN,
    'reservation/EffectiveCost': (USED_HOURS / 2) * RATE,
  })),
  ...Array.from({ length: 168 }, (_, h) => {
    const instances = h < 84 ? 2 : 1;
    return {
      ...base(h, SHARER, 'Usage', 'BoxUsage:m5.large'),
      'lineItem/UsageAmount': instances,
      'lineItem/NormalizedUsageAmount': 4 * instances,
      'lineItem/UnblendedCost': instances * ON_DEMAND,
      'pricing/term': 'OnDemand',
      'pricing/publicOnDemandCost': instances * ON_DEMAND,
    };
  }),
  {
    ...base(5, SHARER, 'Usage', 'SpotUsage:m5.large'),
    'lineItem/UsageAmount': 10,
    'lineItem/UnblendedCost': 0.3,
  },
];
const CSV = Buffer.from(`${[HEADER.join(','), ...rows.map(line)].join('\n')}\n`);

// The figures, by hand from the rows above: the open month counts only the week billed, 168 reserved hours of
// which 84 were unused (not the month's other hours, which are still to come).
const coveredOnDemand = USED_HOURS * ON_DEMAND;
const onDemand = 84 * 2 * ON_DEMAND + 84 * ON_DEMAND;
const used = USED_HOURS * RATE;
const unused = (168 - USED_HOURS) * RATE;
const odeTotal = coveredOnDemand + onDemand;
const actual = used + unused + onDemand;

// A FOCUS-only bill (AWS's FOCUS 1.0 export as it names commitments) of this month's first two days: a
// reservation (Usage category, in hours: 24 purchased a day at $0.06, used 20 then 10 hours — the second day by
// SHARER — at an on-demand $0.10, the rest unused) and a savings plan (Spend category, in USD: $2.40 a day, all
// used by SHARER for $3.60 of on-demand usage); one on-demand row without a commitment, which lists none.
const FOCUS_RI = 'arn:aws:ec2:us-east-1:111111111111:reserved-instances/focus-ri';
const FOCUS_SP = 'arn:aws:savingsplans::111111111111:savingsplan/focus-sp';
const FOCUS_HEADER = [
  'BillingPeriodStart',
  'BillingPeriodEnd',
  'ChargePeriodStart',
  'ChargePeriodEnd',
  'ChargeCategory',
  'ChargeFrequency',
  'PricingCategory',
  'SubAccountId',
  'ServiceName',
  'RegionId',
  'BilledCost',
  'EffectiveCost',
  'ListCost',
  'BillingCurrency',
  'CommitmentDiscountId',
  'CommitmentDiscountType',
  'CommitmentDiscountCategory',
  'CommitmentDiscountName',
  'CommitmentDiscountStatus',
  'CommitmentDiscountQuantity',
  'CommitmentDiscountUnit',
] as const;
type FocusCells = Partial<Record<(typeof FOCUS_HEADER)[number], string | number>>;
const focusDay = (day: number, cells: FocusCells): FocusCells => ({
  BillingPeriodStart: month.toISOString(),
  BillingPeriodEnd: new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1)).toISOString(),
  ChargePeriodStart: at(24 * day),
  ChargePeriodEnd: at(24 * day + 24),
  ServiceName: 'Amazon Elastic Compute Cloud',
  RegionId: 'us-east-1',
  BillingCurrency: 'USD',
  ...cells,
});
const focusRi = (day: number, cells: FocusCells) =>
  focusDay(day, {
    CommitmentDiscountId: FOCUS_RI,
    CommitmentDiscountType: 'Reserved Instance',
    CommitmentDiscountCategory: 'Usage',
    CommitmentDiscountName: 'web tier',
    CommitmentDiscountUnit: 'Hours',
    ...cells,
  });
const focusSp = (day: number, cells: FocusCells) =>
  focusDay(day, {
    CommitmentDiscountId: FOCUS_SP,
    CommitmentDiscountType: 'Savings Plan',
    CommitmentDiscountCategory: 'Spend',
    CommitmentDiscountName: 'compute',
    CommitmentDiscountUnit: 'USD',
    ...cells,
  });
const RI_USED = [20, 10];
const focusRows: FocusCells[] = [0, 1].flatMap((day) => {
  const usedHours = RI_USED[day] as number;
  const purchase = {
    ChargeCategory: 'Purchase',
    ChargeFrequency: 'Recurring',
    SubAccountId: OWNER,
    EffectiveCost: 0,
  };
  const usage = {
    ChargeCategory: 'Usage',
    ChargeFrequency: 'Usage-Based',
    PricingCategory: 'Committed',
    BilledCost: 0,
  };
  return [
    focusRi(day, { ...purchase, BilledCost: 24 * RATE, CommitmentDiscountQuantity: 24 }),
    focusRi(day, {
      ...usage,
      SubAccountId: day === 0 ? OWNER : SHARER,
      EffectiveCost: usedHours * RATE,
      ListCost: usedHours * 0.1,
      CommitmentDiscountStatus: 'Used',
      CommitmentDiscountQuantity: usedHours,
    }),
    focusRi(day, {
      ...usage,
      SubAccountId: OWNER,
      EffectiveCost: (24 - usedHours) * RATE,
      CommitmentDiscountStatus: 'Unused',
      CommitmentDiscountQuantity: 24 - usedHours,
    }),
    focusSp(day, { ...purchase, BilledCost: 2.4, CommitmentDiscountQuantity: 2.4 }),
    focusSp(day, {
      ...usage,
      SubAccountId: SHARER,
      EffectiveCost: 2.4,
      ListCost: 3.6,
      CommitmentDiscountStatus: 'Used',
      CommitmentDiscountQuantity: 2.4,
    }),
    focusDay(day, {
      ChargeCategory: 'Usage',
      ChargeFrequency: 'Usage-Based',
      PricingCategory: 'Standard',
      SubAccountId: SHARER,
      BilledCost: 0.5,
      EffectiveCost: 0.5,
      ListCost: 0.5,
    }),
  ];
});
const FOCUS_CSV = Buffer.from(
  `${[FOCUS_HEADER.join(','), ...focusRows.map((cells) => FOCUS_HEADER.map((h) => cells[h] ?? '').join(','))].join('\n')}\n`,
);

// The scheduled case: an account of the simulated cloud whose inventory holds one m5.large.
const SCHEDULED_ACCOUNT = AWS_TEST_SETTINGS.account_id;
const INSTANCE = 'i-0aaaaaaaaaaaaaaa1';
const SCHEDULED_SCENARIO = {
  version: 1,
  start: new Date(Date.now() - 86_400_000).toISOString(),
  regions: [{ name: 'us-east-1' }],
  accounts: [{ accountId: SCHEDULED_ACCOUNT }],
  resources: [
    {
      accountId: SCHEDULED_ACCOUNT,
      region: 'us-east-1',
      kind: 'ec2-instance',
      id: INSTANCE,
      instanceType: 'm5.large',
    },
  ],
};

/** One hour of INSTANCE on demand (m5.large, $0.096, 4 units) in its month's bill, with its resource id. */
const HOURLY_HEADER = [...HEADER, 'lineItem/ResourceId'];
function instanceHour(usageStart: Date): string {
  const cells: Record<string, string | number> = {
    ...base(0, SCHEDULED_ACCOUNT, 'Usage', 'BoxUsage:m5.large'),
    'bill/BillingPeriodStartDate': new Date(
      Date.UTC(usageStart.getUTCFullYear(), usageStart.getUTCMonth(), 1),
    ).toISOString(),
    'lineItem/UsageStartDate': usageStart.toISOString(),
    'lineItem/UsageAmount': 1,
    'lineItem/NormalizedUsageAmount': 4,
    'lineItem/UnblendedCost': ON_DEMAND,
    'pricing/term': 'OnDemand',
    'pricing/publicOnDemandCost': ON_DEMAND,
    'lineItem/ResourceId': INSTANCE,
  };
  return HOURLY_HEADER.map((column) => cells[column] ?? '').join(',');
}
const instanceBill = (lines: string[]) => Buffer.from(`${[HOURLY_HEADER.join(','), ...lines].join('\n')}\n`);

const near = (actualValue: number | null | undefined, expected: number, what: string) =>
  expect(
    Math.abs((actualValue ?? Number.NaN) - expected),
    `${what}: ${actualValue} vs ${expected}`,
  ).toBeLessThan(1e-9);

describe('commitment management', () => {
  it("describes the bill's reservation from its owner account (simulated), the bill's figures unchanged", async () => {
    // The same bill owned by the simulated cloud's account: its account describes the reservation exactly.
    const bill = Buffer.from(CSV.toString().replaceAll(OWNER, SCHEDULED_ACCOUNT));
    const { admin, projectId } = await clientWithBilling(context, 'commitments-enriched', bill);
    const arn = ARN.replace(OWNER, SCHEDULED_ACCOUNT);
    const exactStart = new Date(start.getTime() + 1234_000).toISOString();
    const scenario = {
      ...SCHEDULED_SCENARIO,
      reservations: [
        {
          service: 'ec2',
          id: arn.slice(arn.lastIndexOf('/') + 1),
          accountId: SCHEDULED_ACCOUNT,
          region: 'us-east-1',
          instanceType: 'm5.large',
          start: exactStart,
          offeringClass: 'convertible',
        },
      ],
    };
    const put = await admin.session.request('PUT', INVENTORY_PATHS.scenario(projectId), { body: scenario });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const inventory = commitmentInventorySchema.parse(
      (await admin.session.get(`${P.inventory}?project_ids=${projectId}`)).body,
    );
    expect(inventory.enrichment).toEqual({ status: 'ok', message: null, described: 1, refused: [] });
    const [ri] = inventory.reservations;
    expect(ri).toMatchObject({ arn, count: 1, start: start.toISOString(), end: end.toISOString() });
    near(ri?.utilisation, 0.5, 'utilisation');
    expect(ri?.from_account).toMatchObject({
      state: 'active',
      start: exactStart,
      end: new Date(Date.parse(exactStart) + 365 * 24 * HOUR).toISOString(),
      offering_class: 'convertible',
      scope: 'Region',
      platform: 'Linux/UNIX',
    });
  });

  it('reads the inventory, the dashboard, the purchase analysis and the convertible reservations from the bill', async () => {
    const { admin, projectId } = await clientWithBilling(context, 'commitments', CSV);
    const scoped = `project_ids=${projectId}`;

    const inventory = commitmentInventorySchema.parse(
      (await admin.session.get(`${P.inventory}?${scoped}`)).body,
    );
    expect(inventory.savings_plans).toEqual([]);
    const [ri, ...more] = inventory.reservations;
    expect(more).toEqual([]);
    expect(ri).toMatchObject({
      arn: ARN,
      owner_account: OWNER,
      service: 'AmazonEC2',
      instance_type: 'm5.large',
      platform: 'Linux',
      region: 'us-east-1',
      count: 1,
      term_years: 1,
      payment_option: 'No Upfront',
      offering_class: 'convertible',
      accounts: [OWNER, SHARER],
      normalised_units_per_hour: 4,
      start: start.toISOString(),
      end: end.toISOString(),
    });
    near(ri?.utilisation, 0.5, 'utilisation');
    near(ri?.recurring_hourly_per_instance, RATE, 'recurring');
    expect(ri?.days_to_expiry).toBeGreaterThanOrEqual(19);
    expect(inventory.expiries).toEqual([
      { arn: ARN, kind: 'reservation', end: end.toISOString(), days_to_expiry: ri?.days_to_expiry },
    ]);

    const last = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0));
    const range = `start_date=${month.toISOString().slice(0, 10)}&end_date=${last.toISOString().slice(0, 10)}`;
    const monthly = commitmentDashboardSchema.parse(
      (await admin.session.get(`${P.dashboard}?${scoped}&${range}&granularity=month`)).body,
    );
    expect(monthly.periods.map((p) => p.period)).toEqual([month.toISOString()]);
    const t = monthly.totals;
    near(t.on_demand_equivalent, odeTotal, 'on-demand equivalent');
    near(t.actual_cost, actual, 'actual');
    near(t.net_savings, odeTotal - actual, 'net savings');
    near(t.effective_savings_rate, (odeTotal - actual) / odeTotal, 'ESR');
    near(t.coverage, coveredOnDemand / odeTotal, 'coverage');
    near(t.utilisation, used / (used + unused), 'utilisation');
    near(t.unused_cost, unused, 'unused cost');
    near(t.spot_cost, 0.3, 'spot cost');
    expect(monthly.groups.map((g) => g.key)).toEqual([ARN]);
    expect(monthly.expiries.map((e) => e.arn)).toEqual([ARN]);

    // By day the monthly fee is spread over the billed days; the days add up to the month, the days to come
    // carry nothing.
    const daily = commitmentDashboardSchema.parse(
      (await admin.session.get(`${P.dashboard}?${scoped}&${range}&granularity=day&group_by=account`)).body,
    );
    expect(daily.periods.length).toBe(last.getUTCDate());
    near(
      daily.periods.reduce((s, p) => s + p.unused_cost, 0),
      unused,
      'daily unused cost adds up',
    );
    near(daily.periods[6]?.unused_cost, unused / 7, 'a billed day');
    expect(daily.periods[7]?.unused_cost).toBe(0);
    near(daily.totals.net_savings, t.net_savings, 'daily total');
    expect(daily.groups.map((g) => g.key).sort()).toEqual([OWNER, SHARER]);

    const analysis = purchaseAnalysisSchema.parse(
      (
        await admin.session.get(
          `${P.purchaseAnalysis}?${scoped}&look_back=7&term=1yr&payment_option=No%20Upfront`,
        )
      ).body,
    );
    expect(analysis.rate_source).toBe('bill');
    near(analysis.rate_ratio, RATE / ON_DEMAND, 'rate ratio');
    expect(analysis.hourly_on_demand.length).toBe(168);
    // The optimum covers one instance: two are needed in only half the hours, under the break-even 0.625.
    near(analysis.recommendation?.covered_on_demand_per_hour, ON_DEMAND, 'covered per hour');
    near(analysis.recommendation?.commitment, RATE, 'commitment');
    near(analysis.recommendation?.savings, 168 * ON_DEMAND - 168 * RATE, 'savings');
    near(analysis.recommendation?.break_even_utilisation, RATE / ON_DEMAND, 'break-even');
    expect(analysis.recommendation?.curve.length).toBeGreaterThan(10);

    // Reservations by normalised units: m5 in us-east-1 ran 8 units/h for 84 hours and 4 for 84 on demand at
    // $0.024 per unit-hour; the bill's EC2 reservations (1 year, No Upfront) give r = 0.625, so one m5.large
    // (4 units, used every hour) pays and a second (used half the hours, under 0.625) does not.
    const reserved = reservationAnalysisSchema.parse(
      (
        await admin.session.get(
          `${P.reservationAnalysis}?${scoped}&look_back=7&term=1yr&payment_option=No%20Upfront`,
        )
      ).body,
    );
    expect(reserved.results.map((r) => [r.service, r.region, r.family, r.instance_type])).toEqual([
      ['AmazonEC2', 'us-east-1', 'm5', 'm5.large'],
    ]);
    const [m5] = reserved.results;
    expect(m5?.rate_source).toBe('bill');
    near(m5?.rate_ratio, RATE / ON_DEMAND, 'RI rate ratio');
    near(m5?.on_demand_rate_per_unit, ON_DEMAND / 4, 'on-demand per unit-hour');
    expect(m5?.units_per_instance).toBe(4);
    expect(m5?.hourly_units.length).toBe(168);
    expect(m5?.hourly_units.slice(0, 84).every((u) => u === 8)).toBe(true);
    expect(m5?.hourly_units.slice(84).every((u) => u === 4)).toBe(true);
    expect(m5?.recommendation?.instances).toBe(1);
    near(m5?.recommendation?.normalised_units, 4, 'RI units');
    near(m5?.recommendation?.commitment, RATE, 'RI commitment $/h');
    near(m5?.recommendation?.savings, 168 * (ON_DEMAND - RATE), 'RI savings');
    near(m5?.recommendation?.expected_utilisation, 1, 'RI utilisation');
    near(m5?.recommendation?.expected_coverage, (168 * 4) / (84 * 8 + 84 * 4), 'RI coverage');
    // Without a reservation of that term the stated rate applies; without either there is no recommendation.
    const stated = reservationAnalysisSchema.parse(
      (
        await admin.session.get(
          `${P.reservationAnalysis}?${scoped}&look_back=7&term=3yr&payment_option=All%20Upfront&rate_ratio=0.4`,
        )
      ).body,
    );
    expect(stated.results[0]?.rate_source).toBe('stated');
    // Under r = 0.4 the second instance, used half the hours, pays too.
    expect(stated.results[0]?.recommendation?.instances).toBe(2);
    near(
      stated.results[0]?.recommendation?.savings,
      84 * 8 * (ON_DEMAND / 4) + 84 * 4 * (ON_DEMAND / 4) - 168 * 8 * 0.4 * (ON_DEMAND / 4),
      'stated savings',
    );
    // Without either, the documented rate table's: EC2 standard 3yr no upfront, 0.43 (an estimate); the second
    // instance, used half the hours, pays under it too.
    const table = reservationAnalysisSchema.parse(
      (await admin.session.get(`${P.reservationAnalysis}?${scoped}&look_back=7&term=3yr`)).body,
    );
    expect([table.results[0]?.rate_source, table.results[0]?.rate_provenance]).toEqual(['table', 'estimate']);
    expect(table.results[0]?.recommendation?.instances).toBe(2);
    near(
      table.results[0]?.recommendation?.savings,
      (84 * 8 + 84 * 4 - 168 * 8 * 0.43) * (ON_DEMAND / 4),
      'table savings',
    );
    const convertible = convertibleAnalysisSchema.parse(
      (await admin.session.get(`${P.convertible}?${scoped}`)).body,
    );
    expect(convertible.results.map((r) => r.arn)).toEqual([ARN]);
    const hoursLeft = (end.getTime() - Date.now()) / HOUR;
    expect(Math.abs((convertible.results[0]?.remaining_value ?? 0) - RATE * hoursLeft)).toBeLessThan(0.1);
    // The exchange: it is used for 2 of its 4 units/h, and m5.large runs 1,008 units over the week's 168 hours
    // on demand (6/h): 8 units/h wanted = two m5.large at its own $0.015 per unit-hour; the value rule asks for
    // one, the second is the true-up.
    const exchange = convertible.results[0]?.exchange;
    expect(exchange?.target_instance_type).toBe('m5.large');
    near(exchange?.wanted_units_per_hour, 8, 'wanted units');
    expect([exchange?.minimum_instances, exchange?.instances]).toEqual([1, 2]);
    expect(Math.abs((exchange?.true_up ?? 0) - RATE * hoursLeft)).toBeLessThan(0.1);
    near(exchange?.coverage_before, 0.25, 'coverage before');
    near(exchange?.coverage_after, 1, 'coverage after');
    near(exchange?.utilisation_after, 1, 'utilisation after');

    // Another client reads none of it.
    const other = await clientWithBilling(context, 'commitments-other', CSV);
    expect((await other.admin.session.get(`${P.inventory}?${scoped}`)).status).toBe(404);
    const theirs = commitmentInventorySchema.parse((await other.admin.session.get(P.inventory)).body);
    expect(theirs.reservations.map((r) => r.arn)).toEqual([ARN]);
  });

  it('names the alerts due — the reservation expiring — under settings an admin may change', async () => {
    const { admin, projectId } = await clientWithBilling(context, 'commitments-alerts', CSV);
    const alertsOf = async () =>
      commitmentAlertsSchema.parse((await admin.session.get(`${P.alerts}?project_ids=${projectId}`)).body);
    const due = await alertsOf();
    expect(due.settings).toEqual(COMMITMENT_ALERT_DEFAULTS);
    // Ending in 20 days (the 30-day notice); bought a year ago; no coverage history before this week. Used half
    // the hours the bill has reached: under the 80 % threshold.
    expect(due.alerts.map((a) => [a.kind, a.severity, a.arn])).toEqual([
      ['expiry', 'warning', ARN],
      ['utilisation', 'warning', ARN],
    ]);
    const [expiry] = due.alerts;
    expect(expiry?.key).toBe(`expiry:${ARN}:${end.toISOString()}:30`);
    expect(expiry?.days_left).toBeGreaterThan(19);
    expect(expiry?.days_left).toBeLessThanOrEqual(20);
    expect(expiry?.subject).toBe('m5.large × 1 (AmazonEC2, us-east-1) expires in 20 days');

    const settings = {
      expiry_days: [14, 60],
      utilisation_below: 0.4,
      coverage_drop_points: 0.2,
      purchase_days: 7,
    };
    const saved = await admin.session.request('PUT', P.alertSettings, { body: settings });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(commitmentAlertSettingsSchema.parse(saved.body).expiry_days).toEqual([60, 14]);
    expect((await admin.session.get(P.alertSettings)).body).toMatchObject({ utilisation_below: 0.4 });
    // 20 days left reached the 60-day notice now; half used is above 40 %.
    expect((await alertsOf()).alerts.map((a) => a.key)).toEqual([`expiry:${ARN}:${end.toISOString()}:60`]);

    const bad = (body: object) =>
      admin.session.request('PUT', P.alertSettings, { body: { ...settings, ...body } });
    await expect400(bad({ utilisation_below: 1.5 }), 'utilisation_below');
    await expect400(bad({ expiry_days: [] }), 'expiry_days');
    await expect400(bad({ expiry_days: [30, 0] }), 'expiry_days.1');
    await expect400(bad({ coverage_drop_points: 0 }), 'coverage_drop_points');
    await expect400(bad({ purchase_days: 2.5 }), 'purchase_days');
    await expect400(admin.session.get(`${P.alerts}?project_ids=`), 'project_ids');
    expect((await admin.session.get(P.alertSettings)).body).toMatchObject({ utilisation_below: 0.4 });
  });

  it('exports the reservation analysis as CSV: one line per curve with the figures of the JSON answer', async () => {
    const { admin, projectId } = await clientWithBilling(context, 'commitments-csv', CSV);
    const query = `${P.reservationAnalysis}?project_ids=${projectId}&look_back=7&term=1yr&payment_option=No%20Upfront`;
    const [m5] = reservationAnalysisSchema.parse((await admin.session.get(query)).body).results;
    const answer = await admin.session.get(`${query}&format=csv`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.headers.get('content-disposition')).toContain('reserved-instances-to-buy.csv');
    const [header, ...lines] = String(answer.body).trim().split('\n');
    expect(header).toBe(RESERVATION_ANALYSIS_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(1);
    const buy = m5?.recommendation;
    const expected = [
      m5?.service,
      m5?.region,
      m5?.operating_system,
      m5?.tenancy,
      m5?.licence_model,
      m5?.family,
      m5?.size_flexible,
      m5?.instance_type,
      m5?.units_per_instance,
      m5?.on_demand_rate_per_unit,
      m5?.rate_ratio,
      m5?.rate_source,
      m5?.rate_provenance,
      buy?.instances,
      buy?.normalised_units,
      buy?.commitment,
      buy?.savings,
      buy?.on_demand_cost,
      buy?.break_even_utilisation,
      buy?.expected_utilisation,
      buy?.expected_coverage,
    ].map((value) => (value === null || value === undefined ? '' : String(value)));
    expect(lines[0]?.split(',')).toEqual(expected);
    // The row by hand: one m5.large (4 units) at the bill's $0.06/h saves 168 × (0.096 − 0.06).
    const cell = (column: (typeof RESERVATION_ANALYSIS_CSV_COLUMNS)[number]) =>
      lines[0]?.split(',')[RESERVATION_ANALYSIS_CSV_COLUMNS.indexOf(column)];
    expect([cell('service'), cell('family'), cell('instances'), cell('rate_source')]).toEqual([
      'AmazonEC2',
      'm5',
      '1',
      'bill',
    ]);
    near(Number(cell('savings')), 168 * (ON_DEMAND - RATE), 'CSV savings');
    await expect400(admin.session.get(`${query}&format=xlsx`), 'format');
  });

  it('takes an admin’s own rate table figures before the documented ones', async () => {
    const { admin, projectId } = await clientWithBilling(context, 'commitments-rates', CSV);
    // 3yr All Upfront: the bill has no commitment of that term, so both analyses read the rate table.
    const query = `?project_ids=${projectId}&look_back=7&term=3yr&payment_option=All%20Upfront`;
    const m5Of = async (session: typeof admin.session) =>
      reservationAnalysisSchema.parse((await session.get(`${P.reservationAnalysis}${query}`)).body)
        .results[0];
    const before = await m5Of(admin.session);
    expect([before?.rate_ratio, before?.rate_source, before?.rate_provenance]).toEqual([
      0.39,
      'table',
      'estimate',
    ]);
    // At 0.39 the second instance (84 of 168 hours) pays: 168 × 0.39 × 0.096 < 84 × 0.096.
    expect(before?.recommendation?.instances).toBe(2);
    const initial = rateTableSchema.parse((await admin.session.get(P.rateOverrides)).body);
    expect(initial.overrides).toEqual([]);
    expect(initial.table).toContainEqual({
      kind: 'ec2_standard_ri',
      term: '3yr',
      payment_option: 'All Upfront',
      rate_ratio: 0.39,
      provenance: 'estimate',
    });

    const overrides = [
      { kind: 'ec2_standard_ri', term: '3yr', payment_option: 'All Upfront', rate_ratio: 0.6 },
      { kind: 'compute_savings_plan', term: '3yr', payment_option: 'All Upfront', rate_ratio: 0.55 },
    ];
    const saved = await admin.session.request('PUT', P.rateOverrides, { body: { overrides } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const table = rateTableSchema.parse((await admin.session.get(P.rateOverrides)).body);
    expect(table.overrides).toEqual([overrides[1], overrides[0]]);
    expect(table.updated_at).not.toBeNull();

    // At 0.6 the second instance no longer pays (168 × 0.6 × 0.096 > 84 × 0.096): one, saving 168 × 0.4 × 0.096.
    const after = await m5Of(admin.session);
    expect([after?.rate_ratio, after?.rate_source, after?.rate_provenance]).toEqual([0.6, 'table', 'admin']);
    expect(after?.recommendation?.instances).toBe(1);
    near(after?.recommendation?.savings, 168 * 0.4 * ON_DEMAND, 'savings at the admin’s rate');
    const plan = purchaseAnalysisSchema.parse(
      (await admin.session.get(`${P.purchaseAnalysis}${query}`)).body,
    );
    expect([plan.rate_ratio, plan.rate_source, plan.rate_provenance]).toEqual([0.55, 'table', 'admin']);
    // Where the bill has its own rate (1yr No Upfront), the bill's still comes first.
    const fromBill = reservationAnalysisSchema.parse(
      (await admin.session.get(`${P.reservationAnalysis}?project_ids=${projectId}&look_back=7`)).body,
    ).results[0];
    expect(fromBill?.rate_source).toBe('bill');

    const put = (override: object) =>
      admin.session.request('PUT', P.rateOverrides, {
        body: { overrides: [{ ...overrides[0], ...override }] },
      });
    await expect400(put({ rate_ratio: 0 }), 'overrides.0.rate_ratio');
    await expect400(put({ rate_ratio: 1.2 }), 'overrides.0.rate_ratio');
    await expect400(put({ kind: 'ec2_convertible_ri' }), 'overrides.0.kind');
    await expect400(put({ term: '5yr' }), 'overrides.0.term');
    await expect400(put({ payment_option: 'Monthly' }), 'overrides.0.payment_option');
    await expect400(
      admin.session.request('PUT', P.rateOverrides, { body: { overrides: [overrides[0], overrides[0]] } }),
      'overrides.1',
    );
    await expect400(admin.session.request('PUT', P.rateOverrides, { body: {} }), 'overrides');
    // The refused saves left the figures as they were; an empty list restores the table.
    expect(rateTableSchema.parse((await admin.session.get(P.rateOverrides)).body).overrides).toHaveLength(2);
    await admin.session.request('PUT', P.rateOverrides, { body: { overrides: [] } });
    expect((await m5Of(admin.session))?.rate_provenance).toBe('estimate');
  });

  it('takes a stored schedule out of the look-back, and follows the schedule when it changes', async () => {
    // June 2026 (30 days): the simulated cloud's m5.large i-0aaaaaaaaaaaaaaa1 ran on demand every hour at $0.096,
    // so the scheduler's pre-flight estimate gives it $0.096 an hour. The week looked back on (24–30 June) has
    // five weekdays: office hours in UTC (Monday–Friday 08:00–20:00) run it 60 of its 168 hours.
    const june = Date.UTC(2026, 5, 1);
    const hourly = Array.from({ length: 30 * 24 }, (_, h) => instanceHour(new Date(june + h * HOUR)));
    const { admin, projectId } = await clientWithBilling(
      context,
      'commitments-schedules',
      instanceBill(hourly),
    );
    const s = admin.session;
    await s.request('PUT', INVENTORY_PATHS.scenario(projectId), { body: SCHEDULED_SCENARIO });
    await s.post(INVENTORY_PATHS.collectNow(projectId));
    await until(
      async () => cloudAccountsSchema.parse((await s.get('/c/cloud_accounts/')).body),
      (list) => list.find((a) => a.id === projectId)?.inventory?.last_pass?.status === 'succeeded',
    );
    const body = {
      schedule_name: 'Office hours',
      project: projectId,
      time_zone: 'UTC',
      resources: { ec2: [INSTANCE] },
    };
    const created = await s.post(SCHEDULER_PATHS.schedules, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const scheduleId = (created.body as { id: string }).id;
    const ask = async (schedules: 'apply' | 'ignore') =>
      purchaseAnalysisSchema.parse(
        (
          await s.get(
            `${P.purchaseAnalysis}?project_ids=${projectId}&look_back=7&rate_ratio=0.3&schedules=${schedules}`,
          )
        ).body,
      );

    const billed = await ask('ignore');
    const applied = await ask('apply');
    expect(billed.window).toEqual(applied.window);
    expect(applied.window.start).toBe('2026-06-24T00:00:00.000Z');
    // As billed, one instance every hour: commit 0.3 × $0.096, save 168 × 0.096 × 0.7 = $11.2896.
    near(billed.recommendation?.savings, 168 * ON_DEMAND * 0.7, 'savings as billed');
    expect([billed.schedules.applied, billed.schedules.removed_on_demand]).toEqual([false, 0]);
    // The schedule stops it 108 hours of the week ($10.368 out of the curve); over the 60 hours left the same
    // commitment saves 60 × 0.096 − 168 × 0.3 × 0.096 = $0.9216 — $10.368 less than the bill alone says.
    expect(applied.schedules).toMatchObject({
      applied: true,
      schedules: [{ id: scheduleId, name: 'Office hours', stopped_hours_per_week: 108, resources: 1 }],
      stopped_resource_hours_per_week: 108,
    });
    near(applied.schedules.removed_on_demand, 108 * ON_DEMAND, 'removed on demand');
    expect(applied.hourly_on_demand.filter((x) => x > 0)).toHaveLength(60);
    near(applied.recommendation?.commitment, 0.3 * ON_DEMAND, 'commitment with the schedule');
    near(
      applied.recommendation?.savings,
      60 * ON_DEMAND - 168 * 0.3 * ON_DEMAND,
      'savings with the schedule',
    );
    near(
      (billed.recommendation?.savings ?? 0) - (applied.recommendation?.savings ?? 0),
      108 * ON_DEMAND,
      'difference',
    );

    // Disabled, the schedule leaves the what-if at once (the kept answer follows the schedule's settings).
    const patched = await s.request('PATCH', SCHEDULER_PATHS.schedule(scheduleId), {
      body: { ...body, enabled: false },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const disabled = await ask('apply');
    expect(disabled.schedules.schedules).toEqual([]);
    near(disabled.recommendation?.savings, 168 * ON_DEMAND * 0.7, 'savings once disabled');
  });

  it('takes a recommendation not yet applied out of the look-back in the hours its resource ran; ignore leaves it in', async () => {
    // 40 days to yesterday: the simulated cloud's idle m5.large i-0aaaaaaaaaaaaaaa1 billed on demand at $0.096
    // in the first 12 hours of each day (UTC), not in the other 12. The idle rule prices it from the bill:
    // 12 × $0.096 a day × 30.4375 = $35.064 a month on demand — $0.048 an hour of a 730.5-hour month, $0.096 an
    // hour it ran.
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const first = today - 40 * 24 * HOUR;
    const hourly = Array.from({ length: 40 * 24 }, (_, h) => h)
      .filter((h) => h % 24 < 12)
      .map((h) => instanceHour(new Date(first + h * HOUR)));
    const { admin, projectId } = await clientWithBilling(
      context,
      'commitments-recommendations',
      instanceBill(hourly),
    );
    const s = admin.session;
    const idle = {
      ...SCHEDULED_SCENARIO,
      start: new Date(Date.now() - 15 * 86_400_000).toISOString(),
      resources: [{ ...SCHEDULED_SCENARIO.resources[0], metrics: { profile: 'idle' } }],
    };
    expect((await s.request('PUT', INVENTORY_PATHS.scenario(projectId), { body: idle })).status).toBe(200);
    await s.post(INVENTORY_PATHS.collectNow(projectId));
    await until(
      async () => cloudAccountsSchema.parse((await s.get('/c/cloud_accounts/')).body),
      (list) => list.find((a) => a.id === projectId)?.inventory?.last_pass?.status === 'succeeded',
    );
    const found = await until(
      async () => recommendationsListSchema.parse((await s.get(RECOMMENDATIONS_PATHS.list)).body),
      (list) => list.results.some((r) => r.type === 'ec2-idle'),
      120_000,
    );
    const recommendation = found.results.find((r) => r.type === 'ec2-idle');
    expect(recommendation?.resource_id).toBe(INSTANCE);
    const monthly = 12 * ON_DEMAND * 30.4375;
    near(recommendation?.saving.on_demand_monthly_saving, monthly, 'the recommendation’s monthly saving');
    const ask = async (recommendations: 'apply' | 'ignore') =>
      purchaseAnalysisSchema.parse(
        (
          await s.get(
            `${P.purchaseAnalysis}?project_ids=${projectId}&look_back=7&rate_ratio=0.3&recommendations=${recommendations}`,
          )
        ).body,
      );

    const billed = await ask('ignore');
    const applied = await ask('apply');
    expect(billed.window).toEqual(applied.window);
    // As billed: $0.096 in 84 of the week's 168 hours; at 0.3 of on demand a commitment covering it pays (used
    // half the hours > 0.3): 84 × 0.096 − 168 × 0.3 × 0.096 = $3.2256 saved.
    expect(billed.hourly_on_demand.filter((x) => x > 0)).toHaveLength(84);
    near(billed.recommendation?.savings, 84 * ON_DEMAND - 168 * 0.3 * ON_DEMAND, 'savings as billed');
    expect(billed.recommendations).toMatchObject({
      applied: false,
      count: 1,
      by_type: [{ type: 'ec2-idle', count: 1 }],
      removed_on_demand: 0,
    });
    // Applied: the idle instance's $0.096 leaves each hour it ran — nothing is left to commit to. (Spread over
    // every hour at $0.048, as before, half of it stayed in the hours it ran: a commitment still paid.)
    expect(applied.recommendations).toMatchObject({ applied: true, count: 1 });
    near(applied.recommendations.by_type[0]?.on_demand_monthly_saving, monthly, 'summary saving');
    near(applied.recommendations.removed_on_demand, 84 * ON_DEMAND, 'removed on demand');
    expect(applied.hourly_on_demand.every((x) => Math.abs(x) < 1e-9)).toBe(true);
    near(applied.recommendation?.commitment, 0, 'commitment with the recommendation');
    near(applied.recommendation?.savings, 0, 'savings with the recommendation');
    // The reserved-instance analysis follows the same what-if.
    const reserved = async (recommendations: 'apply' | 'ignore') =>
      reservationAnalysisSchema.parse(
        (
          await s.get(
            `${P.reservationAnalysis}?project_ids=${projectId}&look_back=7&rate_ratio=0.3&recommendations=${recommendations}`,
          )
        ).body,
      );
    const [asBilled] = (await reserved('ignore')).results;
    const [withIt] = (await reserved('apply')).results;
    expect(asBilled?.hourly_units.filter((u) => u > 0)).toHaveLength(84);
    expect(withIt?.hourly_units.every((u) => Math.abs(u) < 1e-9)).toBe(true);
    expect(withIt?.recommendation?.instances).toBe(0);
  }, 240_000);

  it('ShareSave: invisible without sharesave_allowed; with it each month’s realised savings, the share, the fee, CSV', async () => {
    const { admin, projectId } = await clientWithBilling(context, 'commitments-sharesave', CSV);
    const s = admin.session;
    expect((await s.get(P.shareSave)).status).toBe(404);
    expect((await s.request('PUT', P.shareSave, { body: { share: 0.2 } })).status).toBe(404);
    await context.server.appDb
      .updateTable('clients')
      .set({ sharesave_allowed: true })
      .where('id', '=', admin.profile.client_id ?? '')
      .execute();
    const report = async () =>
      shareSaveSchema.parse((await s.get(`${P.shareSave}?project_ids=${projectId}&months=2`)).body);
    // This month the reservation cost more than the on-demand hours it covered: $8.064 of on-demand equivalent
    // for $10.08 of fees (84 hours used, 84 unused) — a $2.016 loss; last month had no bill.
    const thisMonth = month.toISOString().slice(0, 7);
    const lastMonth = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() - 1, 1))
      .toISOString()
      .slice(0, 7);
    const unset = await report();
    expect(unset.share).toBeNull();
    expect(unset.months.map((m) => [m.month, m.partner_fee])).toEqual([
      [thisMonth, null],
      [lastMonth, null],
    ]);
    near(unset.months[0]?.realised_savings, coveredOnDemand - used - unused, 'realised savings');
    expect(unset.months[1]?.realised_savings).toBe(0);

    const saved = await s.request('PUT', P.shareSave, { body: { share: 0.2 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const agreed = await report();
    expect(agreed.share).toBe(0.2);
    // A loss earns no fee: the client keeps (bears) all of it.
    expect(agreed.months[0]?.partner_fee).toBe(0);
    near(agreed.months[0]?.client_net_saving, coveredOnDemand - used - unused, 'client net');
    near(agreed.totals.realised_savings, coveredOnDemand - used - unused, 'total');
    const csv = await s.get(`${P.shareSave}?project_ids=${projectId}&months=2&format=csv`);
    const [header, ...lines] = String(csv.body).trim().split('\n');
    expect(header?.split(',')).toEqual([...SHARESAVE_CSV_COLUMNS]);
    expect(lines.map((l) => l.split(',')[0])).toEqual([thisMonth, lastMonth]);
    await expect400(s.request('PUT', P.shareSave, { body: { share: 1.5 } }), 'share');
    await expect400(s.get(`${P.shareSave}?months=14`), 'months');
    expect(shareSaveSchema.parse((await s.get(P.shareSave)).body).share).toBe(0.2);

    // The partner view: a partner user sees this client's report among its clients', and the totals.
    expect((await s.get(P.shareSavePartner)).status).toBe(403);
    const founded = await s.post('/app_partner/partner/', { name: 'Savings Partners' });
    expect(founded.status, JSON.stringify(founded.body)).toBe(201);
    const partnerId = (founded.body as { id: string }).id;
    await context.server.appDb
      .updateTable('clients')
      .set({ partner_id: partnerId })
      .where('id', '=', admin.profile.client_id ?? '')
      .execute();
    const partnerView = shareSavePartnerSchema.parse((await s.get(`${P.shareSavePartner}?months=2`)).body);
    expect(partnerView.partner).toBe(partnerId);
    expect(partnerView.clients.map((c) => [c.client_id, c.share])).toEqual([[admin.profile.client_id, 0.2]]);
    // The partner reads every project of the client, the same months as the client's own report.
    expect(partnerView.clients[0]?.months).toEqual(agreed.months);
    near(partnerView.totals.realised_savings, coveredOnDemand - used - unused, 'partner total');
    expect(partnerView.totals.partner_fee).toBe(0);
    // Its CSV: one line per client with the screen's columns.
    const partnerCsv = await s.get(`${P.shareSavePartner}?months=2&format=csv`);
    expect(partnerCsv.status).toBe(200);
    const [partnerHeader, ...partnerLines] = String(partnerCsv.body).trim().split('\n');
    expect(partnerHeader?.split(',')).toEqual([...SHARESAVE_PARTNER_CSV_COLUMNS]);
    expect(partnerLines.map((l) => l.split(',').at(-1))).toEqual(['2']);
    await expect400(s.get(`${P.shareSavePartner}?months=0`), 'months');
    await expect400(s.get(`${P.shareSavePartner}?format=xml`), 'format');
    // A client of the partner without ShareSave is not in the view.
    await context.server.appDb
      .updateTable('clients')
      .set({ sharesave_allowed: false })
      .where('id', '=', admin.profile.client_id ?? '')
      .execute();
    expect(shareSavePartnerSchema.parse((await s.get(P.shareSavePartner)).body)).toMatchObject({
      clients: [],
      totals: { realised_savings: 0, partner_fee: null, client_net_saving: null },
    });
  });

  it('lists the commitment discounts of a FOCUS-only bill with their type, category, quantities and figures', async () => {
    const { admin, projectId } = await clientWithBilling(context, 'commitments-focus', FOCUS_CSV);
    const inventory = commitmentInventorySchema.parse(
      (await admin.session.get(`${P.inventory}?project_ids=${projectId}`)).body,
    );
    // No RIFee or savings plan fee rows: FOCUS lists its commitments in its own columns.
    expect([inventory.reservations, inventory.savings_plans, inventory.expiries]).toEqual([[], [], []]);
    const period = month.toISOString().slice(0, 10);
    const [ri, sp, ...more] = inventory.commitment_discounts;
    expect(more).toEqual([]);
    expect(ri).toMatchObject({
      id: FOCUS_RI,
      name: 'web tier',
      type: 'Reserved Instance',
      category: 'Usage',
      unit: 'Hours',
      owner_account: OWNER,
      accounts: [OWNER, SHARER],
      first_period: period,
      last_period: period,
    });
    // 48 hours bought at $0.06, 30 used (on demand $0.10 an hour), 18 unused.
    near(ri?.purchase_cost, 48 * RATE, 'RI purchase cost');
    near(ri?.purchased_quantity, 48, 'RI purchased');
    near(ri?.used_quantity, 30, 'RI used');
    near(ri?.unused_quantity, 18, 'RI unused');
    near(ri?.utilisation, 30 / 48, 'RI utilisation');
    near(ri?.effective_cost, 48 * RATE, 'RI effective cost');
    near(ri?.on_demand_equivalent, 30 * 0.1, 'RI on-demand equivalent');
    near(ri?.net_savings, 30 * 0.1 - 48 * RATE, 'RI net savings');
    expect(sp).toMatchObject({
      id: FOCUS_SP,
      type: 'Savings Plan',
      category: 'Spend',
      unit: 'USD',
      owner_account: OWNER,
      accounts: [SHARER],
    });
    near(sp?.purchase_cost, 4.8, 'SP purchase cost');
    near(sp?.utilisation, 1, 'SP utilisation');
    near(sp?.unused_quantity, 0, 'SP unused');
    near(sp?.net_savings, 7.2 - 4.8, 'SP net savings');
  });

  it('a coverage drop and a newly bought reservation reach the admin by email once the bill shows them', async () => {
    // From the first day of the month before yesterday's through yesterday: one m5.large reserved and used all day
    // every day; in the last 7 days two more m5.large on demand (coverage 24 / (24 + 48) = 1/3 against 1 in the
    // days before); an m5.xlarge reservation bought 3 days ago, not used yet.
    const DAY = 24 * HOUR;
    const newest = new Date(Math.floor(Date.now() / DAY) * DAY - DAY);
    const first = new Date(Date.UTC(newest.getUTCFullYear(), newest.getUTCMonth() - 1, 1));
    const days = Math.round((newest.getTime() - first.getTime()) / DAY) + 1;
    const periodOf = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
    const periodEnd = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
    const bought = new Date(Date.now() - 3 * DAY);
    const NEW_ARN = 'arn:aws:ec2:us-east-1:111111111111:reserved-instances/bought-this-week';
    const dayCells = (day: Date, type: string, usageType: string): Cells => ({
      ...base(0, SHARER, type, usageType),
      'bill/BillingPeriodStartDate': periodOf(day).toISOString(),
      'lineItem/UsageStartDate': day.toISOString(),
    });
    const fee = (
      period: Date,
      arn: string,
      usageType: string,
      from: Date,
      usedHours: number,
      units: number,
    ) => {
      const reserved = (periodEnd(period).getTime() - Math.max(from.getTime(), period.getTime())) / HOUR;
      return {
        ...dayCells(period, 'RIFee', usageType),
        'lineItem/UsageAccountId': OWNER,
        'lineItem/UsageAmount': reserved,
        'lineItem/UnblendedCost': reserved * RATE,
        'reservation/ReservationARN': arn,
        'reservation/TotalReservedUnits': reserved,
        'reservation/TotalReservedNormalizedUnits': units * reserved,
        'reservation/UnusedQuantity': reserved - usedHours,
        'reservation/UnusedNormalizedUnitQuantity': units * (reserved - usedHours),
        'reservation/UnusedRecurringFee': (reserved - usedHours) * RATE,
        'reservation/UnusedAmortizedUpfrontFeeForBillingPeriod': 0,
        'reservation/AmortizedUpfrontFeeForBillingPeriod': 0,
        'reservation/StartTime': from.toISOString(),
        'reservation/EndTime': new Date(from.getTime() + 365 * DAY).toISOString(),
        'reservation/NumberOfReservations': 1,
        'reservation/UpfrontValue': 0,
      };
    };
    const lines: Cells[] = [];
    const usedIn = new Map<number, number>();
    for (let i = 0; i < days; i++) {
      const day = new Date(first.getTime() + i * DAY);
      lines.push({
        ...dayCells(day, 'DiscountedUsage', 'BoxUsage:m5.large'),
        'lineItem/UsageAmount': 24,
        'lineItem/NormalizedUsageAmount': 96,
        'lineItem/UnblendedCost': 0,
        'pricing/term': 'Reserved',
        'pricing/publicOnDemandCost': 24 * ON_DEMAND,
        'reservation/ReservationARN': ARN,
        'reservation/EffectiveCost': 24 * RATE,
      });
      usedIn.set(periodOf(day).getTime(), (usedIn.get(periodOf(day).getTime()) ?? 0) + 24);
      if (i >= days - 7)
        lines.push({
          ...dayCells(day, 'Usage', 'BoxUsage:m5.large'),
          'lineItem/UsageAmount': 48,
          'lineItem/NormalizedUsageAmount': 192,
          'lineItem/UnblendedCost': 48 * ON_DEMAND,
          'pricing/term': 'OnDemand',
          'pricing/publicOnDemandCost': 48 * ON_DEMAND,
        });
    }
    for (const [period, usedHours] of usedIn)
      lines.push(fee(new Date(period), ARN, 'HeavyUsage:m5.large', start, usedHours, 4));
    lines.push(fee(periodOf(bought), NEW_ARN, 'HeavyUsage:m5.xlarge', bought, 0, 8));
    const bill = Buffer.from(`${[HEADER.join(','), ...lines.map(line)].join('\n')}\n`);

    // An admin who reads commitment notices by email, then the bill.
    const { admin } = await clientWithBilling(context, 'commitments-notices', bill, async (signedUp) => {
      const preferences = await signedUp.session.request('PUT', NOTIFICATION_PATHS.preferences, {
        body: { email_sources: ['commitment'], email_frequency: 'immediately' },
      });
      expect(preferences.status).toBe(200);
    });

    const due = commitmentAlertsSchema.parse((await admin.session.get(P.alerts)).body);
    expect(due.newest_day).toBe(newest.toISOString().slice(0, 10));
    const coverage = due.alerts.find((a) => a.kind === 'coverage');
    near(coverage?.coverage_previous, 1, 'coverage of the 28 days before');
    near(coverage?.coverage_current, 1 / 3, 'coverage of the last 7 days');
    expect(coverage?.key).toBe(`coverage:${due.newest_day?.slice(0, 7)}`);
    const purchase = due.alerts.find((a) => a.kind === 'purchase');
    expect(purchase).toMatchObject({ arn: NEW_ARN, severity: 'info' });
    expect(due.alerts.filter((a) => a.kind === 'purchase')).toHaveLength(1);

    // The import's alert scan mails each of them to the admin.
    const subjects = [
      'Commitment coverage dropped from 100.0% to 33.3%',
      'New commitment: m5.xlarge × 1 (AmazonEC2, us-east-1)',
    ];
    const mailed = await until(
      async () => context.smtp.messages.filter((m) => m.to.includes(admin.email)).map((m) => m.subject),
      (got) => subjects.every((subject) => got.some((g) => g.includes(subject))),
      60_000,
    );
    for (const subject of subjects) expect(mailed.filter((g) => g.includes(subject))).toHaveLength(1);
  });

  it('bad parameters are a 400 naming the field', async () => {
    const { admin } = await clientWithBilling(context, 'commitments-bad', CSV);
    await expect400(
      admin.session.get(`${P.dashboard}?start_date=2026-01-01&end_date=2026-03-31&granularity=hour`),
      'granularity',
    );
    await expect400(admin.session.get(`${P.dashboard}?end_date=2026-03-31`), 'start_date');
    await expect400(
      admin.session.get(`${P.dashboard}?start_date=2026-01-01&end_date=2026-01-31&group_by=team`),
      'group_by',
    );
    await expect400(admin.session.get(`${P.purchaseAnalysis}?look_back=14`), 'look_back');
    await expect400(admin.session.get(`${P.purchaseAnalysis}?rate_ratio=2`), 'rate_ratio');
    await expect400(admin.session.get(`${P.purchaseAnalysis}?payment_option=Monthly`), 'payment_option');
    await expect400(admin.session.get(`${P.reservationAnalysis}?look_back=90`), 'look_back');
    await expect400(admin.session.get(`${P.reservationAnalysis}?term=5yr`), 'term');
    await expect400(admin.session.get(`${P.purchaseAnalysis}?schedules=yes`), 'schedules');
    await expect400(admin.session.get(`${P.reservationAnalysis}?schedules=`), 'schedules');
    await expect400(admin.session.get(`${P.purchaseAnalysis}?recommendations=all`), 'recommendations');
    await expect400(admin.session.get(`${P.convertible}?utilisation_below=-1`), 'utilisation_below');
  });
});
