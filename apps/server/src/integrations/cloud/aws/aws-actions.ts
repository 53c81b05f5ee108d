import {
  DescribeAutoScalingGroupsCommand,
  UpdateAutoScalingGroupCommand,
} from '@aws-sdk/client-auto-scaling';
import {
  CreateSnapshotCommand,
  DeleteNatGatewayCommand,
  DeleteSnapshotCommand,
  DeleteVolumeCommand,
  DescribeAddressesCommand,
  DescribeInstancesCommand,
  DescribeNatGatewaysCommand,
  DescribeSnapshotsCommand,
  DescribeVolumesCommand,
  type InstanceStateChange,
  ModifyInstanceAttributeCommand,
  ReleaseAddressCommand,
  StartInstancesCommand,
  StopInstancesCommand,
} from '@aws-sdk/client-ec2';
import { DescribeNodegroupCommand, UpdateNodegroupConfigCommand } from '@aws-sdk/client-eks';
import { GetFunctionConfigurationCommand, UpdateFunctionConfigurationCommand } from '@aws-sdk/client-lambda';
import {
  DescribeDBClustersCommand,
  DescribeDBInstancesCommand,
  ModifyDBInstanceCommand,
  StartDBClusterCommand,
  StartDBInstanceCommand,
  StopDBClusterCommand,
  StopDBInstanceCommand,
} from '@aws-sdk/client-rds';
import {
  type LifecycleRule as AwsLifecycleRule,
  GetBucketLifecycleConfigurationCommand,
  PutBucketLifecycleConfigurationCommand,
} from '@aws-sdk/client-s3';
import {
  type ActionErrorCode,
  type ActionResult,
  type AttributeChange,
  type CloudAction,
  CloudActionError,
  type LifecycleRule,
} from '../cloud-actions';
import {
  putScheduledActions,
  setLaunchTemplateType,
  setMixedInstances,
  startInstanceRefresh,
} from './aws-asg-actions';
import { deleteDatabase, deleteLoadBalancer, modifyVolume, terminateInstance } from './aws-cleanup-actions';
import type { AwsClients } from './aws-clients';

const change = (
  field: string,
  before: string | number | null | undefined,
  after: string | number | null | undefined,
) => (before === after ? [] : [{ field, before: before ?? null, after: after ?? null }]);

function stateChange(changes: InstanceStateChange[] | undefined): AttributeChange[] {
  const first = changes?.[0];
  return change('state', first?.PreviousState?.Name, first?.CurrentState?.Name);
}

const IN_USE =
  /InUse|IncorrectInstanceState|InvalidDB\w*State|ResourceInUse|InvalidParameterCombination|ResourceConflict|IncorrectModificationState|OperationNotPermitted/;

/** The port's error for an AWS error (its name is AWS's code). */
export function actionError(error: unknown): CloudActionError {
  if (error instanceof CloudActionError) return error;
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  let code: ActionErrorCode = 'failed';
  if (/NotFound/.test(name)) code = 'not-found';
  else if (IN_USE.test(name)) code = 'invalid-state';
  else if (/AccessDenied|UnauthorizedOperation/.test(name)) code = 'denied';
  else if (/Unsupported/.test(name)) code = 'unsupported';
  return new CloudActionError(code, `${name}: ${message}`);
}

async function powerEc2(c: AwsClients, id: string, type: 'start' | 'stop' | 'hibernate') {
  if (type === 'start')
    return stateChange(
      (await c.ec2.send(new StartInstancesCommand({ InstanceIds: [id] }))).StartingInstances,
    );
  const answer = await c.ec2.send(
    new StopInstancesCommand({ InstanceIds: [id], Hibernate: type === 'hibernate' }),
  );
  return stateChange(answer.StoppingInstances);
}

async function powerRds(c: AwsClients, action: CloudAction & { type: 'start' | 'stop' }) {
  const id = action.resource.id;
  const start = action.type === 'start';
  if (action.resource.kind === 'rds-cluster') {
    const before = (await c.rds.send(new DescribeDBClustersCommand({ DBClusterIdentifier: id })))
      .DBClusters?.[0]?.Status;
    const input = { DBClusterIdentifier: id };
    const after = start
      ? (await c.rds.send(new StartDBClusterCommand(input))).DBCluster?.Status
      : (await c.rds.send(new StopDBClusterCommand(input))).DBCluster?.Status;
    return change('state', before, after);
  }
  const described = await c.rds.send(new DescribeDBInstancesCommand({ DBInstanceIdentifier: id }));
  const input = { DBInstanceIdentifier: id };
  const after = start
    ? (await c.rds.send(new StartDBInstanceCommand(input))).DBInstance?.DBInstanceStatus
    : (await c.rds.send(new StopDBInstanceCommand(input))).DBInstance?.DBInstanceStatus;
  return change('state', described.DBInstances?.[0]?.DBInstanceStatus, after);
}

