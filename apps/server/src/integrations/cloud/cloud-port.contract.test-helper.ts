import { describe, expect, it } from 'vitest';
import { CloudActionError } from './cloud-actions';
import type { CloudAccount, CloudPort } from './cloud-port';
import { type CloudResource, RESOURCE_KINDS, type ResourceKind, type ResourceOf } from './cloud-resources';
import {
  ACCOUNT_ID,
  CONTRACT_ACTIVITIES,
  CONTRACT_NOW,
  DENIED_ACCOUNT_ID,
  CONTRACT_IDS as IDS,
  CONTRACT_SAVINGS_PLANS as PLANS,
  CONTRACT_RESERVATIONS as RIS,
  savingsPlanArnOf,
} from './contract-world.test-helper';

export interface ContractSubject {
  port: CloudPort;
  /** Signs in to the contract world's account. */
  account: CloudAccount;
}

/** Adds the Intelligent-Tiering rule to the contract world's bucket. */
export const TIERING_ACTION = {
  type: 'add-lifecycle-rule',
  region: 'us-east-1',
  resource: { kind: 's3-bucket', id: IDS.bucket },
  rule: {
    id: 'finlens-intelligent-tiering',
    transitionDays: 0,
    storageClass: 'INTELLIGENT_TIERING',
    abortIncompleteMultipartDays: 7,
  },
} as const;

const ROLE = (accountId: string): CloudAccount => ({
  accountId,
  credentials: {
    kind: 'role',
    roleArn: `arn:aws:iam::${accountId}:role/finlens-billing-read`,
    externalId: 'ext-1',
  },
});
export const CONTRACT_ACCOUNT = ROLE(ACCOUNT_ID);
const DENIED_ACCOUNT = ROLE(DENIED_ACCOUNT_ID);

function only<K extends ResourceKind>(resources: CloudResource[], kind: K, id: string): ResourceOf<K> {
  const found = resources.filter((r): r is ResourceOf<K> => r.kind === kind && r.id === id);
  expect(found, `${kind} ${id}`).toHaveLength(1);
  return found[0] as ResourceOf<K>;
}

/**
 * The cloud port's contract: the same assertions for every adapter, over the contract world
 * (contract-world.test-helper.ts). `subject` builds a fresh port for each test, since actions change the world.
 */
