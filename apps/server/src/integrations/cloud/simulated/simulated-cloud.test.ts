import { describe, expect, it } from 'vitest';
import { CONTRACT_ACCOUNT, cloudPortContract } from '../cloud-port.contract.test-helper';
import { CONTRACT_NOW, CONTRACT_SCENARIO, CONTRACT_IDS as IDS } from '../contract-world.test-helper';
import { parseScenario } from './scenario-file';
import { manualClock } from './sim-clock';
import { createSimulatedCloud } from './simulated-cloud';

const HOUR = 3_600_000;

function simulated(overrides: Record<string, unknown> = {}) {
  const clock = manualClock(CONTRACT_NOW);
  const port = createSimulatedCloud({
    scenario: parseScenario({ ...CONTRACT_SCENARIO, ...overrides }),
    clock,
  });
  return { port, clock, account: CONTRACT_ACCOUNT };
}

cloudPortContract('simulated', () => simulated());

const web = { kind: 'ec2-instance', id: IDS.web } as const;

async function cpu(port: ReturnType<typeof simulated>['port'], start: Date, end: Date) {
  const { series } = await port.getMetrics(CONTRACT_ACCOUNT, 'us-east-1', {
    queries: [{ id: 'cpu', metric: 'cpu-utilization', resource: web, stat: 'Average' }],
    start,
    end,
    periodSeconds: 3600,
  });
  return series[0]?.points ?? [];
}