async function scale(c: AwsClients, action: CloudAction & { type: 'scale' }) {
  const { minSize, desiredSize, maxSize } = action;
  if (action.resource.kind === 'autoscaling-group') {
    const name = action.resource.id;
    const described = await c.autoscaling.send(
      new DescribeAutoScalingGroupsCommand({ AutoScalingGroupNames: [name] }),
    );
    const g = described.AutoScalingGroups?.[0];
    if (!g) throw new CloudActionError('not-found', `Auto Scaling group ${name} not found`);
    await c.autoscaling.send(
      new UpdateAutoScalingGroupCommand({
        AutoScalingGroupName: name,
        MinSize: minSize,
        DesiredCapacity: desiredSize,
        MaxSize: maxSize,
      }),
    );
    return [
      ...change('minSize', g.MinSize, minSize),
      ...change('desiredCapacity', g.DesiredCapacity, desiredSize),
      ...change('maxSize', g.MaxSize, maxSize),
    ];
  }
  const [clusterName = '', nodegroupName = ''] = action.resource.id.split('/');
  const { nodegroup } = await c.eks.send(new DescribeNodegroupCommand({ clusterName, nodegroupName }));
  const before = nodegroup?.scalingConfig;
  await c.eks.send(
    new UpdateNodegroupConfigCommand({
      clusterName,
      nodegroupName,
      scalingConfig: { minSize, desiredSize, maxSize },
    }),
  );
  return [
    ...change('minSize', before?.minSize, minSize),
    ...change('desiredSize', before?.desiredSize, desiredSize),
    ...change('maxSize', before?.maxSize, maxSize),
  ];
}

async function modify(c: AwsClients, action: CloudAction & { type: 'modify' }) {
  const id = action.resource.id;
  if (action.resource.kind === 'rds-instance') {
    const described = await c.rds.send(new DescribeDBInstancesCommand({ DBInstanceIdentifier: id }));
    await c.rds.send(
      new ModifyDBInstanceCommand({
        DBInstanceIdentifier: id,
        DBInstanceClass: action.instanceType,
        ApplyImmediately: true,
      }),
    );
    return change('instanceClass', described.DBInstances?.[0]?.DBInstanceClass, action.instanceType);
  }
  const described = await c.ec2.send(new DescribeInstancesCommand({ InstanceIds: [id] }));
  const instance = described.Reservations?.[0]?.Instances?.[0];
  if (instance?.State?.Name !== 'stopped') {
    throw new CloudActionError(
      'invalid-state',
      `${id} is ${instance?.State?.Name ?? 'unknown'}; stop it first`,
    );
  }
  await c.ec2.send(
    new ModifyInstanceAttributeCommand({ InstanceId: id, InstanceType: { Value: action.instanceType } }),
  );
  return change('instanceType', instance.InstanceType, action.instanceType);
}

async function remove(c: AwsClients, action: CloudAction & { type: 'delete' }) {
  const id = action.resource.id;
  switch (action.resource.kind) {
    case 'ebs-volume': {
      const state = (await c.ec2.send(new DescribeVolumesCommand({ VolumeIds: [id] }))).Volumes?.[0]?.State;
      await c.ec2.send(new DeleteVolumeCommand({ VolumeId: id }));
      return change('state', state, 'deleted');
    }
    case 'ebs-snapshot': {
      const state = (await c.ec2.send(new DescribeSnapshotsCommand({ SnapshotIds: [id] }))).Snapshots?.[0]
        ?.State;
      await c.ec2.send(new DeleteSnapshotCommand({ SnapshotId: id }));
      return change('state', state, 'deleted');
    }
    case 'nat-gateway': {
      const gateway = (await c.ec2.send(new DescribeNatGatewaysCommand({ NatGatewayIds: [id] })))
        .NatGateways?.[0];
      if (!gateway) throw new CloudActionError('not-found', `NAT gateway ${id} not found`);
      // AWS answers at once and deletes in the background (deleting, then deleted).
      await c.ec2.send(new DeleteNatGatewayCommand({ NatGatewayId: id }));
      return change('state', gateway.State, 'deleting');
    }
    case 'load-balancer':
      return deleteLoadBalancer(c, id);
    case 'elastic-ip': {
      const address = (await c.ec2.send(new DescribeAddressesCommand({ AllocationIds: [id] })))
        .Addresses?.[0];
      if (address?.AssociationId)
        throw new CloudActionError('invalid-state', `${id} is associated; disassociate it first`);
      await c.ec2.send(new ReleaseAddressCommand({ AllocationId: id }));
      return change('state', 'unassociated', 'deleted');
    }
  }
}