export function cloudPortContract(adapter: string, subject: () => ContractSubject) {
  describe(`cloud port contract: ${adapter}`, () => {
    it('lists regions with opt-in regions detected', async () => {
      const { port, account } = subject();
      const { regions, failures } = await port.listRegions(account);
      expect(failures).toEqual([]);
      const byName = Object.fromEntries(regions.map((r) => [r.name, r]));
      expect(byName['us-east-1']).toEqual({
        name: 'us-east-1',
        optInStatus: 'opt-in-not-required',
        enabled: true,
      });
      expect(byName['af-south-1']).toEqual({
        name: 'af-south-1',
        optInStatus: 'not-opted-in',
        enabled: false,
      });
      expect(byName['ap-east-1']).toEqual({ name: 'ap-east-1', optInStatus: 'opted-in', enabled: true });
    });

    it('lists every kind of a region with its attributes', async () => {
      const { port, account } = subject();
      const { resources, failures } = await port.listResources(account, 'us-east-1', RESOURCE_KINDS);
      expect(failures).toEqual([]);
      expect(new Set(resources.map((r) => r.kind))).toEqual(new Set(RESOURCE_KINDS));
      expect(resources.every((r) => r.accountId === ACCOUNT_ID && r.region === 'us-east-1')).toBe(true);
      const web = only(resources, 'ec2-instance', IDS.web);
      expect(web).toMatchObject({
        state: 'running',
        instanceType: 'm5.large',
        availabilityZone: 'us-east-1a',
      });
      expect(web).toMatchObject({ name: 'web-1', tags: { Name: 'web-1', env: 'prod' }, platform: 'linux' });
      expect(web.createdAt).toEqual(new Date('2026-01-10T09:30:00Z'));
      expect(web.arn).toBe(`arn:aws:ec2:us-east-1:${ACCOUNT_ID}:instance/${IDS.web}`);
      // A stopped instance says since when (EC2's StateTransitionReason time); a running one does not.
      expect(only(resources, 'ec2-instance', IDS.batch)).toMatchObject({
        state: 'stopped',
        stateTransitionAt: '2026-02-01T09:30:00.000Z',
      });
      expect(web).not.toHaveProperty('stateTransitionAt');
      const root = only(resources, 'ebs-volume', IDS.rootVolume);
      expect(root).toMatchObject({ state: 'in-use', sizeGiB: 100, volumeType: 'gp3', iops: 3000 });
      expect(root.attachments).toEqual([{ kind: 'ec2-instance', id: IDS.web }]);
      expect(only(resources, 'ebs-volume', IDS.spareVolume)).toMatchObject({
        state: 'available',
        attachments: [],
      });
      expect(only(resources, 'ebs-snapshot', IDS.snapshot)).toMatchObject({
        sizeGiB: 100,
        volumeId: IDS.rootVolume,
      });
      const eip = only(resources, 'elastic-ip', IDS.eip);
      expect(eip).toMatchObject({ state: 'unassociated', publicIp: '203.0.113.10', associatedWith: null });
      expect(only(resources, 'load-balancer', IDS.alb)).toMatchObject({
        type: 'application',
        state: 'active',
      });
      const db = only(resources, 'rds-instance', IDS.db);
      expect(db).toMatchObject({
        instanceClass: 'db.m5.large',
        engine: 'postgres',
        allocatedStorageGiB: 100,
      });
      expect(db).toMatchObject({ state: 'available', tags: { env: 'prod' } });
      expect(only(resources, 'rds-cluster', IDS.dbCluster)).toMatchObject({
        engine: 'aurora-postgresql',
        state: 'available',
      });
      const bucket = only(resources, 's3-bucket', IDS.bucket);
      expect(bucket.storage).toEqual([
        { storageClass: 'STANDARD', bytes: 1_000_000_000 },
        { storageClass: 'GLACIER', bytes: 5_000_000_000 },
      ]);
      expect(bucket.lifecycleRules, 'no lifecycle configuration').toBe(0);
      const asg = only(resources, 'autoscaling-group', IDS.asg);
      expect(asg).toMatchObject({ minSize: 1, desiredCapacity: 2, maxSize: 4 });
      expect(asg.launchTemplate).toEqual({ name: 'web', version: '$Latest', instanceType: 'm5.large' });
      expect(asg.mixedInstancesPolicy).toEqual({
        onDemandBaseCapacity: 1,
        onDemandPercentageAboveBaseCapacity: 0,
        spotAllocationStrategy: 'price-capacity-optimized',
        instanceTypes: ['m5.large', 'm5a.large'],
      });
      const nodegroup = only(resources, 'eks-nodegroup', IDS.nodegroup);
      expect(nodegroup).toMatchObject({ clusterName: IDS.cluster, minSize: 2, desiredSize: 3, maxSize: 6 });
      expect(only(resources, 'eks-cluster', IDS.cluster)).toMatchObject({ version: '1.31', state: 'active' });
      const fn = only(resources, 'lambda-function', IDS.lambda);
      expect(fn).toMatchObject({
        runtime: 'nodejs20.x',
        memoryMiB: 512,
        timeoutSeconds: 30,
        codeSizeBytes: 4096,
      });
      const nat = only(resources, 'nat-gateway', IDS.nat);
      expect(nat).toMatchObject({
        state: 'available',
        connectivityType: 'public',
        vpcId: 'vpc-0a1b2c3d4e5f60001',
        subnetId: 'subnet-0a1b2c3d4e5f60001',
        publicIp: '203.0.113.20',
        name: 'egress-a',
      });
      expect(nat.arn).toBe(`arn:aws:ec2:us-east-1:${ACCOUNT_ID}:natgateway/${IDS.nat}`);
      expect(nat.createdAt).toEqual(new Date('2026-01-05T09:30:00Z'));
    });

    it('keeps what succeeded when one service of a region is denied', async () => {
      const { port, account } = subject();
      const { resources, failures } = await port.listResources(account, 'eu-west-1', [
        'ec2-instance',
        'rds-instance',
      ]);
      expect(resources.map((r) => r.id)).toEqual([IDS.euWeb]);
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({ accountId: ACCOUNT_ID, region: 'eu-west-1', service: 'rds' });
      expect(failures[0]?.code).toBe('AccessDenied');
      expect(failures[0]?.kinds).toContain('rds-instance');
    });

    it('reports an account whose role cannot be assumed, per account', async () => {
      const { port } = subject();
      const { resources, failures } = await port.listResources(DENIED_ACCOUNT, 'us-east-1', ['ec2-instance']);
      expect(resources).toEqual([]);
      expect(failures).toMatchObject([
        { accountId: DENIED_ACCOUNT_ID, service: 'sts', code: 'AccessDenied' },
      ]);
      const regions = await port.listRegions(DENIED_ACCOUNT);
      expect(regions.failures[0]?.service).toBe('sts');
    });

    it('answers metric queries in order, with points inside the range', async () => {
      const { port, account } = subject();
      const start = new Date(CONTRACT_NOW.getTime() - 6 * 3_600_000);
      const { series, failures } = await port.getMetrics(account, 'us-east-1', {
        queries: [
          {
            id: 'cpu',
            metric: 'cpu-utilization',
            resource: { kind: 'ec2-instance', id: IDS.web },
            stat: 'Average',
          },
          {
            id: 'req',
            metric: 'elb-requests',
            resource: { kind: 'load-balancer', id: IDS.alb },
            stat: 'Sum',
          },
          {
            id: 'nat',
            metric: 'nat-bytes-out',
            resource: { kind: 'nat-gateway', id: IDS.nat },
            stat: 'Sum',
          },
        ],
        start,
        end: CONTRACT_NOW,
        periodSeconds: 3600,
      });
      expect(failures).toEqual([]);
      expect(series.map((s) => s.id)).toEqual(['cpu', 'req', 'nat']);
      expect(series[2]?.points.length).toBeGreaterThan(0);
      expect(series[2]?.points.every((p) => p.value > 0)).toBe(true);
      const cpu = series[0]?.points ?? [];
      expect(cpu.length).toBeGreaterThan(0);
      for (const point of cpu) {
        expect(point.value).toBeGreaterThan(0);
        expect(point.value).toBeLessThanOrEqual(100);
        expect(point.timestamp.getTime()).toBeGreaterThanOrEqual(start.getTime());
        expect(point.timestamp.getTime()).toBeLessThan(CONTRACT_NOW.getTime());
      }
      const times = cpu.map((p) => p.timestamp.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
    });

    it('answers an empty series and the failure when metrics are denied', async () => {
      const { port, account } = subject();
      const { series, failures } = await port.getMetrics(account, 'eu-west-1', {
        queries: [
          {
            id: 'cpu',
            metric: 'cpu-utilization',
            resource: { kind: 'ec2-instance', id: IDS.euWeb },
            stat: 'Maximum',
          },
        ],
        start: new Date(CONTRACT_NOW.getTime() - 3_600_000),
        end: CONTRACT_NOW,
        periodSeconds: 300,
      });
      expect(series).toEqual([{ id: 'cpu', points: [] }]);
      expect(failures).toMatchObject([{ region: 'eu-west-1', service: 'cloudwatch', code: 'AccessDenied' }]);
    });

    it("lists an Auto Scaling group's scaling activities, newest first, at most as many as asked", async () => {
      const { port, account } = subject();
      const { activities, failures } = await port.scalingActivities(account, 'us-east-1', IDS.asg, 20);
      expect(failures).toEqual([]);
      expect(activities).toEqual(CONTRACT_ACTIVITIES);
      const one = await port.scalingActivities(account, 'us-east-1', IDS.asg, 1);
      expect(one.activities.map((a) => a.id)).toEqual([CONTRACT_ACTIVITIES[0]?.id]);
    });

    it('stops a running instance and says what changed', async () => {
      const { port, account } = subject();
      const result = await port.act(account, {
        type: 'stop',
        region: 'us-east-1',
        resource: { kind: 'ec2-instance', id: IDS.web },
      });
      expect(result).toMatchObject({
        action: 'stop',
        resource: { kind: 'ec2-instance', id: IDS.web },
        deleted: false,
      });
      expect(result.changes).toEqual([{ field: 'state', before: 'running', after: 'stopping' }]);
    });

    it("acts on many resources at once, a refusal being only its own action's", async () => {
      const { port, account } = subject();
      const missing = 'i-0ffffffffffffffff';
      const answers = await port.actMany(account, [
        { type: 'stop', region: 'us-east-1', resource: { kind: 'ec2-instance', id: IDS.web } },
        { type: 'stop', region: 'us-east-1', resource: { kind: 'ec2-instance', id: missing } },
        {
          type: 'scale',
          region: 'us-east-1',
          resource: { kind: 'autoscaling-group', id: IDS.asg },
          minSize: 1,
          desiredSize: 3,
          maxSize: 4,
        },
      ]);
      expect(answers).toHaveLength(3);
      expect(answers[0]).toMatchObject({
        ok: true,
        result: { action: 'stop', changes: [{ field: 'state', before: 'running', after: 'stopping' }] },
      });
      expect(answers[1]).toMatchObject({ ok: false, error: { code: 'not-found' } });
      expect(answers[1]?.ok === false && answers[1].error).toBeInstanceOf(CloudActionError);
      expect(answers[2]).toMatchObject({
        ok: true,
        result: { changes: [{ field: 'desiredCapacity', before: 2, after: 3 }] },
      });
    });

    it('scales an Auto Scaling group, reporting each changed size', async () => {
      const { port, account } = subject();
      const result = await port.act(account, {
        type: 'scale',
        region: 'us-east-1',
        resource: { kind: 'autoscaling-group', id: IDS.asg },
        minSize: 1,
        desiredSize: 3,
        maxSize: 4,
      });
      expect(result.changes).toEqual([{ field: 'desiredCapacity', before: 2, after: 3 }]);
    });

    it("sets an Auto Scaling group's mixed instances policy, reporting what changed", async () => {
      const { port, account } = subject();
      const result = await port.act(account, {
        type: 'mixed-instances',
        region: 'us-east-1',
        resource: { kind: 'autoscaling-group', id: IDS.asg },
        onDemandBaseCapacity: 1,
        onDemandPercentageAboveBaseCapacity: 0,
        spotAllocationStrategy: 'price-capacity-optimized',
        instanceTypes: ['m5.large', 'm5a.large', 'm6i.large'],
      });
      expect(result.changes).toEqual([
        { field: 'instanceTypes', before: 'm5.large,m5a.large', after: 'm5.large,m5a.large,m6i.large' },
      ]);
    });

    it("launches a group's new instances as another type through a new launch template version", async () => {
      const { port, account } = subject();
      const result = await port.act(account, {
        type: 'launch-template-type',
        region: 'us-east-1',
        resource: { kind: 'autoscaling-group', id: IDS.asg },
        instanceType: 'm6i.large',
        replaces: 'm5.large',
      });
      expect(result.changes).toEqual([
        { field: 'launchTemplateVersion', before: '1', after: '2' },
        { field: 'instanceType', before: 'm5.large', after: 'm6i.large' },
        { field: 'instanceTypes', before: 'm5.large,m5a.large', after: 'm6i.large,m5a.large' },
      ]);
    });

    it("starts a group's instance refresh, and refuses a second one while it runs", async () => {
      const { port, account } = subject();
      const refresh = {
        type: 'instance-refresh',
        region: 'us-east-1',
        resource: { kind: 'autoscaling-group', id: IDS.asg },
      } as const;
      const result = await port.act(account, refresh);
      expect(result.changes).toEqual([
        { field: 'instanceRefresh', before: null, after: expect.stringMatching(/\S/) },
      ]);
      const again = port.act(account, refresh);
      await expect(again).rejects.toBeInstanceOf(CloudActionError);
      await expect(again).rejects.toMatchObject({ code: 'invalid-state' });
    });

    it("puts a group's recurring scheduled actions, lists them, and replaces one by name", async () => {
      const { port, account } = subject();
      const group = { kind: 'autoscaling-group', id: IDS.asg } as const;
      const down = {
        name: 'finlens-scale-down',
        recurrence: '0 20 * * 1-5',
        timeZone: 'Europe/Berlin',
        minSize: 1,
        desiredCapacity: 1,
        maxSize: 4,
      };
      const up = {
        ...down,
        name: 'finlens-scale-up',
        recurrence: '0 8 * * 1-5',
        minSize: 2,
        desiredCapacity: 2,
      };
      const put = {
        type: 'scheduled-scaling',
        region: 'us-east-1',
        resource: group,
        actions: [down, up],
      } as const;
      expect((await port.scheduledActions(account, 'us-east-1', IDS.asg)).actions).toEqual([]);
      const first = await port.act(account, put);
      expect(first.changes).toEqual([
        {
          field: 'scheduledAction:finlens-scale-down',
          before: null,
          after: '0 20 * * 1-5 Europe/Berlin: min 1, desired 1, max 4',
        },
        {
          field: 'scheduledAction:finlens-scale-up',
          before: null,
          after: '0 8 * * 1-5 Europe/Berlin: min 2, desired 2, max 4',
        },
      ]);
      expect(await port.scheduledActions(account, 'us-east-1', IDS.asg)).toEqual({
        actions: [down, up],
        failures: [],
      });
      // The same actions again change nothing; a changed one replaces its namesake.
      expect((await port.act(account, put)).changes).toEqual([]);
      const later = { ...down, recurrence: '0 21 * * 1-5' };
      const replaced = await port.act(account, { ...put, actions: [later] });
      expect(replaced.changes).toEqual([
        {
          field: 'scheduledAction:finlens-scale-down',
          before: '0 20 * * 1-5 Europe/Berlin: min 1, desired 1, max 4',
          after: '0 21 * * 1-5 Europe/Berlin: min 1, desired 1, max 4',
        },
      ]);
      expect((await port.scheduledActions(account, 'us-east-1', IDS.asg)).actions).toEqual([later, up]);
      const missing = port.act(account, { ...put, resource: { ...group, id: 'no-such-group' } });
      await expect(missing).rejects.toMatchObject({ code: 'not-found' });
    });

    it("describes the account's EC2 and RDS reservations of a region in every state, RDS page by page", async () => {
      const { port, account } = subject();
      const answer = await port.listReservations(account, 'us-east-1');
      expect(answer.failures).toEqual([]);
      const reservations = answer.reservations.filter((r) => r.service === 'ec2' || r.service === 'rds');
      const year = 365 * 86_400_000;
      const start = (date: string) => new Date(`${date}T09:30:00Z`);
      const ec2 = { service: 'ec2', multiAz: null, productDescription: 'Linux/UNIX' };
      const rds = { service: 'rds', offeringClass: null, scope: null, availabilityZone: null };
      expect(reservations).toEqual([
        {
          ...ec2,
          id: RIS.web,
          arn: `arn:aws:ec2:us-east-1:${ACCOUNT_ID}:reserved-instances/${RIS.web}`,
          state: 'active',
          start: start('2026-01-10'),
          end: new Date(start('2026-01-10').getTime() + year),
          durationSeconds: 31_536_000,
          count: 2,
          instanceType: 'm5.large',
          offeringClass: 'standard',
          offeringType: 'No Upfront',
          scope: 'Region',
          availabilityZone: null,
        },
        {
          ...ec2,
          id: RIS.batch,
          arn: `arn:aws:ec2:us-east-1:${ACCOUNT_ID}:reserved-instances/${RIS.batch}`,
          state: 'retired',
          start: start('2023-02-01'),
          end: new Date(start('2023-02-01').getTime() + 3 * year),
          durationSeconds: 94_608_000,
          count: 1,
          instanceType: 't3.micro',
          offeringClass: 'convertible',
          offeringType: 'All Upfront',
          scope: 'Availability Zone',
          availabilityZone: 'us-east-1b',
        },
        {
          ...rds,
          id: RIS.legacyDb,
          arn: `arn:aws:rds:us-east-1:${ACCOUNT_ID}:ri:${RIS.legacyDb}`,
          state: 'retired',
          start: start('2024-06-01'),
          end: new Date(start('2024-06-01').getTime() + year),
          durationSeconds: 31_536_000,
          count: 1,
          instanceType: 'db.t3.medium',
          offeringType: 'No Upfront',
          productDescription: 'mysql',
          multiAz: false,
        },
        {
          ...rds,
          id: RIS.ordersDb,
          arn: `arn:aws:rds:us-east-1:${ACCOUNT_ID}:ri:${RIS.ordersDb}`,
          state: 'active',
          start: start('2026-01-15'),
          end: new Date(start('2026-01-15').getTime() + year),
          durationSeconds: 31_536_000,
          count: 1,
          instanceType: 'db.m5.large',
          offeringType: 'Partial Upfront',
          productDescription: 'postgresql',
          multiAz: true,
        },
      ]);
    });

    it("describes the account's ElastiCache, OpenSearch and Redshift reservations, page by page, end = start + Duration", async () => {
      const { port, account } = subject();
      const { reservations } = await port.listReservations(account, 'us-east-1');
      const year = 365 * 86_400_000;
      const start = (date: string) => new Date(`${date}T09:30:00Z`);
      const unset = { scope: null, availabilityZone: null, multiAz: null };
      const term = (date: string, years: number) => ({
        start: start(date),
        end: new Date(start(date).getTime() + years * year),
        durationSeconds: years * 31_536_000,
      });
      expect(reservations.filter((r) => r.service !== 'ec2' && r.service !== 'rds')).toEqual([
        {
          ...unset,
          ...term('2025-01-01', 1),
          service: 'elasticache',
          id: RIS.oldCache,
          arn: `arn:aws:elasticache:us-east-1:${ACCOUNT_ID}:reserved-instance:${RIS.oldCache}`,
          state: 'retired',
          count: 1,
          instanceType: 'cache.t3.small',
          offeringClass: null,
          offeringType: 'No Upfront',
          productDescription: 'memcached',
        },
        {
          ...unset,
          ...term('2026-02-01', 1),
          service: 'elasticache',
          id: RIS.sessionsCache,
          arn: `arn:aws:elasticache:us-east-1:${ACCOUNT_ID}:reserved-instance:${RIS.sessionsCache}`,
          state: 'active',
          count: 2,
          instanceType: 'cache.r6g.large',
          offeringClass: null,
          offeringType: 'Partial Upfront',
          productDescription: 'redis',
        },
        {
          ...unset,
          ...term('2026-04-01', 1),
          service: 'opensearch',
          id: RIS.search,
          arn: `arn:aws:es:us-east-1:${ACCOUNT_ID}:reserved-instances/${RIS.search}`,
          state: 'active',
          count: 3,
          instanceType: 'r6g.large.search',
          offeringClass: null,
          offeringType: 'All Upfront',
          productDescription: null,
        },
        {
          ...unset,
          ...term('2025-05-01', 3),
          service: 'redshift',
          id: RIS.warehouse,
          arn: `arn:aws:redshift:us-east-1:${ACCOUNT_ID}:reserved-node:${RIS.warehouse}`,
          state: 'active',
          count: 2,
          instanceType: 'ra3.xlplus',
          offeringClass: 'Regular',
          offeringType: 'No Upfront',
          productDescription: null,
        },
      ]);
    });

    it("describes the account's savings plans in every state, with their commitment and terms", async () => {
      const { port, account } = subject();
      const { savingsPlans, failures } = await port.listSavingsPlans(account);
      expect(failures).toEqual([]);
      const year = 31_536_000;
      const start = (date: string) => new Date(`${date}T09:30:00Z`);
      const plans = [
        {
          id: PLANS.compute,
          arn: savingsPlanArnOf(PLANS.compute),
          state: 'active',
          start: start('2025-06-01'),
          end: new Date(start('2025-06-01').getTime() + 3 * year * 1000),
          durationSeconds: 3 * year,
          planType: 'Compute',
          paymentOption: 'No Upfront',
          commitment: 2.5,
          upfrontPaymentAmount: 0,
          recurringPaymentAmount: 2.5,
          currency: 'USD',
          region: null,
          instanceFamily: null,
        },
        {
          id: PLANS.instance,
          arn: savingsPlanArnOf(PLANS.instance),
          state: 'retired',
          start: start('2024-09-01'),
          end: new Date(start('2024-09-01').getTime() + year * 1000),
          durationSeconds: year,
          planType: 'EC2Instance',
          paymentOption: 'Partial Upfront',
          commitment: 1.2,
          upfrontPaymentAmount: 5256,
          recurringPaymentAmount: 0.6,
          currency: 'USD',
          region: 'us-east-1',
          instanceFamily: 'm5',
        },
      ];
      expect(savingsPlans).toEqual(plans.sort((a, b) => a.arn.localeCompare(b.arn)));
      const denied = await port.listSavingsPlans(DENIED_ACCOUNT);
      expect(denied.savingsPlans).toEqual([]);
      expect(denied.failures).toMatchObject([{ accountId: DENIED_ACCOUNT_ID, service: 'sts' }]);
    });

    it("keeps one service's reservations when the other's call is denied, and refuses an account it cannot sign in to", async () => {
      const { port, account } = subject();
      const eu = await port.listReservations(account, 'eu-west-1');
      expect(eu.reservations.map((r) => [r.service, r.id, r.state])).toEqual([['ec2', RIS.euWeb, 'active']]);
      expect(eu.failures).toMatchObject([
        {
          accountId: ACCOUNT_ID,
          region: 'eu-west-1',
          service: 'rds',
          operation: 'DescribeReservedDBInstances',
          code: 'AccessDenied',
        },
      ]);
      const denied = await port.listReservations(DENIED_ACCOUNT, 'us-east-1');
      expect(denied.reservations).toEqual([]);
      expect(denied.failures).toMatchObject([{ accountId: DENIED_ACCOUNT_ID, service: 'sts' }]);
    });

    it('deletes an unattached volume and refuses an attached one', async () => {
      const { port, account } = subject();
      const volume = (id: string) =>
        ({ type: 'delete', region: 'us-east-1', resource: { kind: 'ebs-volume', id } }) as const;
      const result = await port.act(account, volume(IDS.spareVolume));
      expect(result.deleted).toBe(true);
      const refused = port.act(account, volume(IDS.rootVolume));
      await expect(refused).rejects.toBeInstanceOf(CloudActionError);
      await expect(refused).rejects.toMatchObject({ code: 'invalid-state' });
    });

    it('deletes a NAT gateway', async () => {
      const { port, account } = subject();
      const result = await port.act(account, {
        type: 'delete',
        region: 'us-east-1',
        resource: { kind: 'nat-gateway', id: IDS.nat },
      });
      expect(result).toMatchObject({ deleted: true, resource: { kind: 'nat-gateway', id: IDS.nat } });
      expect(result.changes[0]).toMatchObject({ field: 'state', before: 'available' });
    });

    it('deletes a load balancer', async () => {
      const { port, account } = subject();
      const result = await port.act(account, {
        type: 'delete',
        region: 'us-east-1',
        resource: { kind: 'load-balancer', id: IDS.alb },
      });
      expect(result).toMatchObject({ deleted: true, resource: { kind: 'load-balancer', id: IDS.alb } });
      expect(result.changes).toEqual([{ field: 'state', before: 'active', after: 'deleted' }]);
    });

    it("changes a volume's type and IOPS in place", async () => {
      const { port, account } = subject();
      const result = await port.act(account, {
        type: 'modify-volume',
        region: 'us-east-1',
        resource: { kind: 'ebs-volume', id: IDS.spareVolume },
        volumeType: 'gp3',
        iops: 3000,
      });
      expect(result.deleted).toBe(false);
      expect(result.changes[0]).toEqual({ field: 'volumeType', before: 'gp2', after: 'gp3' });
      expect(result.changes.find((c) => c.field === 'iops')?.after).toBe(3000);
    });

    it('deletes a database after its final snapshot', async () => {
      const { port, account } = subject();
      const result = await port.act(account, {
        type: 'delete-database',
        region: 'us-east-1',
        resource: { kind: 'rds-instance', id: IDS.db },
        finalSnapshotId: 'finlens-final-orders-db-0a1b2c3d',
      });
      expect(result.deleted).toBe(true);
      expect(result.changes).toEqual([
        { field: 'state', before: 'available', after: 'deleting' },
        { field: 'finalSnapshot', before: null, after: 'finlens-final-orders-db-0a1b2c3d' },
      ]);
    });

    it('terminates a stopped instance', async () => {
      const { port, account } = subject();
      const result = await port.act(account, {
        type: 'terminate',
        region: 'us-east-1',
        resource: { kind: 'ec2-instance', id: IDS.batch },
      });
      expect(result.deleted).toBe(true);
      expect(result.changes).toEqual([{ field: 'state', before: 'stopped', after: 'shutting-down' }]);
    });

    it("sets a function's memory, reporting the memory before", async () => {
      const { port, account } = subject();
      const result = await port.act(account, {
        type: 'set-memory',
        region: 'us-east-1',
        resource: { kind: 'lambda-function', id: IDS.lambda },
        memoryMiB: 256,
      });
      expect(result.changes).toEqual([{ field: 'memoryMiB', before: 512, after: 256 }]);
    });

    it('adds a lifecycle rule to a bucket without one', async () => {
      const { port, account } = subject();
      const result = await port.act(account, TIERING_ACTION);
      expect(result.changes).toEqual([{ field: 'lifecycleRules', before: 0, after: 1 }]);
    });

    it('snapshots a volume, naming the snapshot it made', async () => {
      const { port, account } = subject();
      const result = await port.act(account, {
        type: 'snapshot',
        region: 'us-east-1',
        resource: { kind: 'ebs-volume', id: IDS.rootVolume },
      });
      expect(result.created?.kind).toBe('ebs-snapshot');
      expect(result.created?.id).toMatch(/^snap-/);
    });
  });
}
