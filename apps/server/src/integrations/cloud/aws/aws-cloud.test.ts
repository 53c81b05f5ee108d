import {
  DescribeInstancesCommand,
  DescribeReservedInstancesCommand,
  EC2Client,
  StopInstancesCommand,
} from '@aws-sdk/client-ec2';
import {
  DescribeFargateProfileCommand,
  ListClustersCommand,
  ListFargateProfilesCommand,
} from '@aws-sdk/client-eks';
import { DescribeReservedCacheNodesCommand } from '@aws-sdk/client-elasticache';
import { UpdateFunctionConfigurationCommand } from '@aws-sdk/client-lambda';
import { DescribeReservedInstancesCommand as DescribeReservedSearchInstancesCommand } from '@aws-sdk/client-opensearch';
import { DescribeReservedDBInstancesCommand } from '@aws-sdk/client-rds';
import { DescribeReservedNodesCommand } from '@aws-sdk/client-redshift';
import {
  GetBucketLifecycleConfigurationCommand,
  ListBucketsCommand,
  PutBucketLifecycleConfigurationCommand,
} from '@aws-sdk/client-s3';
import { DescribeSavingsPlansCommand } from '@aws-sdk/client-savingsplans';
import { STSClient } from '@aws-sdk/client-sts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CloudActionError } from '../cloud-actions';
import { CONTRACT_ACCOUNT, cloudPortContract, TIERING_ACTION } from '../cloud-port.contract.test-helper';
import { RESOURCE_KINDS } from '../cloud-resources';
import { ACCOUNT_ID, CONTRACT_NOW, CONTRACT_IDS as IDS } from '../contract-world.test-helper';
import { isListedCall, SERVICE_CLIENTS } from './aws-calls';
import { AWS_RETRY, createAwsClients, guardOperations } from './aws-clients';
import { createAwsCloud } from './aws-cloud';
import { awsError, mockAwsWorld, stopInstances } from './aws-world.test-helper';

let mocks: ReturnType<typeof mockAwsWorld> | null = null;
afterEach(() => {
  for (const mock of Object.values(mocks ?? {})) mock.restore();
  mocks = null;
});

function subject() {
  mocks = mockAwsWorld();
  return { port: createAwsCloud({ now: () => CONTRACT_NOW }), account: CONTRACT_ACCOUNT };
}

cloudPortContract('aws (mocked SDK)', subject);