describe('simulated cloud', () => {
  it("keeps a function's memory use when its memory is lowered, up to the new setting", async () => {
    const resources = CONTRACT_SCENARIO.resources.map((r) =>
      r.id === IDS.lambda ? { ...r, metrics: { profile: 'steady', level: 8, memory: true } } : r,
    );
    const { port, clock, account } = simulated({ resources });
    const fn = { kind: 'lambda-function', id: IDS.lambda } as const;
    const peak = async () => {
      const { series } = await port.getMetrics(account, 'us-east-1', {
        queries: [{ id: 'm', metric: 'lambda-memory-used', resource: fn, stat: 'Maximum' }],
        start: new Date(clock.now().getTime() - 3 * HOUR),
        end: clock.now(),
        periodSeconds: (3 * HOUR) / 1000,
      });
      return series[0]?.points[0]?.value;
    };
    const used = await peak();
    expect(used).toBeLessThan(256);
    const set = (memoryMiB: number) =>
      port.act(account, { type: 'set-memory', region: 'us-east-1', resource: fn, memoryMiB });
    await set(256);
    expect(await peak()).toBe(used);
    await set(128);
    expect(await peak()).toBe(128);
    await expect(set(64)).rejects.toMatchObject({ code: 'failed' });
  });

  it('records a change to a group as its newest scaling activity; one that changes nothing records none', async () => {
    const { port, clock, account } = simulated();
    const group = { kind: 'autoscaling-group', id: IDS.asg } as const;
    const scale = { type: 'scale', region: 'us-east-1', resource: group, minSize: 1, maxSize: 4 } as const;
    clock.advance(HOUR);
    await port.act(account, { ...scale, desiredSize: 3 });
    await port.act(account, { ...scale, desiredSize: 3 });
    const { activities } = await port.scalingActivities(account, 'us-east-1', IDS.asg, 10);
    expect(activities).toHaveLength(3);
    expect(activities[0]).toMatchObject({
      startTime: new Date(CONTRACT_NOW.getTime() + HOUR),
      status: 'Successful',
      cause: `At ${new Date(CONTRACT_NOW.getTime() + HOUR).toISOString()} a user request update of AutoScalingGroup changed desiredCapacity from 2 to 3.`,
    });
  });

  it("runs a group's scheduled actions on its clock, in their time zone, on weekdays only", async () => {
    const { port, clock, account } = simulated();
    const group = { kind: 'autoscaling-group', id: IDS.asg } as const;
    const action = (name: string, recurrence: string, desiredCapacity: number) => ({
      name,
      recurrence,
      timeZone: 'Europe/Berlin',
      minSize: 1,
      desiredCapacity,
      maxSize: 4,
    });
    // CONTRACT_NOW is Friday 12:00 UTC; Berlin is UTC+1 in November.
    await port.act(account, {
      type: 'scheduled-scaling',
      region: 'us-east-1',
      resource: group,
      actions: [action('down', '0 20 * * 1-5', 1), action('up', '0 8 * * 1-5', 2)],
    });
    const desired = async () => {
      const { resources } = await port.listResources(account, 'us-east-1', ['autoscaling-group']);
      const [listed] = resources.filter((r) => r.kind === 'autoscaling-group' && r.id === IDS.asg);
      return listed?.kind === 'autoscaling-group' ? listed.desiredCapacity : null;
    };
    clock.set(new Date('2026-11-20T18:59:00Z'));
    expect(await desired()).toBe(2);
    clock.set(new Date('2026-11-20T19:00:00Z'));
    expect(await desired()).toBe(1);
    const [newest] = (await port.scalingActivities(account, 'us-east-1', IDS.asg, 1)).activities;
    expect(newest).toMatchObject({
      startTime: new Date('2026-11-20T19:00:00Z'),
      cause:
        'At 2026-11-20T19:00:00Z a scheduled action update of AutoScalingGroup constraints to min: 1, max: 4, desired: 1 changing the desired capacity from 2 to 1.',
    });
    // The weekend stays low; Monday 08:00 in Berlin brings the group back.
    clock.set(new Date('2026-11-22T12:00:00Z'));
    expect(await desired()).toBe(1);
    clock.set(new Date('2026-11-23T07:00:00Z'));
    expect(await desired()).toBe(2);
    const refused = (recurrence: string, timeZone: string) =>
      port.act(account, {
        type: 'scheduled-scaling',
        region: 'us-east-1',
        resource: group,
        actions: [{ ...action('bad', recurrence, 1), timeZone }],
      });
    await expect(refused('0 20 * *', 'Etc/UTC')).rejects.toMatchObject({ code: 'failed' });
    await expect(refused('0 25 * * 1-5', 'Etc/UTC')).rejects.toMatchObject({ code: 'failed' });
    await expect(refused('0 20 * * 1-5', 'Mars/Olympus')).rejects.toMatchObject({ code: 'failed' });
  });

  it('settles a stopping instance after a tick and its CPU is zero from the stop on', async () => {
    const { port, clock, account } = simulated();
    await port.act(account, { type: 'stop', region: 'us-east-1', resource: web });
    const list = async () => (await port.listResources(account, 'us-east-1', ['ec2-instance'])).resources;
    expect((await list()).find((r) => r.id === IDS.web)?.state).toBe('stopping');
    clock.advance(60_000);
    // Stopped since the stop was asked, as EC2's StateTransitionReason says.
    expect((await list()).find((r) => r.id === IDS.web)).toMatchObject({
      state: 'stopped',
      stateTransitionAt: CONTRACT_NOW.toISOString(),
    });
    clock.advance(5 * HOUR);
    const points = await cpu(port, new Date(CONTRACT_NOW.getTime() - 3 * HOUR), clock.now());
    const before = points.filter((p) => p.timestamp < CONTRACT_NOW);
    const after = points.filter((p) => p.timestamp >= CONTRACT_NOW);
    expect(before.every((p) => p.value > 20)).toBe(true);
    // Five whole hours and the current one, all stopped.
    expect(after.map((p) => p.value)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('starts it again: pending, then running, CPU back from when it is up', async () => {
    const { port, clock, account } = simulated();
    const batch = { kind: 'ec2-instance', id: IDS.batch } as const;
    const started = await port.act(account, { type: 'start', region: 'us-east-1', resource: batch });
    expect(started.changes).toEqual([{ field: 'state', before: 'stopped', after: 'pending' }]);
    await expect(
      port.act(account, { type: 'start', region: 'us-east-1', resource: batch }),
    ).rejects.toMatchObject({
      code: 'invalid-state',
    });
    clock.advance(HOUR);
    const { resources } = await port.listResources(account, 'us-east-1', ['ec2-instance']);
    expect(resources.find((r) => r.id === IDS.batch)?.state).toBe('running');
    expect(resources.find((r) => r.id === IDS.batch)).not.toHaveProperty('stateTransitionAt');
  });

  it('gives the same metrics on every run and nothing in the future', async () => {
    const start = new Date(CONTRACT_NOW.getTime() - 48 * HOUR);
    const end = new Date(CONTRACT_NOW.getTime() + 48 * HOUR);
    const first = await cpu(simulated().port, start, end);
    const second = await cpu(simulated().port, start, end);
    expect(first).toEqual(second);
    expect(first).toHaveLength(48);
  });

  it('shapes the profiles: idle stays low, diurnal peaks by day, bursty spikes', async () => {
    const profiles = ['idle', 'diurnal', 'bursty'] as const;
    const stats: Record<string, { max: number; mean: number }> = {};
    for (const profile of profiles) {
      const resources = CONTRACT_SCENARIO.resources.map((r) =>
        r.id === IDS.web ? { ...r, metrics: { profile } } : r,
      );
      const points = await cpu(
        simulated({ resources }).port,
        new Date(CONTRACT_NOW.getTime() - 14 * 24 * HOUR),
        CONTRACT_NOW,
      );
      const values = points.map((p) => p.value);
      stats[profile] = { max: Math.max(...values), mean: values.reduce((a, b) => a + b, 0) / values.length };
    }
    expect(stats.idle?.max).toBeLessThan(2);
    expect(stats.bursty?.max).toBeGreaterThan(3 * (stats.bursty?.mean ?? 0));
    expect(stats.diurnal?.max).toBeGreaterThan(1.8 * (stats.diurnal?.mean ?? 0));
  });

  it('uses explicit series where given, and replays scenario events as the clock passes them', async () => {
    const hourAgo = new Date(CONTRACT_NOW.getTime() - HOUR);
    const resources = CONTRACT_SCENARIO.resources.map((r) =>
      r.id === IDS.web
        ? { ...r, metrics: { series: { 'cpu-utilization': [[hourAgo.toISOString(), 12.5]] } } }
        : r,
    );
    const events = [
      { at: new Date(CONTRACT_NOW.getTime() + HOUR).toISOString(), type: 'delete', resource: web },
    ];
    const { port, clock, account } = simulated({ resources, events });
    expect((await cpu(port, hourAgo, CONTRACT_NOW)).map((p) => p.value)).toEqual([12.5]);
    clock.advance(2 * HOUR);
    const { resources: listed } = await port.listResources(account, 'us-east-1', ['ec2-instance']);
    expect(listed.map((r) => r.id)).not.toContain(IDS.web);
  });

  it('reads S3 bytes by storage class once a day', async () => {
    const { port, account } = simulated();
    const { series } = await port.getMetrics(account, 'us-east-1', {
      queries: [
        {
          id: 'g',
          metric: 's3-bytes',
          resource: { kind: 's3-bucket', id: IDS.bucket },
          stat: 'Average',
          storageClass: 'GLACIER',
        },
      ],
      start: new Date('2026-11-17T00:00:00Z'),
      end: new Date('2026-11-20T00:00:00Z'),
      periodSeconds: 86_400,
    });
    expect(series[0]?.points.map((p) => p.value)).toEqual([5e9, 5e9, 5e9]);
  });

  it("follows the clock with a reservation's state: payment-pending before its start, active, retired after its end", async () => {
    const reservations = [
      {
        service: 'ec2',
        id: 'e5a2ff3b-7d14-4e4b-9a2c-0a1b2c3d0009',
        accountId: CONTRACT_ACCOUNT.accountId,
        region: 'us-east-1',
        instanceType: 'm5.large',
        start: '2026-12-01T00:00:00Z',
        term: '1yr',
      },
    ];
    const { port, clock, account } = simulated({ reservations });
    const state = async () => (await port.listReservations(account, 'us-east-1')).reservations[0]?.state;
    expect(await state()).toBe('payment-pending');
    clock.set(new Date('2026-12-01T00:00:00Z'));
    expect(await state()).toBe('active');
    clock.set(new Date('2027-11-30T23:59:59Z'));
    expect(await state()).toBe('active');
    clock.set(new Date('2027-12-01T00:00:00Z'));
    expect(await state()).toBe('retired');
  });

  it("sets a gp3 volume's throughput, gives a volume made gp3 the default 125 MiB/s, and refuses what gp3 cannot carry", async () => {
    const { port, account } = simulated();
    const modify = (volumeType: string | null, iops: number | null, throughputMiBps?: number) =>
      port.act(account, {
        type: 'modify-volume',
        region: 'us-east-1',
        resource: { kind: 'ebs-volume', id: IDS.spareVolume },
        volumeType,
        iops,
        ...(throughputMiBps === undefined ? {} : { throughputMiBps }),
      });
    const listed = async () =>
      (await port.listResources(account, 'us-east-1', ['ebs-volume'])).resources.find(
        (r) => r.id === IDS.spareVolume,
      );
    // gp2 → gp3 naming no throughput: ModifyVolume's default.
    expect((await modify('gp3', 3000)).changes).toContainEqual({
      field: 'throughputMiBps',
      before: null,
      after: 125,
    });
    expect((await modify(null, 4000, 500)).changes).toContainEqual({
      field: 'throughputMiBps',
      before: 125,
      after: 500,
    });
    expect(await listed()).toMatchObject({ volumeType: 'gp3', iops: 4000, throughputMiBps: 500 });
    // 0.25 MiB/s per IOPS at most: 3,000 IOPS carry 750 MiB/s; io2 takes none.
    await expect(modify(null, 3000, 800)).rejects.toMatchObject({ code: 'failed' });
    await expect(modify('io2', 3000, 250)).rejects.toMatchObject({ code: 'failed' });
    expect((await modify('io2', 3000)).changes).toContainEqual({
      field: 'throughputMiBps',
      before: 500,
      after: null,
    });
  });

  it('fails only the operation a fault names: reservations denied, instances still listed', async () => {
    const faults = [
      ...CONTRACT_SCENARIO.faults,
      { accountId: CONTRACT_ACCOUNT.accountId, service: 'ec2', operation: 'DescribeReservedInstances' },
      { accountId: CONTRACT_ACCOUNT.accountId, service: 'ec2', operation: 'DescribeVolumes' },
    ];
    const { port, account } = simulated({ faults });
    const { reservations, failures } = await port.listReservations(account, 'us-east-1');
    expect(reservations.map((r) => r.service)).toEqual([
      'elasticache',
      'elasticache',
      'opensearch',
      'rds',
      'rds',
      'redshift',
    ]);
    expect(failures).toMatchObject([
      { service: 'ec2', operation: 'DescribeReservedInstances', code: 'AccessDenied', region: 'us-east-1' },
    ]);
    const listed = await port.listResources(account, 'us-east-1', ['ec2-instance', 'ebs-volume']);
    expect(listed.resources.map((r) => r.kind)).toEqual(['ec2-instance', 'ec2-instance']);
    expect(listed.failures).toMatchObject([{ operation: 'DescribeVolumes', kinds: ['ebs-volume'] }]);
  });

  it("loses only the instances when DescribeInstances is refused: the service's other kinds still list", async () => {
    const faults = [
      ...CONTRACT_SCENARIO.faults,
      { accountId: CONTRACT_ACCOUNT.accountId, service: 'ec2', operation: 'DescribeInstances' },
    ];
    const { port, account } = simulated({ faults });
    const listed = await port.listResources(account, 'us-east-1', ['ec2-instance', 'ebs-volume']);
    expect(listed.resources.length).toBeGreaterThan(0);
    expect(new Set(listed.resources.map((r) => r.kind))).toEqual(new Set(['ebs-volume']));
    expect(listed.failures).toMatchObject([{ operation: 'DescribeInstances', kinds: ['ec2-instance'] }]);
    expect(listed.failures).toHaveLength(1);
  });

  it('loses every kind of a service whose fault names no operation', async () => {
    const faults = [...CONTRACT_SCENARIO.faults, { accountId: CONTRACT_ACCOUNT.accountId, service: 'ec2' }];
    const { port, account } = simulated({ faults });
    const listed = await port.listResources(account, 'us-east-1', ['ec2-instance', 'ebs-volume']);
    expect(listed.resources).toEqual([]);
    expect(listed.failures).toMatchObject([{ service: 'ec2', kinds: ['ec2-instance', 'ebs-volume'] }]);
  });

  it('refuses the savings plans a fault names, keeping every reservation', async () => {
    const faults = [
      { accountId: CONTRACT_ACCOUNT.accountId, service: 'savingsplans', code: 'AccessDeniedException' },
    ];
    const { port, account } = simulated({ faults });
    const plans = await port.listSavingsPlans(account);
    expect(plans.savingsPlans).toEqual([]);
    expect(plans.failures).toMatchObject([
      {
        service: 'savingsplans',
        operation: 'DescribeSavingsPlans',
        code: 'AccessDeniedException',
        region: null,
      },
    ]);
    expect((await port.listReservations(account, 'us-east-1')).failures).toEqual([]);
  });
});
