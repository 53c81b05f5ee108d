import { COST_EXPLORER_PATHS, dimensionDailyCostResultSchema } from '@finlens/contracts/cost-explorer';
import { costQueryToParams } from '@finlens/contracts/cost-query';
import {
  type ChangeInsight,
  INSIGHTS_PATH,
  type Insight,
  type Insights,
  insightsSchema,
  type ShiftInsight,
} from '@finlens/contracts/insights';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientWithBilling } from './billing-client';
import { expect400 } from './expect-400';
import { useServerWithMail } from './identity-fixtures';

const context = useServerWithMail();
// The server's clock is the real one: the data is dated relative to today.
const now = new Date();
/** The UTC day `offset` days from today (YYYY-MM-DD). */
const day = (offset: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset))
    .toISOString()
    .slice(0, 10);

/** [service, account, usage type, region, first day offset, last day offset, cost a day] */
type Line = [string, string, string, string, number, number, number];
const A1 = '111111111111';
const A2 = '222222222222';

/**
 * This period: the last 7 days (-7 … -1); the previous one -14 … -8; lookback 3 periods: -28 … -8.
 *   EC2 on demand in us-east-1 falls from 70 to 14 while EC2 spot in eu-west-1 appears (63): spend moves
 *   between regions and purchase options, EC2 itself only +7 (10 %, under the 10-unit threshold).
 *   S3 flat (35 / 35); Lambda new (28); RDS gone (10 → 0); CloudWatch +3.5 (noise);
 *   KMS +21 but had cost in the lookback (-20 … -15), so it is not new.
 */
const LINES: Line[] = [
  ['AmazonEC2', A1, 'BoxUsage:m5.large', 'us-east-1', -28, -8, 10],
  ['AmazonEC2', A1, 'BoxUsage:m5.large', 'us-east-1', -7, -1, 2],
  ['AmazonEC2', A1, 'SpotUsage:m5.large', 'eu-west-1', -7, -1, 9],
  ['AmazonS3', A2, 'TimedStorage-ByteHrs', 'us-east-1', -28, -1, 5],
  ['AWSLambda', A2, 'Request', 'eu-west-1', -7, -1, 4],
  ['AmazonRDS', A2, 'InstanceUsage:db.t3.micro', 'us-east-1', -12, -8, 2],
  ['AmazonCloudWatch', A1, 'MetricMonitorUsage', 'us-east-1', -14, -8, 1],
  ['AmazonCloudWatch', A1, 'MetricMonitorUsage', 'us-east-1', -7, -1, 1.5],
  ['awskms', A1, 'KMS-Requests', 'eu-west-1', -20, -15, 1],
  ['awskms', A1, 'KMS-Requests', 'eu-west-1', -7, -1, 3],
];

function curCsv(lines: Line[]): Buffer {
  const rows = [
    'lineItem/LineItemType,lineItem/UsageStartDate,lineItem/UsageAccountId,lineItem/UsageType,lineItem/UnblendedCost,lineItem/CurrencyCode,product/servicename,product/region',
  ];
  for (const [service, account, usageType, region, first, last, cost] of lines) {
    for (let offset = first; offset <= last; offset++) {
      rows.push(`Usage,${day(offset)}T00:00:00Z,${account},${usageType},${cost},USD,${service},${region}`);
    }
  }
  return Buffer.from(rows.join('\n'));
}

const KIND_ORDER: Insight['kind'][] = [
  'increase',
  'decrease',
  'new_service',
  'region_shift',
  'purchase_option_shift',
];
const WEEK = { start_date: day(-7), end_date: day(-1) };
const query = (params: Record<string, string>) => `${INSIGHTS_PATH}?${new URLSearchParams(params)}`;

let a: Awaited<ReturnType<typeof clientWithBilling>>;
let b: Awaited<ReturnType<typeof clientWithBilling>>;

beforeAll(async () => {
  a = await clientWithBilling(context, 'insights-a', curCsv(LINES));
  b = await clientWithBilling(
    context,
    'insights-b',
    curCsv([['AmazonSageMaker', A2, 'Notebook', 'us-west-2', -7, -1, 100]]),
  );
}, 120_000);

async function insightsOf(
  session: typeof a.admin.session,
  params: Record<string, string>,
): Promise<Insights> {
  const got = await session.get(query(params));
  expect(got.status, JSON.stringify(got.body)).toBe(200);
  return insightsSchema.parse(got.body);
}

