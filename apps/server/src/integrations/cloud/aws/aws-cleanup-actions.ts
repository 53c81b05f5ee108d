import {
  DescribeVolumesCommand,
  ModifyVolumeCommand,
  TerminateInstancesCommand,
  type VolumeType,
} from '@aws-sdk/client-ec2';
import {
  DeleteLoadBalancerCommand,
  DescribeLoadBalancersCommand,
} from '@aws-sdk/client-elastic-load-balancing-v2';
import { DeleteDBInstanceCommand, DescribeDBInstancesCommand } from '@aws-sdk/client-rds';
import { type AttributeChange, type CloudAction, CloudActionError } from '../cloud-actions';
import type { AwsClients } from './aws-clients';

/*
 * The remediation actions that remove or reshape a resource for good: a load balancer deleted, a volume's type
 * or IOPS changed, a database deleted after its final snapshot, an instance terminated.
 */

const change = (
  field: string,
  before: string | number | null | undefined,
  after: string | number | null | undefined,
): AttributeChange[] => (before === after ? [] : [{ field, before: before ?? null, after: after ?? null }]);

/**
 * ELBv2 deletes by ARN; the port's id is the ARN's tail (`app/name/hash`), so the balancer is looked up by its
 * name and its ARN must end with that id (a balancer recreated under the same name is not deleted).
 */
export async function deleteLoadBalancer(c: AwsClients, id: string): Promise<AttributeChange[]> {
  const name = id.split('/')[1] ?? id;
  const found = (await c.elb.send(new DescribeLoadBalancersCommand({ Names: [name] }))).LoadBalancers ?? [];
  const lb = found.find((l) => l.LoadBalancerArn?.endsWith(`/${id}`));
  if (!lb?.LoadBalancerArn) throw new CloudActionError('not-found', `Load balancer ${id} not found`);
  // Deletion protection answers OperationNotPermitted (invalid-state).
  await c.elb.send(new DeleteLoadBalancerCommand({ LoadBalancerArn: lb.LoadBalancerArn }));
  return change('state', lb.State?.Code, 'deleted');
}

/** ModifyVolume: AWS changes the volume in the background (modifying, optimizing, completed). */
export async function modifyVolume(
  c: AwsClients,
  action: CloudAction & { type: 'modify-volume' },
): Promise<AttributeChange[]> {
  const id = action.resource.id;
  const volume = (await c.ec2.send(new DescribeVolumesCommand({ VolumeIds: [id] }))).Volumes?.[0];
  if (!volume) throw new CloudActionError('not-found', `Volume ${id} not found`);
  await c.ec2.send(
    new ModifyVolumeCommand({
      VolumeId: id,
      ...(action.volumeType === null ? {} : { VolumeType: action.volumeType as VolumeType }),
      ...(action.iops === null ? {} : { Iops: action.iops }),
      ...(action.throughputMiBps == null ? {} : { Throughput: action.throughputMiBps }),
    }),
  );
  return [
    ...(action.volumeType === null ? [] : change('volumeType', volume.VolumeType, action.volumeType)),
    ...(action.iops === null ? [] : change('iops', volume.Iops, action.iops)),
    ...(action.throughputMiBps == null
      ? []
      : change('throughputMiBps', volume.Throughput, action.throughputMiBps)),
  ];
}

/** DeleteDBInstance with a final snapshot (never skipped); AWS answers `deleting` and snapshots first. */
export async function deleteDatabase(
  c: AwsClients,
  action: CloudAction & { type: 'delete-database' },
): Promise<AttributeChange[]> {
  const id = action.resource.id;
  const before = (await c.rds.send(new DescribeDBInstancesCommand({ DBInstanceIdentifier: id })))
    .DBInstances?.[0]?.DBInstanceStatus;
  const answer = await c.rds.send(
    new DeleteDBInstanceCommand({
      DBInstanceIdentifier: id,
      SkipFinalSnapshot: false,
      FinalDBSnapshotIdentifier: action.finalSnapshotId,
      DeleteAutomatedBackups: false,
    }),
  );
  return [
    ...change('state', before, answer.DBInstance?.DBInstanceStatus ?? 'deleting'),
    { field: 'finalSnapshot', before: null, after: action.finalSnapshotId },
  ];
}

export async function terminateInstance(c: AwsClients, id: string): Promise<AttributeChange[]> {
  const answer = await c.ec2.send(new TerminateInstancesCommand({ InstanceIds: [id] }));
  const first = answer.TerminatingInstances?.[0];
  return change('state', first?.PreviousState?.Name, first?.CurrentState?.Name);
}
