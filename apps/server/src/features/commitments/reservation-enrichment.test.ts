import { DESCRIBED_PLAN, DESCRIBED_RESERVATION } from '@finlens/contracts/commitments-examples.test-helper';
import { commitmentAlerts } from '@finlens/cost-model/commitments/alerts';
import { describe, expect, it } from 'vitest';
import type { CloudPort } from '../../integrations/cloud/cloud-port';
import { parseScenario } from '../../integrations/cloud/simulated/scenario-file';
import type { ScenarioInput } from '../../integrations/cloud/simulated/scenario-schema';
import { manualClock } from '../../integrations/cloud/simulated/sim-clock';
import { createSimulatedCloud } from '../../integrations/cloud/simulated/simulated-cloud';
import type { ClientCaller } from '../../platform/auth/caller';
import type { WarehouseCostAnswer } from '../../warehouse/cost-query/cost-query-port';
import { costScopesOver } from '../../warehouse/cost-scope';
import { warehouseRow } from './commitment-row.test-helper';
import { createCommitmentsService } from './commitments.service';
import {
  createReservationEnrichment,
  ENRICHMENT_FAILED_KEEP_MS,
  ENRICHMENT_KEEP_MS,
} from './reservation-enrichment';

const OWNER = '222222222222';
const EC2_ID = 'b7c1d2e3-0000-4000-8000-000000000001';
const EC2_ARN = `arn:aws:ec2:us-east-1:${OWNER}:reserved-instances/${EC2_ID}`;
const RDS_ARN = `arn:aws:rds:eu-west-1:${OWNER}:ri:orders-ri`;
const CACHE_ARN = `arn:aws:elasticache:us-east-1:${OWNER}:reserved-instance:cache-ri`;
const REDSHIFT_ARN = `arn:aws:redshift:us-east-1:${OWNER}:reserved-node:warehouse-ri`;
const PLAN_ID = '3f0c9a52-0000-4000-8000-000000000001';
const PLAN_ARN = `arn:aws:savingsplans::${OWNER}:savingsplan/${PLAN_ID}`;
const NOW = new Date('2026-03-01T00:00:00Z');

/** February's RIFee row of a reservation: the bill's start and end are the day the CUR names, not the instant. */
function fee(arn: string, productCode: string, region: string, usageType: string, count: number) {
  return warehouseRow(
    {
      lineItemType: 'RIFee',
      billingPeriod: '2026-02',
      usageAccountId: OWNER,
      productCode,
      region,
      usageType,
      reservationArn: arn,
      unblended: 28 * count,
      usageAmount: 672 * count,
      reservationNumberOfReservations: count,
      reservationTotalReservedUnits: 672 * count,
      reservationUnusedQuantity: 0,
      reservationStartTime: '2026-01-10T00:00:00Z',
      reservationEndTime: '2027-01-10T00:00:00Z',
    },
    '2026-02-01T00:00:00Z',
    28 * count,
  );
}

/** February's daily recurring fee rows of a Compute plan, $1.50/h (the bill's dates are days). */
const planFee = warehouseRow(
  {
    lineItemType: 'SavingsPlanRecurringFee',
    billingPeriod: '2026-02',
    usageAccountId: OWNER,
    productCode: 'ComputeSavingsPlans',
    savingsPlanArn: PLAN_ARN,
    usageAmount: 672,
    unblended: 1.5 * 672,
    spTotalCommitment: 1.5 * 672,
    spUsedCommitment: 1.5 * 672,
    savingsPlanOfferingType: 'ComputeSavingsPlans',
    savingsPlanPaymentOption: 'No Upfront',
    savingsPlanPurchaseTerm: '1yr',
    savingsPlanStartTime: '2026-01-05T00:00:00Z',
    savingsPlanEndTime: '2027-01-05T00:00:00Z',
  },
  '2026-02-01T00:00:00Z',
  1.5 * 672,
);

/** The engines the bill's product columns name (none for the EC2 and Redshift fees). */
const ENGINES: Record<string, string> = { [RDS_ARN]: 'PostgreSQL', [CACHE_ARN]: 'Redis' };

