import {
  type Address,
  DescribeAddressesCommand,
  type DescribeInstancesCommandOutput,
  type DescribeNatGatewaysCommandOutput,
  type DescribeSnapshotsCommandOutput,
  type DescribeVolumesCommandOutput,
  type EC2Client,
  type Instance,
  type NatGateway,
  paginateDescribeInstances,
  paginateDescribeNatGateways,
  paginateDescribeSnapshots,
  paginateDescribeVolumes,
  type Reservation,
  type Snapshot,
  type Volume,
} from '@aws-sdk/client-ec2';
import type { CloudResource, Ec2Instance, ResourceKind, ResourceRef } from '../cloud-resources';
import { type FailureLog, listPages, tagMap } from './aws-failures';

export interface Scope {
  accountId: string;
  region: string;
}

const ec2Arn = (scope: Scope, owner: string | undefined, type: string, id: string) =>
  `arn:aws:ec2:${scope.region}:${owner ?? scope.accountId}:${type}/${id}`;

/** The time in EC2's StateTransitionReason ("User initiated (2024-05-01 10:20:30 GMT)"), as ISO; null without one. */
function stateTransitionTime(reason: string | undefined): string | null {
  const match = /\((\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) GMT\)/.exec(reason ?? '');
  return match ? `${match[1]}T${match[2]}.000Z` : null;
}

function instance(scope: Scope, reservation: Reservation, i: Instance): Ec2Instance {
  const tags = tagMap(i.Tags);
  const id = i.InstanceId ?? '';
  const group = tags['aws:autoscaling:groupName'];
  const transitionAt = stateTransitionTime(i.StateTransitionReason);
  return {
    kind: 'ec2-instance',
    id,
    arn: ec2Arn(scope, reservation.OwnerId, 'instance', id),
    accountId: scope.accountId,
    region: scope.region,
    name: tags.Name ?? null,
    tags,
    attachments: group ? [{ kind: 'autoscaling-group', id: group }] : [],
    createdAt: i.LaunchTime ?? null,
    state: (i.State?.Name ?? 'pending') as Ec2Instance['state'],
    instanceType: i.InstanceType ?? 'unknown',
    availabilityZone: i.Placement?.AvailabilityZone ?? null,
    platform: i.Platform ?? 'linux',
    lifecycle: (i.InstanceLifecycle ?? 'on-demand') as Ec2Instance['lifecycle'],
    hibernationEnabled: i.HibernationOptions?.Configured ?? false,
    ...(transitionAt === null ? {} : { stateTransitionAt: transitionAt }),
  };
}

function volume(scope: Scope, v: Volume): CloudResource {
  const tags = tagMap(v.Tags);
  const id = v.VolumeId ?? '';
  const attachments: ResourceRef[] = (v.Attachments ?? [])
    .filter((a) => a.InstanceId !== undefined)
    .map((a) => ({ kind: 'ec2-instance', id: a.InstanceId ?? '' }));
  return {
    kind: 'ebs-volume',
    id,
    arn: ec2Arn(scope, undefined, 'volume', id),
    accountId: scope.accountId,
    region: scope.region,
    name: tags.Name ?? null,
    tags,
    attachments,
    createdAt: v.CreateTime ?? null,
    state: v.State ?? 'available',
    volumeType: v.VolumeType ?? 'standard',
    sizeGiB: v.Size ?? 0,
    iops: v.Iops ?? null,
    throughputMiBps: v.Throughput ?? null,
    availabilityZone: v.AvailabilityZone ?? null,
  };
}

function snapshot(scope: Scope, s: Snapshot): CloudResource {
  const tags = tagMap(s.Tags);
  const id = s.SnapshotId ?? '';
  return {
    kind: 'ebs-snapshot',
    id,
    arn: ec2Arn(scope, s.OwnerId, 'snapshot', id),
    accountId: scope.accountId,
    region: scope.region,
    name: tags.Name ?? null,
    tags,
    attachments: s.VolumeId ? [{ kind: 'ebs-volume', id: s.VolumeId }] : [],
    createdAt: s.StartTime ?? null,
    state: s.State ?? 'completed',
    sizeGiB: s.VolumeSize ?? 0,
    volumeId: s.VolumeId ?? null,
    storageTier: s.StorageTier === 'archive' ? 'archive' : 'standard',
  };
}