async function setMemory(c: AwsClients, action: CloudAction & { type: 'set-memory' }) {
  const name = action.resource.id;
  const before = await c.lambda.send(new GetFunctionConfigurationCommand({ FunctionName: name }));
  // A function still applying an earlier update answers ResourceConflictException (invalid-state).
  await c.lambda.send(
    new UpdateFunctionConfigurationCommand({ FunctionName: name, MemorySize: action.memoryMiB }),
  );
  return change('memoryMiB', before.MemorySize, action.memoryMiB);
}

const awsRule = (rule: LifecycleRule): AwsLifecycleRule => ({
  ID: rule.id,
  Status: 'Enabled',
  Filter: { Prefix: '' },
  Transitions: [{ Days: rule.transitionDays, StorageClass: rule.storageClass }],
  ...(rule.abortIncompleteMultipartDays === null
    ? {}
    : { AbortIncompleteMultipartUpload: { DaysAfterInitiation: rule.abortIncompleteMultipartDays } }),
});

/**
 * PutBucketLifecycleConfiguration replaces the whole configuration, so the bucket's rules are read first and
 * written back with the new one (a rule of the same id replaced).
 */
async function addLifecycleRule(c: AwsClients, action: CloudAction & { type: 'add-lifecycle-rule' }) {
  const bucket = action.resource.id;
  const rules = await c.s3
    .send(new GetBucketLifecycleConfigurationCommand({ Bucket: bucket }))
    .then((answer) => answer.Rules ?? [])
    .catch((error: unknown) => {
      if (error instanceof Error && error.name === 'NoSuchLifecycleConfiguration') return [];
      throw error;
    });
  const kept = rules.filter((r) => r.ID !== action.rule.id);
  const enabled = (list: AwsLifecycleRule[]) => list.filter((r) => r.Status === 'Enabled').length;
  const next = [...kept, awsRule(action.rule)];
  await c.s3.send(
    new PutBucketLifecycleConfigurationCommand({ Bucket: bucket, LifecycleConfiguration: { Rules: next } }),
  );
  return change('lifecycleRules', enabled(rules), enabled(next));
}

/** Runs one action with the account's clients for the action's region. */
export async function awsAct(c: AwsClients, action: CloudAction): Promise<ActionResult> {
  const done = (changes: AttributeChange[], extra: Partial<ActionResult> = {}): ActionResult => ({
    action: action.type,
    resource: { ...action.resource },
    changes,
    created: null,
    deleted: false,
    ...extra,
  });
  try {
    switch (action.type) {
      case 'start':
      case 'stop':
        if (action.resource.kind === 'ec2-instance')
          return done(await powerEc2(c, action.resource.id, action.type));
        return done(await powerRds(c, action));
      case 'hibernate':
        return done(await powerEc2(c, action.resource.id, 'hibernate'));
      case 'scale':
        return done(await scale(c, action));
      case 'mixed-instances':
        return done(await setMixedInstances(c, action));
      case 'launch-template-type':
        return done(await setLaunchTemplateType(c, action));
      case 'instance-refresh':
        return done(await startInstanceRefresh(c, action));
      case 'scheduled-scaling':
        return done(await putScheduledActions(c, action));
      case 'modify':
        return done(await modify(c, action));
      case 'snapshot': {
        const input = {
          VolumeId: action.resource.id,
          ...(action.description ? { Description: action.description } : {}),
        };
        const { SnapshotId } = await c.ec2.send(new CreateSnapshotCommand(input));
        return done([], { created: SnapshotId ? { kind: 'ebs-snapshot', id: SnapshotId } : null });
      }
      case 'delete':
        return done(await remove(c, action), { deleted: true });
      case 'set-memory':
        return done(await setMemory(c, action));
      case 'add-lifecycle-rule':
        return done(await addLifecycleRule(c, action));
      case 'modify-volume':
        return done(await modifyVolume(c, action));
      case 'delete-database':
        return done(await deleteDatabase(c, action), { deleted: true });
      case 'terminate':
        return done(await terminateInstance(c, action.resource.id), { deleted: true });
    }
  } catch (error) {
    throw actionError(error);
  }
}