/** The monthly read of the bill: each RIFee row with the engine its product columns name, as the warehouse keeps it. */
const BILL = [
  fee(EC2_ARN, 'AmazonEC2', 'us-east-1', 'USE1-HeavyUsage:m5.large', 2),
  fee(RDS_ARN, 'AmazonRDS', 'eu-west-1', 'EU-HeavyUsage:db.r6g.large', 1),
  fee(CACHE_ARN, 'AmazonElastiCache', 'us-east-1', 'USE1-HeavyUsage:cache.r6g.large', 1),
  fee(REDSHIFT_ARN, 'AmazonRedshift', 'us-east-1', 'USE1-Node:ra3.xlplus', 1),
  planFee,
].map((row) => ({ ...row, operatingSystem: ENGINES[row.reservationArn ?? ''] ?? null }));

/** The owner account describes both; the bill keeps its day-precision dates, the account the exact instants. */
const SCENARIO = {
  version: 1,
  start: NOW.toISOString(),
  regions: [{ name: 'us-east-1' }, { name: 'eu-west-1' }],
  accounts: [{ accountId: OWNER }],
  reservations: [
    {
      service: 'ec2',
      id: EC2_ID,
      accountId: OWNER,
      region: 'us-east-1',
      instanceType: 'm5.large',
      count: 2,
      start: DESCRIBED_RESERVATION.start as string,
      offeringClass: 'convertible',
      scope: 'Availability Zone',
      availabilityZone: 'us-east-1c',
    },
    {
      service: 'rds',
      id: 'orders-ri',
      accountId: OWNER,
      region: 'eu-west-1',
      instanceType: 'db.r6g.large',
      start: '2026-01-10T10:00:00Z',
      offeringType: 'Partial Upfront',
      multiAz: true,
    },
    {
      service: 'elasticache',
      id: 'cache-ri',
      accountId: OWNER,
      region: 'us-east-1',
      instanceType: 'cache.r6g.large',
      start: '2026-01-10T11:00:00Z',
    },
  ],
  savingsPlans: [{ id: PLAN_ID, accountId: OWNER, commitment: 1.5, start: '2026-01-05T08:12:40Z' }],
} satisfies ScenarioInput;

function setUp(faults: ScenarioInput['faults'] = [], options: { reachable?: boolean } = {}) {
  let at = NOW.getTime();
  const calls: string[] = [];
  const cloud = createSimulatedCloud({
    scenario: parseScenario({ ...SCENARIO, faults }),
    clock: manualClock(NOW),
  });
  // Counts the reservation and savings plan calls the inventory makes.
  const port: CloudPort = {
    ...cloud,
    listReservations: (account, region) => {
      calls.push(`${account.accountId} ${region}`);
      return cloud.listReservations(account, region);
    },
    listSavingsPlans: (account) => {
      calls.push(`${account.accountId} savings plans`);
      return cloud.listSavingsPlans(account);
    },
  };
  const account = { accountId: OWNER, credentials: { kind: 'server-identity' } as const };
  const service = createCommitmentsService({
    scopes: costScopesOver(async () => [
      { id: 'p', name: 'P', cloudType: 'aws', ingestedAt: '2026-03-01T00:00:00Z' },
    ]),
    warehouse: {
      commitmentRows: async () => BILL,
      runCostQuery: async () => ({ as_of: '2026-02-28' }) as WarehouseCostAnswer,
    },
    describeReservations: createReservationEnrichment({
      resolveCloud: async (projectId) =>
        projectId === 'p' && options.reachable !== false
          ? { kind: 'simulated', port, accounts: [account] }
          : { kind: 'awaiting-configuration', reason: 'no role or access keys' },
      now: () => new Date(at),
    }),
    now: () => new Date(at),
  });
  const caller = { clientId: 'c' } as ClientCaller;
  return {
    calls,
    inventory: () => service.inventory(caller, {}),
    alertInput: () => service.alertInput(caller, {}),
    dashboard: () =>
      service.dashboard(caller, {
        start_date: '2026-02-01',
        end_date: '2026-02-28',
        granularity: 'day',
        group_by: 'commitment',
      }),
    advance: (ms: number) => {
      at += ms;
    },
  };
}

const byArn = <T extends { arn: string }>(items: readonly T[], arn: string) =>
  items.find((i) => i.arn === arn);