function address(scope: Scope, a: Address): CloudResource {
  const tags = tagMap(a.Tags);
  const id = a.AllocationId ?? a.PublicIp ?? '';
  const associatedWith = a.InstanceId ?? a.NetworkInterfaceId ?? null;
  return {
    kind: 'elastic-ip',
    id,
    arn: ec2Arn(scope, undefined, 'elastic-ip', id),
    accountId: scope.accountId,
    region: scope.region,
    name: tags.Name ?? null,
    tags,
    attachments: a.InstanceId ? [{ kind: 'ec2-instance', id: a.InstanceId }] : [],
    createdAt: null,
    state: associatedWith === null ? 'unassociated' : 'associated',
    publicIp: a.PublicIp ?? '',
    associatedWith,
  };
}

function natGateway(scope: Scope, n: NatGateway): CloudResource {
  const tags = tagMap(n.Tags);
  const id = n.NatGatewayId ?? '';
  const addresses = n.NatGatewayAddresses ?? [];
  const primary = addresses.find((a) => a.IsPrimary) ?? addresses[0];
  return {
    kind: 'nat-gateway',
    id,
    arn: ec2Arn(scope, undefined, 'natgateway', id),
    accountId: scope.accountId,
    region: scope.region,
    name: tags.Name ?? null,
    tags,
    attachments: addresses.flatMap((a) =>
      a.AllocationId ? [{ kind: 'elastic-ip', id: a.AllocationId }] : [],
    ),
    createdAt: n.CreateTime ?? null,
    state: n.State ?? 'available',
    connectivityType: n.ConnectivityType === 'private' ? 'private' : 'public',
    vpcId: n.VpcId ?? null,
    subnetId: n.SubnetId ?? null,
    publicIp: primary?.PublicIp ?? null,
  };
}

/** EC2 kinds of one region; each call's failure is recorded and loses only its kind. */
export async function listEc2(
  ec2: EC2Client,
  scope: Scope,
  kinds: ReadonlySet<string>,
  log: FailureLog,
): Promise<CloudResource[]> {
  const out: CloudResource[] = [];
  const call = (operation: string, kind: ResourceKind) => ({ service: 'ec2', operation, kind }) as const;
  if (kinds.has('ec2-instance')) {
    const pages = paginateDescribeInstances({ client: ec2 }, { MaxResults: 1000 });
    const items = (page: DescribeInstancesCommandOutput) =>
      (page.Reservations ?? []).flatMap((r) => (r.Instances ?? []).map((i) => instance(scope, r, i)));
    out.push(...(await listPages(log, call('DescribeInstances', 'ec2-instance'), pages, items)));
  }
  if (kinds.has('ebs-volume')) {
    const pages = paginateDescribeVolumes({ client: ec2 }, { MaxResults: 1000 });
    const items = (page: DescribeVolumesCommandOutput) => page.Volumes?.map((v) => volume(scope, v));
    out.push(...(await listPages(log, call('DescribeVolumes', 'ebs-volume'), pages, items)));
  }
  if (kinds.has('ebs-snapshot')) {
    const pages = paginateDescribeSnapshots({ client: ec2 }, { OwnerIds: ['self'], MaxResults: 1000 });
    const items = (page: DescribeSnapshotsCommandOutput) => page.Snapshots?.map((s) => snapshot(scope, s));
    out.push(...(await listPages(log, call('DescribeSnapshots', 'ebs-snapshot'), pages, items)));
  }
  if (kinds.has('elastic-ip')) {
    out.push(
      ...(await log.attempt('ec2', 'DescribeAddresses', ['elastic-ip'], [], async () => {
        const answer = await ec2.send(new DescribeAddressesCommand({}));
        return (answer.Addresses ?? []).map((a) => address(scope, a));
      })),
    );
  }
  if (kinds.has('nat-gateway')) {
    const pages = paginateDescribeNatGateways({ client: ec2 }, { MaxResults: 1000 });
    const items = (page: DescribeNatGatewaysCommandOutput) =>
      page.NatGateways?.map((n) => natGateway(scope, n));
    out.push(...(await listPages(log, call('DescribeNatGateways', 'nat-gateway'), pages, items)));
  }
  return out;
}