describe('aws adapter', () => {
  it('sends only operations listed in AWS_CALLS', async () => {
    const { port, account } = subject();
    const region = 'us-east-1';
    await port.listRegions(account);
    await port.listResources(account, region, RESOURCE_KINDS);
    await port.listReservations(account, region);
    await port.listSavingsPlans(account);
    await port.getMetrics(account, region, {
      queries: [
        {
          id: 'cpu',
          metric: 'cpu-utilization',
          resource: { kind: 'ec2-instance', id: IDS.web },
          stat: 'p95',
        },
      ],
      start: new Date(CONTRACT_NOW.getTime() - 3_600_000),
      end: CONTRACT_NOW,
      periodSeconds: 300,
    });
    await port.act(account, { type: 'stop', region, resource: { kind: 'ec2-instance', id: IDS.web } });
    await port.act(account, {
      type: 'delete',
      region,
      resource: { kind: 'ebs-volume', id: IDS.spareVolume },
    });
    await port.act(account, {
      type: 'snapshot',
      region,
      resource: { kind: 'ebs-volume', id: IDS.rootVolume },
    });
    await port.act(account, { type: 'delete', region, resource: { kind: 'nat-gateway', id: IDS.nat } });
    await port.act(account, {
      type: 'set-memory',
      region,
      resource: { kind: 'lambda-function', id: IDS.lambda },
      memoryMiB: 256,
    });
    await port.act(account, TIERING_ACTION);
    const sent = Object.entries(SERVICE_CLIENTS).flatMap(([key, client]) =>
      (mocks?.[key as keyof typeof SERVICE_CLIENTS].calls() ?? []).map((call) => [
        client,
        (call.args[0] as object).constructor.name,
      ]),
    );
    expect(sent.length).toBeGreaterThan(15);
    expect(sent.filter(([client, command]) => !isListedCall(client ?? '', command ?? ''))).toEqual([]);
    // Signed in once, with the role's external ID and a session name that says what the session is for.
    expect(mocks?.sts.calls().map((call) => (call.args[0] as { input: object }).input)).toEqual([
      expect.objectContaining({
        ExternalId: account.credentials.kind === 'role' ? account.credentials.externalId : null,
        RoleSessionName: 'finlens-inventory',
      }),
    ]);
  });

  it('asks RDS for its reservations page by page with Marker, and EC2 once', async () => {
    const { port, account } = subject();
    await port.listReservations(account, 'us-east-1');
    const inputs = (mocks?.rds.commandCalls(DescribeReservedDBInstancesCommand) ?? []).map(
      (call) => call.args[0].input,
    );
    expect(inputs).toEqual([{ MaxRecords: 100 }, { MaxRecords: 100, Marker: 'page-1' }]);
    expect(mocks?.ec2.commandCalls(DescribeReservedInstancesCommand)).toHaveLength(1);
  });

  it('asks ElastiCache and Redshift page by page with Marker, OpenSearch with NextToken, Savings Plans with nextToken', async () => {
    const { port, account } = subject();
    await port.listReservations(account, 'us-east-1');
    await port.listSavingsPlans(account);
    const inputs = (calls: { args: [{ input: unknown }] }[] | undefined) =>
      (calls ?? []).map((call) => call.args[0].input);
    expect(inputs(mocks?.elasticache.commandCalls(DescribeReservedCacheNodesCommand))).toEqual([
      { MaxRecords: 100 },
      { MaxRecords: 100, Marker: 'page-1' },
    ]);
    expect(inputs(mocks?.opensearch.commandCalls(DescribeReservedSearchInstancesCommand))).toEqual([
      { MaxResults: 100 },
    ]);
    expect(inputs(mocks?.redshift.commandCalls(DescribeReservedNodesCommand))).toEqual([{ MaxRecords: 100 }]);
    expect(inputs(mocks?.savingsplans.commandCalls(DescribeSavingsPlansCommand))).toEqual([
      { maxResults: 1000 },
      { maxResults: 1000, nextToken: 'page-1' },
    ]);
  });

  it("aborts a sign-in that outlasts the time limit and records it once, as the sign-in's failure", async () => {
    mocks = mockAwsWorld();
    let signal: AbortSignal | undefined;
    // AssumeRole answers only when aborted, as the SDK does: with an AbortError.
    const spy = vi.spyOn(STSClient.prototype, 'send').mockImplementation(((
      ...args: Parameters<STSClient['send']>
    ) => {
      signal = (args[1] as { abortSignal?: AbortSignal } | undefined)?.abortSignal;
      return new Promise((_, reject) => {
        signal?.addEventListener('abort', () =>
          reject(Object.assign(new Error('Request aborted'), { name: 'AbortError' })),
        );
      });
    }) as STSClient['send']);
    try {
      const port = createAwsCloud({ now: () => CONTRACT_NOW, reservationTimeoutMs: 200 });
      const answer = await port.listSavingsPlans(CONTRACT_ACCOUNT);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(signal?.aborted).toBe(true);
      expect(answer.savingsPlans).toEqual([]);
      expect(answer.failures).toMatchObject([
        { service: 'sts', operation: 'AssumeRole', code: 'TimeoutError' },
      ]);
      expect(answer.failures).toHaveLength(1);
      expect(mocks.savingsplans.commandCalls(DescribeSavingsPlansCommand)).toHaveLength(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('gives up on a reservation call that does not answer within its time limit, keeping the other service', async () => {
    mocks = mockAwsWorld();
    let aborted: AbortSignal | undefined;
    mocks.ec2.on(DescribeReservedInstancesCommand).callsFake(() => new Promise(() => {}));
    mocks.rds.on(DescribeReservedDBInstancesCommand).callsFake(() => ({ ReservedDBInstances: [] }));
    // The signal reaches the SDK's send, so the request itself is aborted, not only no longer awaited.
    const send = EC2Client.prototype.send;
    const spy = vi.spyOn(EC2Client.prototype, 'send').mockImplementation(function (
      this: EC2Client,
      ...args: Parameters<EC2Client['send']>
    ) {
      const options = args[1] as { abortSignal?: AbortSignal } | undefined;
      if (args[0] instanceof DescribeReservedInstancesCommand) aborted = options?.abortSignal;
      return (send as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    } as EC2Client['send']);
    try {
      // One deadline covers sign-in and both listings: long enough for the answering ones on a busy machine,
      // while EC2 never answers.
      const port = createAwsCloud({ now: () => CONTRACT_NOW, reservationTimeoutMs: 1_000 });
      const { reservations, failures } = await port.listReservations(CONTRACT_ACCOUNT, 'us-east-1');
      expect(reservations.map((r) => r.service)).toEqual([
        'elasticache',
        'elasticache',
        'opensearch',
        'redshift',
      ]);
      expect(failures).toMatchObject([
        { service: 'ec2', operation: 'DescribeReservedInstances', code: 'TimeoutError' },
      ]);
      expect(aborted?.aborted).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it("lists a cluster's Fargate profiles, page by page, with their namespace selectors", async () => {
    const { port, account } = subject();
    mocks?.eks
      .on(ListFargateProfilesCommand)
      .resolvesOnce({ fargateProfileNames: ['batch'], nextToken: 't2' })
      .resolvesOnce({ fargateProfileNames: ['system'] });
    mocks?.eks.on(DescribeFargateProfileCommand).callsFake((input: { fargateProfileName: string }) => ({
      fargateProfile: {
        fargateProfileName: input.fargateProfileName,
        fargateProfileArn: `arn:aws:eks:us-east-1:${ACCOUNT_ID}:fargateprofile/${IDS.cluster}/${input.fargateProfileName}/1a2b`,
        clusterName: IDS.cluster,
        status: 'ACTIVE',
        selectors: [
          { namespace: input.fargateProfileName === 'batch' ? 'jobs' : 'kube-system', labels: { tier: 'x' } },
        ],
        subnets: ['subnet-1'],
        tags: { team: 'data' },
      },
    }));
    const { resources } = await port.listResources(account, 'us-east-1', ['eks-fargate-profile']);
    expect(resources).toEqual([
      expect.objectContaining({
        kind: 'eks-fargate-profile',
        id: `${IDS.cluster}/batch`,
        name: 'batch',
        state: 'active',
        clusterName: IDS.cluster,
        selectors: [{ namespace: 'jobs', labels: { tier: 'x' } }],
        subnets: ['subnet-1'],
        tags: { team: 'data' },
        attachments: [{ kind: 'eks-cluster', id: IDS.cluster }],
      }),
      expect.objectContaining({
        id: `${IDS.cluster}/system`,
        selectors: [{ namespace: 'kube-system', labels: { tier: 'x' } }],
      }),
    ]);
    expect(mocks?.eks.commandCalls(ListFargateProfilesCommand)).toHaveLength(2);
  });

  it("counts a bucket's enabled lifecycle rules; one it may not read keeps the bucket and is recorded", async () => {
    const { port, account } = subject();
    mocks?.s3.on(GetBucketLifecycleConfigurationCommand, { Bucket: IDS.bucket }).resolvesOnce({
      Rules: [
        {
          ID: 'logs-to-ia',
          Status: 'Enabled',
          Filter: { Prefix: 'logs/' },
          Transitions: [{ Days: 30, StorageClass: 'STANDARD_IA' }],
        },
        { ID: 'old-expiry', Status: 'Disabled', Filter: {}, Expiration: { Days: 365 } },
        {
          ID: 'multipart',
          Status: 'Enabled',
          Filter: {},
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: 7 },
        },
      ],
    });
    const configured = await port.listResources(account, 'us-east-1', ['s3-bucket']);
    expect(configured.resources).toMatchObject([{ id: IDS.bucket, lifecycleRules: 2 }]);
    expect(configured.failures).toEqual([]);

    mocks?.s3.on(ListBucketsCommand).resolves({
      Buckets: [
        { Name: IDS.bucket, BucketRegion: 'us-east-1' },
        { Name: 'finlens-contract-exports', BucketRegion: 'us-east-1' },
      ],
    });
    mocks?.s3
      .on(GetBucketLifecycleConfigurationCommand)
      .rejects(awsError('AccessDenied', 'User is not authorized to perform: s3:GetLifecycleConfiguration'));
    const denied = await port.listResources(account, 'us-east-1', ['s3-bucket']);
    expect(denied.resources).toMatchObject([
      { id: 'finlens-contract-exports', lifecycleRules: null },
      { id: IDS.bucket, lifecycleRules: null },
    ]);
    // No kind lost: the collection still updates the buckets, and the failure names the operation.
    expect(denied.failures).toMatchObject([
      { service: 's3', operation: 'GetBucketLifecycleConfiguration', code: 'AccessDenied', kinds: [] },
    ]);
  });

  it("keeps a bucket's other lifecycle rules when adding one, and replaces its own on a second apply", async () => {
    const { port, account } = subject();
    const existing = {
      ID: 'logs-expiry',
      Status: 'Enabled' as const,
      Filter: { Prefix: 'logs/' },
      Expiration: { Days: 90 },
    };
    const ours = {
      ID: 'finlens-intelligent-tiering',
      Status: 'Enabled' as const,
      Filter: { Prefix: '' },
      Transitions: [{ Days: 0, StorageClass: 'INTELLIGENT_TIERING' as const }],
      AbortIncompleteMultipartUpload: { DaysAfterInitiation: 7 },
    };
    mocks?.s3
      .on(GetBucketLifecycleConfigurationCommand, { Bucket: IDS.bucket })
      .resolvesOnce({ Rules: [existing] })
      .resolvesOnce({
        Rules: [existing, { ...ours, Transitions: [{ Days: 30, StorageClass: 'GLACIER_IR' }] }],
      });
    const action = TIERING_ACTION;
    expect((await port.act(account, action)).changes).toEqual([
      { field: 'lifecycleRules', before: 1, after: 2 },
    ]);
    expect((await port.act(account, action)).changes).toEqual([]);
    const puts = mocks?.s3.commandCalls(PutBucketLifecycleConfigurationCommand) ?? [];
    expect(puts.map((call) => call.args[0].input)).toEqual([
      { Bucket: IDS.bucket, LifecycleConfiguration: { Rules: [existing, ours] } },
      { Bucket: IDS.bucket, LifecycleConfiguration: { Rules: [existing, ours] } },
    ]);
  });

  it('refuses a memory change while the function is still updating, as invalid-state', async () => {
    const { port, account } = subject();
    mocks?.lambda
      .on(UpdateFunctionConfigurationCommand)
      .rejects(
        awsError(
          'ResourceConflictException',
          'The operation cannot be performed at this time. An update is in progress for resource',
        ),
      );
    const refused = port.act(account, {
      type: 'set-memory',
      region: 'us-east-1',
      resource: { kind: 'lambda-function', id: IDS.lambda },
      memoryMiB: 256,
    });
    await expect(refused).rejects.toBeInstanceOf(CloudActionError);
    await expect(refused).rejects.toMatchObject({ code: 'invalid-state' });
  });

  it('follows pagination tokens', async () => {
    const { port, account } = subject();
    const page = (id: string, NextToken?: string) => ({
      Reservations: [
        {
          OwnerId: ACCOUNT_ID,
          Instances: [
            { InstanceId: id, InstanceType: 't3.nano', State: { Code: 16, Name: 'running' as const } },
          ],
        },
      ],
      ...(NextToken ? { NextToken } : {}),
    });
    const pages: Record<string, ReturnType<typeof page>> = {
      first: page('i-1', 'token-2'),
      'token-2': page('i-2', 'token-3'),
      'token-3': page('i-3'),
    };
    // The paginator reuses one input object, so tokens are read as each call arrives.
    const tokens: (string | undefined)[] = [];
    mocks?.ec2.on(DescribeInstancesCommand).callsFake((input: { NextToken?: string }) => {
      tokens.push(input.NextToken);
      return pages[input.NextToken ?? 'first'];
    });
    const { resources } = await port.listResources(account, 'us-east-1', ['ec2-instance']);
    expect(resources.map((r) => r.id)).toEqual(['i-1', 'i-2', 'i-3']);
    expect(tokens).toEqual([undefined, 'token-2', 'token-3']);
  });

  it('records a throttled service after the retries and keeps the rest', async () => {
    const { port, account } = subject();
    mocks?.eks.on(ListClustersCommand).rejects(awsError('ThrottlingException', 'Rate exceeded'));
    const { resources, failures } = await port.listResources(account, 'us-east-1', [
      'ec2-instance',
      'eks-cluster',
    ]);
    expect(resources.filter((r) => r.kind === 'ec2-instance')).toHaveLength(2);
    expect(failures).toMatchObject([
      { service: 'eks', operation: 'ListClusters', code: 'ThrottlingException' },
    ]);
  });

  it('retries with adaptive back-off', async () => {
    const clients = createAwsClients('eu-west-1', { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' });
    expect(await clients.ec2.config.maxAttempts()).toBe(AWS_RETRY.maxAttempts);
    expect((await clients.rds.config.retryStrategy()).constructor.name).toBe('AdaptiveRetryStrategy');
  });

  it("refuses the server's own identity unless allowed", async () => {
    subject();
    const account = { accountId: ACCOUNT_ID, credentials: { kind: 'server-identity' } } as const;
    const refused = await createAwsCloud().listResources(account, 'us-east-1', ['ec2-instance']);
    expect(refused.failures).toMatchObject([{ service: 'sts', code: 'ServerIdentityNotAllowed' }]);
    const allowed = await createAwsCloud({ allowServerIdentity: true }).listResources(account, 'us-east-1', [
      'ec2-instance',
    ]);
    expect(allowed.failures).toEqual([]);
    expect(allowed.resources).toHaveLength(2);
  });

  it('blocks an operation the table does not list before sending it', async () => {
    mocks = null;
    const client = guardOperations(
      new EC2Client({ region: 'us-east-1', credentials: { accessKeyId: 'a', secretAccessKey: 'b' } }),
    );
    const { RebootInstancesCommand } = await import('@aws-sdk/client-ec2');
    await expect(client.send(new RebootInstancesCommand({ InstanceIds: ['i-1'] }))).rejects.toThrow(
      /not in AWS_CALLS/,
    );
  });
});

describe('aws adapter: many EC2 actions', () => {
  it('sends at most 1,000 ids a call, and a refusal naming ids fails only those (the rest sent again)', async () => {
    const { port, account } = subject();
    const ids = Array.from({ length: 2_500 }, (_, i) => `i-${(0x1000 + i).toString(16).padStart(17, '0')}`);
    const gone = [ids[10] as string, ids[1_500] as string];
    const states = Object.fromEntries(ids.filter((id) => !gone.includes(id)).map((id) => [id, 'running']));
    mocks?.ec2.on(StopInstancesCommand).callsFake(stopInstances(states));
    const answers = await port.actMany(
      account,
      ids.map(
        (id) => ({ type: 'stop', region: 'us-east-1', resource: { kind: 'ec2-instance', id } }) as const,
      ),
    );
    const sent = (mocks?.ec2.commandCalls(StopInstancesCommand) ?? []).map(
      (c) => c.args[0].input.InstanceIds ?? [],
    );
    // 1,000 + 1,000 + 500, and the two refused calls again without the id EC2 named.
    expect(sent.map((s) => s.length)).toEqual([1_000, 999, 1_000, 999, 500]);
    expect(sent[1]).not.toContain(gone[0]);
    expect(answers.filter((a) => a.ok)).toHaveLength(2_498);
    for (const id of gone) {
      expect(answers[ids.indexOf(id)]).toMatchObject({ ok: false, error: { code: 'not-found' } });
    }
    expect(answers[0]).toMatchObject({ ok: true, result: { resource: { id: ids[0] } } });
  });

  it('fails every id of a call refused as a whole (throttled), keeping the other calls', async () => {
    const { port, account } = subject();
    const ids = Array.from({ length: 1_001 }, (_, i) => `i-${(0x1000 + i).toString(16).padStart(17, '0')}`);
    const answer = stopInstances(Object.fromEntries(ids.map((id) => [id, 'running'])));
    mocks?.ec2.on(StopInstancesCommand).callsFake((input: { InstanceIds?: string[] }) => {
      if ((input.InstanceIds ?? []).length === 1)
        throw awsError('RequestLimitExceeded', 'Request limit exceeded.');
      return answer(input);
    });
    const answers = await port.actMany(
      account,
      ids.map(
        (id) => ({ type: 'stop', region: 'us-east-1', resource: { kind: 'ec2-instance', id } }) as const,
      ),
    );
    expect(answers.slice(0, 1_000).every((a) => a.ok)).toBe(true);
    expect(answers[1_000]).toMatchObject({ ok: false, error: { message: /RequestLimitExceeded/ } });
  });
});