describe('reservation enrichment from the owner account', () => {
  it("adds each EC2 and RDS reservation's state, exact term, scope and platform; every figure stays the bill's", async () => {
    const { inventory } = setUp();
    const answer = await inventory();
    // EC2, RDS, ElastiCache and the plan; the Redshift reservation is not in the account's answer.
    expect(answer.enrichment).toEqual({ status: 'ok', message: null, described: 4, refused: [] });
    const ec2 = byArn(answer.reservations, EC2_ARN);
    expect(ec2?.from_account).toEqual(DESCRIBED_RESERVATION);
    // The bill's own fields are untouched.
    expect(ec2).toMatchObject({ start: '2026-01-10T00:00:00Z', end: '2027-01-10T00:00:00Z', count: 2 });
    expect(ec2?.offering_class).toBeNull();
    expect(ec2?.recurring_hourly_per_instance).toBeCloseTo(28 / 672, 12);
    expect(byArn(answer.reservations, RDS_ARN)?.from_account).toMatchObject({
      state: 'active',
      end: '2027-01-10T10:00:00.000Z',
      offering_class: null,
      scope: null,
      platform: 'postgresql',
      multi_az: true,
      offering_type: 'Partial Upfront',
    });
    expect(byArn(answer.reservations, CACHE_ARN)?.from_account).toMatchObject({
      state: 'active',
      start: '2026-01-10T11:00:00.000Z',
      platform: 'redis',
      offering_class: null,
    });
    expect(byArn(answer.reservations, REDSHIFT_ARN)?.from_account).toBeNull();
  });

  it('the expiry calendar and the alerts count the days to the account’s exact end; the alert’s key stays the bill’s', async () => {
    const { inventory, alertInput, dashboard, advance } = setUp();
    // 11 December, 05:00: the bill ends the RDS reservation on 10 January (29.8 days), the account at 10:00 (30.2).
    advance(Date.parse('2026-12-11T05:00:00Z') - NOW.getTime());
    const expiries = (await inventory()).expiries;
    expect(byArn(expiries, RDS_ARN)).toEqual({
      arn: RDS_ARN,
      kind: 'reservation',
      end: '2027-01-10T10:00:00.000Z',
      days_to_expiry: 30,
    });
    // Not described by the account: the bill's day.
    expect(byArn(expiries, REDSHIFT_ARN)).toMatchObject({ end: '2027-01-10T00:00:00Z', days_to_expiry: 29 });
    expect((await dashboard()).expiries).toEqual(expiries);
    const input = await alertInput();
    if (input === null) throw new Error('no alert input');
    const rds = byArn(input.commitments, RDS_ARN);
    expect([rds?.end?.toISOString(), rds?.billedEnd?.toISOString()]).toEqual([
      '2027-01-10T10:00:00.000Z',
      '2027-01-10T00:00:00.000Z',
    ]);
    // More than 30 days left by the exact end: the 90-day notice, keyed on the bill's end.
    expect(
      commitmentAlerts(input).find((a) => a.kind === 'expiry' && a.commitment.arn === RDS_ARN),
    ).toMatchObject({
      key: `expiry:${RDS_ARN}:2027-01-10T00:00:00.000Z:90`,
      threshold: 90,
    });
  });

  it('gives each reservation the operating system or engine its fee rows name, beside what the account says', async () => {
    const { inventory } = setUp();
    const answer = await inventory();
    const platforms = [RDS_ARN, CACHE_ARN, EC2_ARN, REDSHIFT_ARN].map((arn) => {
      const r = byArn(answer.reservations, arn);
      return [r?.platform, r?.from_account?.platform ?? null];
    });
    expect(platforms).toEqual([
      ['PostgreSQL', 'postgresql'],
      ['Redis', 'redis'],
      [null, DESCRIBED_RESERVATION.platform],
      [null, null],
    ]);
  });

  it("adds each savings plan's state, exact start and end, commitment, payment option and term, matched by ARN", async () => {
    const { inventory } = setUp();
    const [plan] = (await inventory()).savings_plans;
    expect(plan?.from_account).toEqual(DESCRIBED_PLAN);
    // The bill's own fields are untouched.
    expect(plan).toMatchObject({ arn: PLAN_ARN, start: '2026-01-05T00:00:00Z', hourly_commitment: 1.5 });
  });

  it('asks each owner account and region once (plans once per account), keeps the answer 5 minutes, then asks again', async () => {
    const { calls, inventory, advance } = setUp();
    await Promise.all([inventory(), inventory()]);
    expect(calls.sort()).toEqual([`${OWNER} eu-west-1`, `${OWNER} savings plans`, `${OWNER} us-east-1`]);
    advance(ENRICHMENT_KEEP_MS - 1);
    await inventory();
    expect(calls).toHaveLength(3);
    advance(1);
    await inventory();
    expect(calls).toHaveLength(6);
  });

  it('keeps an answer with a failed call only briefly, so a timeout is asked again soon', async () => {
    const { calls, inventory, advance } = setUp([
      { accountId: OWNER, region: 'eu-west-1', service: 'rds', code: 'TimeoutError' },
    ]);
    expect((await inventory()).enrichment.status).toBe('partial');
    expect(calls).toHaveLength(3);
    advance(ENRICHMENT_FAILED_KEEP_MS - 1);
    await inventory();
    expect(calls).toHaveLength(3);
    advance(1);
    await inventory();
    // Only the failed region is asked again; us-east-1 and the plans answered in full and are kept.
    expect(calls.slice(3)).toEqual([`${OWNER} eu-west-1`]);
  });

  it('says enrichment is not granted when the account refuses every read, naming the IAM actions', async () => {
    const { inventory } = setUp([
      {
        accountId: OWNER,
        service: 'ec2',
        operation: 'DescribeReservedInstances',
        code: 'UnauthorizedOperation',
      },
      { accountId: OWNER, service: 'rds', operation: 'DescribeReservedDBInstances', code: 'AccessDenied' },
      { accountId: OWNER, service: 'elasticache', code: 'AccessDenied' },
      { accountId: OWNER, service: 'redshift', code: 'AccessDenied' },
      { accountId: OWNER, service: 'savingsplans', code: 'AccessDeniedException' },
    ]);
    const { enrichment, reservations, savings_plans } = await inventory();
    expect(enrichment.status).toBe('not_granted');
    expect(enrichment.message).toContain('Enrichment is not granted');
    expect(enrichment.message).toContain(
      'Grant ec2:DescribeReservedInstances, elasticache:DescribeReservedCacheNodes, rds:DescribeReservedDBInstances, redshift:DescribeReservedNodes and savingsplans:DescribeSavingsPlans (IAM policy 2026-11-27.4',
    );
    expect(enrichment.message).toContain('Every figure still comes from the bill.');
    expect(
      enrichment.refused
        .map((r) => [r.region, r.operation, r.code, r.iam_action])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['eu-west-1', 'DescribeReservedDBInstances', 'AccessDenied', 'rds:DescribeReservedDBInstances'],
      [null, 'DescribeSavingsPlans', 'AccessDeniedException', 'savingsplans:DescribeSavingsPlans'],
      ['us-east-1', 'DescribeReservedInstances', 'UnauthorizedOperation', 'ec2:DescribeReservedInstances'],
      ['us-east-1', 'DescribeReservedCacheNodes', 'AccessDenied', 'elasticache:DescribeReservedCacheNodes'],
      ['us-east-1', 'DescribeReservedNodes', 'AccessDenied', 'redshift:DescribeReservedNodes'],
    ]);
    expect(reservations.every((r) => r.from_account === null)).toBe(true);
    expect(savings_plans.every((p) => p.from_account === null)).toBe(true);
    expect(enrichment.described).toBe(0);
  });

  it('is partial when one read is refused: the other service is still described', async () => {
    const { inventory } = setUp([
      { accountId: OWNER, service: 'rds', operation: 'DescribeReservedDBInstances', code: 'AccessDenied' },
    ]);
    const { enrichment, reservations } = await inventory();
    expect(enrichment).toMatchObject({ status: 'partial', described: 3 });
    expect(enrichment.refused.map((r) => r.iam_action)).toEqual(['rds:DescribeReservedDBInstances']);
    expect(byArn(reservations, EC2_ARN)?.from_account?.state).toBe('active');
    expect(byArn(reservations, RDS_ARN)?.from_account).toBeNull();
  });

  it('is unavailable when no account answers for another reason, or none of the projects reaches the owner', async () => {
    const timedOut = await setUp([
      { accountId: OWNER, service: 'ec2', code: 'TimeoutError' },
      { accountId: OWNER, service: 'rds', code: 'ThrottlingException' },
      { accountId: OWNER, service: 'elasticache', code: 'TimeoutError' },
      { accountId: OWNER, service: 'redshift', code: 'TimeoutError' },
      { accountId: OWNER, service: 'savingsplans', code: 'TimeoutError' },
    ]).inventory();
    expect(timedOut.enrichment.status).toBe('unavailable');
    expect(timedOut.enrichment.message).toContain('DescribeReservedInstances failed for account');
    const unreachable = await setUp([], { reachable: false }).inventory();
    expect(unreachable.enrichment).toMatchObject({ status: 'unavailable', described: 0, refused: [] });
    expect(unreachable.enrichment.message).toContain(
      `No cloud account of these projects reaches account ${OWNER} (awaiting configuration: no role or access keys).`,
    );
  });
});
