import {
  AutoScalingClient,
  DescribeAutoScalingGroupsCommand,
  DescribeScalingActivitiesCommand,
  DescribeScheduledActionsCommand,
  PutScheduledUpdateGroupActionCommand,
  type ScheduledUpdateGroupAction,
  StartInstanceRefreshCommand,
  UpdateAutoScalingGroupCommand,
} from '@aws-sdk/client-auto-scaling';
import { CloudWatchClient, GetMetricDataCommand } from '@aws-sdk/client-cloudwatch';
import {
  CreateLaunchTemplateVersionCommand,
  CreateSnapshotCommand,
  DeleteNatGatewayCommand,
  DeleteVolumeCommand,
  DescribeAddressesCommand,
  DescribeInstancesCommand,
  DescribeLaunchTemplateVersionsCommand,
  DescribeNatGatewaysCommand,
  DescribeRegionsCommand,
  DescribeReservedInstancesCommand,
  DescribeSnapshotsCommand,
  DescribeVolumesCommand,
  EC2Client,
  ModifyVolumeCommand,
  StopInstancesCommand,
  TerminateInstancesCommand,
} from '@aws-sdk/client-ec2';
import {
  DescribeClusterCommand,
  DescribeFargateProfileCommand,
  DescribeNodegroupCommand,
  EKSClient,
  ListClustersCommand,
  ListFargateProfilesCommand,
  ListNodegroupsCommand,
} from '@aws-sdk/client-eks';
import {
  DeleteLoadBalancerCommand,
  DescribeLoadBalancersCommand,
  DescribeTagsCommand,
  ElasticLoadBalancingV2Client,
} from '@aws-sdk/client-elastic-load-balancing-v2';
import { DescribeReservedCacheNodesCommand, ElastiCacheClient } from '@aws-sdk/client-elasticache';
import {
  GetFunctionConfigurationCommand,
  LambdaClient,
  ListFunctionsCommand,
  ListTagsCommand,
  UpdateFunctionConfigurationCommand,
} from '@aws-sdk/client-lambda';
import {
  DescribeReservedInstancesCommand as DescribeReservedSearchInstancesCommand,
  OpenSearchClient,
} from '@aws-sdk/client-opensearch';
import {
  DeleteDBInstanceCommand,
  DescribeDBClustersCommand,
  DescribeDBInstancesCommand,
  DescribeReservedDBInstancesCommand,
  RDSClient,
} from '@aws-sdk/client-rds';
import { DescribeReservedNodesCommand, RedshiftClient } from '@aws-sdk/client-redshift';
import {
  GetBucketLifecycleConfigurationCommand,
  GetBucketTaggingCommand,
  ListBucketsCommand,
  PutBucketLifecycleConfigurationCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { DescribeSavingsPlansCommand, SavingsplansClient } from '@aws-sdk/client-savingsplans';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { mockClient } from 'aws-sdk-client-mock';
import {
  ACCOUNT_ID as ACCOUNT,
  CONTRACT_ACTIVITIES,
  CONTRACT_IDS as IDS,
} from '../contract-world.test-helper';
import {
  addresses,
  albArn,
  buckets,
  cluster,
  dbClusters,
  dbInstances,
  euInstances,
  euReservedInstances,
  fargateProfile,
  functions,
  groups,
  loadBalancers,
  metricData,
  natGateways,
  nodegroup,
  regions,
  reservedCacheNodes,
  reservedDbInstances,
  reservedRedshiftNodes,
  reservedSearchInstances,
  rootVolume,
  savingsPlans,
  snapshots,
  spareVolume,
  usInstances,
  usReservedInstances,
  volumes,
} from './aws-world-responses.test-helper';

/*
 * Mocked AWS clients answering the contract world (contract-world.test-helper.ts): responses shaped like the
 * API reference's examples and typed by the SDK's output types. us-east-1 holds everything; eu-west-1 one
 * instance and an RDS that denies access; the role of any other account cannot be assumed.
 */

/** An error as the SDK throws it: AWS's code is its name. */
export function awsError(name: string, message: string): Error {
  return Object.assign(new Error(message), { name, $fault: 'client', $metadata: { httpStatusCode: 400 } });
}

/** Answers by the calling client's region (mocks replace `send` on every client of a class). */
function byRegion<T>(answers: Record<string, T | Error>, fallback: T) {
  return async (_input: unknown, getClient: () => { config: { region: () => Promise<string> } }) => {
    const answer = answers[await getClient().config.region()] ?? fallback;
    if (answer instanceof Error) throw answer;
    return answer;
  };
}

/**
 * Answers `items` one a page whatever the page size asks (the page's token `page-<n>`), so the adapter must
 * follow the token to the end; only in us-east-1 (other regions answer none).
 */
function onePerPage<T>(items: readonly T[], list: string, token: 'Marker' | 'NextToken' | 'nextToken') {
  return async (
    input: Record<string, unknown>,
    getClient: () => { config: { region: () => Promise<string> } },
  ) => {
    if ((await getClient().config.region()) !== 'us-east-1') return {};
    const page = input[token] === undefined ? 0 : Number(String(input[token]).replace('page-', ''));
    const next = page + 1 < items.length ? { [token]: `page-${page + 1}` } : {};
    return { [list]: items.slice(page, page + 1), ...next };
  };
}

const EC2_STATE_CODES: Record<string, number> = { pending: 0, running: 16, stopping: 64, stopped: 80 };

/**
 * StopInstances as EC2 answers it for instances in the given states: each one's state change; the whole call
 * refused with InvalidInstanceID.NotFound naming the ids it does not know.
 */
export function stopInstances(states: Record<string, string>) {
  return (input: { InstanceIds?: string[] }) => {
    const ids = input.InstanceIds ?? [];
    const unknown = ids.filter((id) => states[id] === undefined);
    if (unknown.length === 1)
      throw awsError('InvalidInstanceID.NotFound', `The instance ID '${unknown[0]}' does not exist`);
    if (unknown.length > 1)
      throw awsError('InvalidInstanceID.NotFound', `The instance IDs '${unknown.join(', ')}' do not exist`);
    const state = (name: string) => ({ Code: EC2_STATE_CODES[name], Name: name as 'stopping' });
    return {
      StoppingInstances: ids.map((id) => {
        const before = states[id] as string;
        return {
          InstanceId: id,
          PreviousState: state(before),
          CurrentState: state(before === 'running' ? 'stopping' : before),
        };
      }),
    };
  };
}

/** Mocks every client class the adapter uses; call again for a fresh world. */
export function mockAwsWorld() {
  const sts = mockClient(STSClient);
  sts.on(AssumeRoleCommand).callsFake((input: { RoleArn?: string }) => {
    if (!input.RoleArn?.includes(`::${ACCOUNT}:`)) {
      throw awsError(
        'AccessDenied',
        `User is not authorized to perform: sts:AssumeRole on resource: ${input.RoleArn}`,
      );
    }
    return {
      Credentials: {
        AccessKeyId: 'ASIAIOSFODNN7EXAMPLE',
        SecretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY',
        SessionToken: 'session-token',
        Expiration: new Date(Date.now() + 3_600_000),
      },
    };
  });
  const ec2 = mockClient(EC2Client);
  ec2.on(DescribeRegionsCommand).resolves(regions);
  ec2
    .on(DescribeInstancesCommand)
    .callsFake(byRegion({ 'us-east-1': usInstances, 'eu-west-1': euInstances }, {}));
  ec2
    .on(DescribeReservedInstancesCommand)
    .callsFake(byRegion({ 'us-east-1': usReservedInstances, 'eu-west-1': euReservedInstances }, {}));
  ec2.on(DescribeVolumesCommand).callsFake(byRegion({ 'us-east-1': volumes }, {}));
  ec2.on(DescribeVolumesCommand, { VolumeIds: [IDS.spareVolume] }).resolves({ Volumes: [spareVolume] });
  ec2.on(DescribeVolumesCommand, { VolumeIds: [IDS.rootVolume] }).resolves({ Volumes: [rootVolume] });
  ec2.on(DescribeSnapshotsCommand).callsFake(byRegion({ 'us-east-1': snapshots }, {}));
  ec2.on(DescribeAddressesCommand).callsFake(byRegion({ 'us-east-1': addresses }, {}));
  ec2.on(DescribeNatGatewaysCommand).callsFake(byRegion({ 'us-east-1': natGateways }, {}));
  ec2.on(StopInstancesCommand).callsFake(stopInstances({ [IDS.web]: 'running', [IDS.batch]: 'stopped' }));
  ec2.on(DeleteVolumeCommand, { VolumeId: IDS.spareVolume }).resolves({});
  ec2
    .on(DeleteVolumeCommand, { VolumeId: IDS.rootVolume })
    .rejects(awsError('VolumeInUse', `Volume ${IDS.rootVolume} is currently attached to ${IDS.web}`));
  ec2.on(DescribeNatGatewaysCommand, { NatGatewayIds: [IDS.nat] }).resolves(natGateways);
  ec2.on(DeleteNatGatewayCommand, { NatGatewayId: IDS.nat }).resolves({ NatGatewayId: IDS.nat });
  ec2.on(ModifyVolumeCommand, { VolumeId: IDS.spareVolume }).resolves({
    VolumeModification: {
      VolumeId: IDS.spareVolume,
      ModificationState: 'modifying',
      TargetVolumeType: 'gp3',
    },
  });
  ec2.on(TerminateInstancesCommand, { InstanceIds: [IDS.batch] }).resolves({
    TerminatingInstances: [
      {
        InstanceId: IDS.batch,
        PreviousState: { Code: 80, Name: 'stopped' },
        CurrentState: { Code: 32, Name: 'shutting-down' },
      },
    ],
  });
  ec2
    .on(CreateSnapshotCommand)
    .resolves({ SnapshotId: 'snap-066877671789bd71b', State: 'pending', VolumeId: IDS.rootVolume });
  ec2.on(DescribeLaunchTemplateVersionsCommand, { LaunchTemplateName: 'web' }).resolves({
    LaunchTemplateVersions: [
      { LaunchTemplateName: 'web', VersionNumber: 1, LaunchTemplateData: { InstanceType: 'm5.large' } },
    ],
  });
  ec2
    .on(CreateLaunchTemplateVersionCommand)
    .resolves({ LaunchTemplateVersion: { LaunchTemplateName: 'web', VersionNumber: 2 } });
  const elb = mockClient(ElasticLoadBalancingV2Client);
  elb.on(DescribeLoadBalancersCommand).callsFake(byRegion({ 'us-east-1': loadBalancers }, {}));
  elb.on(DeleteLoadBalancerCommand, { LoadBalancerArn: albArn }).resolves({});
  elb.on(DescribeTagsCommand).resolves({ TagDescriptions: [{ ResourceArn: albArn, Tags: [] }] });
  const rds = mockClient(RDSClient);
  const denied = awsError('AccessDenied', 'User is not authorized to perform: rds:DescribeDBInstances');
  const reservedDenied = awsError(
    'AccessDenied',
    'User is not authorized to perform: rds:DescribeReservedDBInstances',
  );
  rds
    .on(DescribeDBInstancesCommand)
    .callsFake(byRegion({ 'us-east-1': dbInstances, 'eu-west-1': denied }, {}));
  rds
    .on(DeleteDBInstanceCommand, { DBInstanceIdentifier: IDS.db, SkipFinalSnapshot: false })
    .callsFake((input: { FinalDBSnapshotIdentifier?: string }) => {
      if (!input.FinalDBSnapshotIdentifier)
        throw awsError('InvalidParameterValue', 'FinalDBSnapshotIdentifier is required');
      return { DBInstance: { ...dbInstances.DBInstances?.[0], DBInstanceStatus: 'deleting' } };
    });
  const reservedPages = onePerPage(reservedDbInstances, 'ReservedDBInstances', 'Marker');
  rds.on(DescribeReservedDBInstancesCommand).callsFake(async (input, getClient) => {
    if ((await getClient().config.region()) === 'eu-west-1') throw reservedDenied;
    return reservedPages(input, getClient);
  });
  rds.on(DescribeDBClustersCommand).callsFake(byRegion({ 'us-east-1': dbClusters, 'eu-west-1': denied }, {}));
  const s3 = mockClient(S3Client);
  s3.on(ListBucketsCommand).callsFake(byRegion({ 'us-east-1': buckets }, { Buckets: [] }));
  s3.on(GetBucketTaggingCommand).rejects(awsError('NoSuchTagSet', 'The TagSet does not exist'));
  s3.on(GetBucketLifecycleConfigurationCommand).rejects(
    awsError('NoSuchLifecycleConfiguration', 'The lifecycle configuration does not exist'),
  );
  s3.on(PutBucketLifecycleConfigurationCommand).resolves({});
  const autoscaling = mockClient(AutoScalingClient);
  const groupsOfRegion = byRegion({ 'us-east-1': groups }, { AutoScalingGroups: [] });
  autoscaling
    .on(DescribeAutoScalingGroupsCommand)
    .callsFake(async (input: { AutoScalingGroupNames?: string[] }, getClient) => {
      const answer = await groupsOfRegion(input, getClient);
      const names = input.AutoScalingGroupNames;
      if (names === undefined) return answer;
      const named = (answer.AutoScalingGroups ?? []).filter((g) =>
        names.includes(g.AutoScalingGroupName ?? ''),
      );
      return { ...answer, AutoScalingGroups: named };
    });
  // PutScheduledUpdateGroupAction creates or replaces by name; DescribeScheduledActions lists a group's.
  const scheduled = new Map<string, ScheduledUpdateGroupAction>();
  autoscaling.on(PutScheduledUpdateGroupActionCommand).callsFake((input: ScheduledUpdateGroupAction) => {
    const { AutoScalingGroupName: group, ScheduledActionName: name } = input;
    scheduled.set(`${group}/${name}`, {
      ...input,
      ScheduledActionARN: `arn:aws:autoscaling:us-east-1:${ACCOUNT}:scheduledUpdateGroupAction:${group}/${name}`,
    });
    return {};
  });
  autoscaling.on(DescribeScheduledActionsCommand).callsFake((input: { AutoScalingGroupName?: string }) => ({
    ScheduledUpdateGroupActions: [...scheduled.values()].filter(
      (a) => a.AutoScalingGroupName === input.AutoScalingGroupName,
    ),
  }));
  autoscaling.on(UpdateAutoScalingGroupCommand).resolves({});
  // One refresh at a time per group, as AWS answers a second one while the first runs.
  const refreshing = new Set<string>();
  autoscaling.on(StartInstanceRefreshCommand).callsFake((input: { AutoScalingGroupName?: string }) => {
    const name = String(input.AutoScalingGroupName);
    if (refreshing.has(name))
      throw awsError('InstanceRefreshInProgress', `An Instance Refresh is already in progress for ${name}`);
    refreshing.add(name);
    return { InstanceRefreshId: `08b91cf7-8fa6-48af-b6a6-${String(refreshing.size).padStart(12, '0')}` };
  });
  autoscaling.on(DescribeScalingActivitiesCommand, { AutoScalingGroupName: IDS.asg }).resolves({
    Activities: CONTRACT_ACTIVITIES.map((a) => ({
      ActivityId: a.id,
      AutoScalingGroupName: IDS.asg,
      StartTime: a.startTime,
      ...(a.endTime === null ? {} : { EndTime: a.endTime }),
      StatusCode: a.status as 'Successful',
      ...(a.statusMessage === null ? {} : { StatusMessage: a.statusMessage }),
      Cause: a.cause,
      Description: a.description,
      Progress: a.progress,
    })),
  });
  const eks = mockClient(EKSClient);
  eks
    .on(ListClustersCommand)
    .callsFake(byRegion({ 'us-east-1': { clusters: [IDS.cluster] } }, { clusters: [] }));
  eks.on(DescribeClusterCommand).resolves(cluster);
  eks.on(ListNodegroupsCommand).resolves({ nodegroups: ['workers'] });
  eks.on(DescribeNodegroupCommand).resolves(nodegroup);
  eks.on(ListFargateProfilesCommand).resolves({ fargateProfileNames: ['batch'] });
  eks.on(DescribeFargateProfileCommand).resolves(fargateProfile);
  const lambda = mockClient(LambdaClient);
  lambda.on(ListFunctionsCommand).callsFake(byRegion({ 'us-east-1': functions }, {}));
  lambda.on(ListTagsCommand).resolves({ Tags: {} });
  lambda
    .on(GetFunctionConfigurationCommand, { FunctionName: IDS.lambda })
    .resolves(functions.Functions?.[0] ?? {});
  lambda.on(UpdateFunctionConfigurationCommand).callsFake((input: { MemorySize?: number }) => ({
    ...functions.Functions?.[0],
    MemorySize: input.MemorySize,
    LastUpdateStatus: 'InProgress',
  }));
  const elasticache = mockClient(ElastiCacheClient);
  elasticache
    .on(DescribeReservedCacheNodesCommand)
    .callsFake(onePerPage(reservedCacheNodes, 'ReservedCacheNodes', 'Marker'));
  const opensearch = mockClient(OpenSearchClient);
  opensearch
    .on(DescribeReservedSearchInstancesCommand)
    .callsFake(onePerPage(reservedSearchInstances, 'ReservedInstances', 'NextToken'));
  const redshift = mockClient(RedshiftClient);
  redshift
    .on(DescribeReservedNodesCommand)
    .callsFake(onePerPage(reservedRedshiftNodes, 'ReservedNodes', 'Marker'));
  const savingsplans = mockClient(SavingsplansClient);
  savingsplans
    .on(DescribeSavingsPlansCommand)
    .callsFake(onePerPage(savingsPlans, 'savingsPlans', 'nextToken'));
  const cloudwatch = mockClient(CloudWatchClient);
  cloudwatch.on(GetMetricDataCommand).callsFake(async (input, getClient) => {
    if ((await getClient().config.region()) === 'eu-west-1') {
      throw awsError('AccessDenied', 'User is not authorized to perform: cloudwatch:GetMetricData');
    }
    return metricData(input);
  });
  return {
    sts,
    ec2,
    elb,
    rds,
    s3,
    autoscaling,
    eks,
    lambda,
    cloudwatch,
    elasticache,
    opensearch,
    redshift,
    savingsplans,
  };
}