const changes = (result: Insights, kind: Insight['kind'], dimension?: string) =>
  result.insights
    .filter(
      (i): i is ChangeInsight => i.kind === kind && 'key' in i && (!dimension || i.dimension === dimension),
    )
    .map((i) => [i.key, i.previous, i.current, i.change, i.change_percent]);
const shiftsOf = (result: Insights, kind: ShiftInsight['kind']) =>
  result.insights
    .filter((i): i is ShiftInsight => i.kind === kind)
    .map((i) => [
      i.from.key,
      i.to.key,
      i.amount,
      i.from.previous,
      i.from.current,
      i.to.previous,
      i.to.current,
    ]);

describe('GET /c/cost_page/insights/', () => {
  it('compares the period with the previous equal one: totals, periods, thresholds', async () => {
    const result = await insightsOf(a.admin.session, { ...WEEK, imply_client: 'true' });
    expect(result).toMatchObject({
      cost_type: 'unblended',
      currency: 'USD',
      start_date: day(-7),
      end_date: day(-1),
      previous_start_date: day(-14),
      previous_end_date: day(-8),
      lookback_start_date: day(-28),
      as_of: day(-1),
      thresholds: { lookback_periods: 3, min_change: 10, min_percent: 10, limit: 5 },
    });
    expect(result.total).toBeCloseTo(171.5, 6);
    expect(result.previous_total).toBeCloseTo(122, 6);
    // Grouped by kind.
    const kinds = result.insights.map((i) => i.kind);
    expect(kinds).toEqual([...kinds].sort((x, y) => KIND_ORDER.indexOf(x) - KIND_ORDER.indexOf(y)));
  });

  it('biggest increases and decreases by service, account and usage type, noise left out', async () => {
    const result = await insightsOf(a.admin.session, WEEK);
    expect(changes(result, 'increase', 'product_servicename')).toEqual([
      ['AWSLambda', 0, 28, 28, null],
      ['awskms', 0, 21, 21, null],
    ]);
    expect(changes(result, 'decrease', 'product_servicename')).toEqual([['AmazonRDS', 10, 0, -10, -100]]);
    expect(changes(result, 'increase', 'line_item_usage_account_id')).toEqual([
      [A1, 77, 108.5, 31.5, 40.9],
      [A2, 45, 63, 18, 40],
    ]);
    expect(changes(result, 'decrease', 'line_item_usage_account_id')).toEqual([]);
    expect(changes(result, 'increase', 'line_item_usage_type')).toEqual([
      ['SpotUsage:m5.large', 0, 63, 63, null],
      ['Request', 0, 28, 28, null],
      ['KMS-Requests', 0, 21, 21, null],
    ]);
    expect(changes(result, 'decrease', 'line_item_usage_type')).toEqual([
      ['BoxUsage:m5.large', 70, 14, -56, -80],
      ['InstanceUsage:db.t3.micro', 10, 0, -10, -100],
    ]);

    // Lower thresholds bring back EC2 (+7, 10 %) and CloudWatch (+3.5); limit cuts each list.
    const loose = await insightsOf(a.admin.session, {
      ...WEEK,
      min_change: '0',
      min_percent: '0',
      limit: '2',
    });
    expect(changes(loose, 'increase', 'product_servicename').map(([key]) => key)).toEqual([
      'AWSLambda',
      'awskms',
    ]);
    const all = await insightsOf(a.admin.session, { ...WEEK, min_change: '1', min_percent: '0' });
    expect(changes(all, 'increase', 'product_servicename')).toEqual([
      ['AWSLambda', 0, 28, 28, null],
      ['awskms', 0, 21, 21, null],
      ['AmazonEC2', 70, 77, 7, 10],
      ['AmazonCloudWatch', 7, 10.5, 3.5, 50],
    ]);
  });

  it('new services: cost this period and none in the lookback periods before it', async () => {
    const result = await insightsOf(a.admin.session, WEEK);
    expect(changes(result, 'new_service')).toEqual([['AWSLambda', 0, 28, 28, null]]);
    // With a lookback of one period KMS (last seen three weeks ago) is new too.
    const short = await insightsOf(a.admin.session, { ...WEEK, lookback_periods: '1' });
    expect(short.lookback_start_date).toBe(day(-14));
    expect(changes(short, 'new_service')).toEqual([
      ['AWSLambda', 0, 28, 28, null],
      ['awskms', 0, 21, 21, null],
    ]);
  });

  it('spend moving between regions and between purchase options', async () => {
    const result = await insightsOf(a.admin.session, WEEK);
    expect(shiftsOf(result, 'region_shift')).toEqual([['us-east-1', 'eu-west-1', 62.5, 122, 59.5, 0, 112]]);
    expect(shiftsOf(result, 'purchase_option_shift')).toEqual([
      ['On Demand', 'Spot', 13.5, 122, 108.5, 0, 63],
    ]);
  });

  it("each insight's Explorer view shows it", async () => {
    const result = await insightsOf(a.admin.session, WEEK);
    const lambda = result.insights.find((i) => i.kind === 'increase' && 'key' in i && i.key === 'AWSLambda');
    expect(lambda?.explorer).toEqual(
      costQueryToParams({
        start_date: day(-14),
        end_date: day(-1),
        granularity: 'day',
        dimension: 'product_servicename',
        cost_type: 'unblended',
        filters: [{ dimension: 'product_servicename', mode: 'include', values: ['AWSLambda'] }],
      }),
    );
    const region = result.insights.find((i) => i.kind === 'region_shift');
    for (const [insight, total] of [
      [lambda, 28],
      // Both regions over both periods: 122 before, 171.5 now.
      [region, 293.5],
    ] as const) {
      const got = await a.admin.session.get(
        `${COST_EXPLORER_PATHS.dimensionDailyCost}?${new URLSearchParams(insight?.explorer)}`,
      );
      expect(got.status, JSON.stringify(got.body)).toBe(200);
      expect(dimensionDailyCostResultSchema.parse(got.body).total).toBeCloseTo(total, 6);
    }
    const newLambda = result.insights.find((i) => i.kind === 'new_service');
    expect(newLambda?.explorer.start_date).toBe(day(-28));
    // A project_ids scope is kept in the links.
    const scoped = await insightsOf(a.admin.session, { ...WEEK, project_ids: a.projectId });
    expect(scoped.insights.every((i) => i.explorer.project_ids === a.projectId)).toBe(true);
  });

  it("tenancy: client B sees only its own insights; A's project is a 404 for B", async () => {
    const theirs = await insightsOf(b.admin.session, WEEK);
    expect(theirs.total).toBe(700);
    expect(changes(theirs, 'new_service')).toEqual([['AmazonSageMaker', 0, 700, 700, null]]);
    expect(JSON.stringify(theirs)).not.toContain('AWSLambda');
    const foreign = await b.admin.session.get(query({ ...WEEK, project_ids: a.projectId }));
    expect(foreign.status).toBe(404);
    const anonymous = await fetch(`${context.server.baseUrl}${query(WEEK)}`);
    expect(anonymous.status).toBe(401);
  });

  it('the OpenAPI document describes the call and its answer', async () => {
    const docs = (await (await fetch(`${context.server.baseUrl}/api/docs`)).json()) as {
      paths: Record<string, { get?: { parameters?: { name: string }[]; responses?: object } }>;
    };
    const get = docs.paths[INSIGHTS_PATH]?.get;
    expect(get?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['start_date', 'end_date', 'lookback_periods', 'min_change', 'min_percent']),
    );
    expect(JSON.stringify(get?.responses)).toContain('purchase_option_shift');
  });

  it('bad parameters are a 400 naming the parameter', async () => {
    const get = (params: Record<string, string>) => a.admin.session.get(query(params));
    await expect400(get({ end_date: day(-1) }), 'start_date');
    await expect400(get({ ...WEEK, start_date: '2026-02-30' }), 'start_date');
    await expect400(get({ ...WEEK, start_date: 'soon' }), 'start_date');
    await expect400(get({ start_date: day(-1), end_date: day(-2) }), 'end_date');
    await expect400(get({ start_date: day(-400), end_date: day(-1) }), 'end_date');
    await expect400(get({ ...WEEK, cost_type: 'gross' }), 'cost_type');
    await expect400(get({ ...WEEK, lookback_periods: '0' }), 'lookback_periods');
    await expect400(get({ ...WEEK, min_change: '-1' }), 'min_change');
    await expect400(get({ ...WEEK, min_percent: 'many' }), 'min_percent');
    await expect400(get({ ...WEEK, limit: '51' }), 'limit');
    await expect400(get({ ...WEEK, project_ids: 'a,,b' }), 'project_ids');
  });
});
