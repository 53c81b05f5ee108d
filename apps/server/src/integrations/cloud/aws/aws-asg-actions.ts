import {
  type AutoScalingGroup,
  DescribeAutoScalingGroupsCommand,
  type LaunchTemplateSpecification,
  PutScheduledUpdateGroupActionCommand,
  paginateDescribeScheduledActions,
  StartInstanceRefreshCommand,
  UpdateAutoScalingGroupCommand,
} from '@aws-sdk/client-auto-scaling';
import {
  type _InstanceType,
  CreateLaunchTemplateVersionCommand,
  DescribeLaunchTemplateVersionsCommand,
} from '@aws-sdk/client-ec2';
import {
  type AttributeChange,
  type CloudAction,
  CloudActionError,
  type ScheduledScaling,
  scheduledScalingChanges,
} from '../cloud-actions';
import type { AwsClients } from './aws-clients';

const change = (field: string, before: string | number | null, after: string | number | null) =>
  before === after ? [] : [{ field, before, after }];

async function groupOf(c: AwsClients, name: string): Promise<AutoScalingGroup> {
  const described = await c.autoscaling.send(
    new DescribeAutoScalingGroupsCommand({ AutoScalingGroupNames: [name] }),
  );
  const group = described.AutoScalingGroups?.[0];
  if (!group) throw new CloudActionError('not-found', `Auto Scaling group ${name} not found`);
  return group;
}

/** The group's launch template (its own, or its mixed policy's); a launch configuration cannot be changed here. */
function templateOf(group: AutoScalingGroup): LaunchTemplateSpecification {
  const spec =
    group.LaunchTemplate ?? group.MixedInstancesPolicy?.LaunchTemplate?.LaunchTemplateSpecification;
  if (!spec?.LaunchTemplateId && !spec?.LaunchTemplateName) {
    throw new CloudActionError(
      'unsupported',
      `${group.AutoScalingGroupName} launches from a launch configuration; move it to a launch template first`,
    );
  }
  return spec;
}

const templateRef = (spec: LaunchTemplateSpecification) =>
  spec.LaunchTemplateId
    ? { LaunchTemplateId: spec.LaunchTemplateId }
    : { LaunchTemplateName: spec.LaunchTemplateName };

const overridesOf = (group: AutoScalingGroup) =>
  (group.MixedInstancesPolicy?.LaunchTemplate?.Overrides ?? []).flatMap((o) =>
    o.InstanceType ? [o.InstanceType] : [],
  );

/** UpdateAutoScalingGroup with a MixedInstancesPolicy: the group keeps its launch template, AWS needs it named. */
export async function setMixedInstances(
  c: AwsClients,
  action: CloudAction & { type: 'mixed-instances' },
): Promise<AttributeChange[]> {
  const group = await groupOf(c, action.resource.id);
  const spec = templateOf(group);
  const before = group.MixedInstancesPolicy?.InstancesDistribution;
  await c.autoscaling.send(
    new UpdateAutoScalingGroupCommand({
      AutoScalingGroupName: action.resource.id,
      MixedInstancesPolicy: {
        LaunchTemplate: {
          LaunchTemplateSpecification: { ...templateRef(spec), Version: spec.Version ?? '$Default' },
          Overrides: action.instanceTypes.map((InstanceType) => ({ InstanceType })),
        },
        InstancesDistribution: {
          OnDemandBaseCapacity: action.onDemandBaseCapacity,
          OnDemandPercentageAboveBaseCapacity: action.onDemandPercentageAboveBaseCapacity,
          SpotAllocationStrategy: action.spotAllocationStrategy,
        },
      },
    }),
  );
  const mixed = group.MixedInstancesPolicy !== undefined;
  return [
    ...change(
      'onDemandBaseCapacity',
      mixed ? (before?.OnDemandBaseCapacity ?? 0) : null,
      action.onDemandBaseCapacity,
    ),
    ...change(
      'onDemandPercentageAboveBaseCapacity',
      mixed ? (before?.OnDemandPercentageAboveBaseCapacity ?? 100) : null,
      action.onDemandPercentageAboveBaseCapacity,
    ),
    ...change(
      'spotAllocationStrategy',
      mixed ? (before?.SpotAllocationStrategy ?? 'lowest-price') : null,
      action.spotAllocationStrategy,
    ),
    ...change('instanceTypes', mixed ? overridesOf(group).join(',') : null, action.instanceTypes.join(',')),
  ];
}

/**
 * CreateLaunchTemplateVersion from the version the group launches (its type replaced), then the group moved to it
 * (a group on $Latest follows by itself) with the mixed policy's `replaces` override swapped.
 */
export async function setLaunchTemplateType(
  c: AwsClients,
  action: CloudAction & { type: 'launch-template-type' },
): Promise<AttributeChange[]> {
  const group = await groupOf(c, action.resource.id);
  const spec = templateOf(group);
  const current = spec.Version ?? '$Default';
  const described = await c.ec2.send(
    new DescribeLaunchTemplateVersionsCommand({ ...templateRef(spec), Versions: [current] }),
  );
  const source = described.LaunchTemplateVersions?.[0];
  if (source?.VersionNumber === undefined)
    throw new CloudActionError('not-found', `Launch template version ${current} not found`);
  const created = await c.ec2.send(
    new CreateLaunchTemplateVersionCommand({
      ...templateRef(spec),
      SourceVersion: String(source.VersionNumber),
      VersionDescription: `Finlens: instance type ${action.instanceType}`,
      // The SDK's union lags AWS's new types; AWS validates the name.
      LaunchTemplateData: { InstanceType: action.instanceType as _InstanceType },
    }),
  );
  const number = created.LaunchTemplateVersion?.VersionNumber;
  if (number === undefined) throw new CloudActionError('failed', 'AWS answered no launch template version');
  const version = current === '$Latest' ? current : String(number);
  const overrides = overridesOf(group);
  const swapped = [...new Set(overrides.map((t) => (t === action.replaces ? action.instanceType : t)))];
  const template = { ...templateRef(spec), Version: version };
  await c.autoscaling.send(
    new UpdateAutoScalingGroupCommand({
      AutoScalingGroupName: action.resource.id,
      ...(group.MixedInstancesPolicy === undefined
        ? { LaunchTemplate: template }
        : {
            MixedInstancesPolicy: {
              LaunchTemplate: {
                LaunchTemplateSpecification: template,
                ...(overrides.length === 0
                  ? {}
                  : { Overrides: swapped.map((InstanceType) => ({ InstanceType })) }),
              },
            },
          }),
    }),
  );
  return [
    ...change('launchTemplateVersion', String(source.VersionNumber), String(number)),
    ...change('instanceType', source.LaunchTemplateData?.InstanceType ?? null, action.instanceType),
    ...(overrides.length === 0 ? [] : change('instanceTypes', overrides.join(','), swapped.join(','))),
  ];
}

/**
 * StartInstanceRefresh: a rolling replacement that keeps 90 % of the group healthy and skips instances that
 * already match (SkipMatching), so only those launched before the change are replaced. AWS refuses a second
 * refresh while one runs (InstanceRefreshInProgress).
 */
export async function startInstanceRefresh(
  c: AwsClients,
  action: CloudAction & { type: 'instance-refresh' },
): Promise<AttributeChange[]> {
  try {
    const started = await c.autoscaling.send(
      new StartInstanceRefreshCommand({
        AutoScalingGroupName: action.resource.id,
        Strategy: 'Rolling',
        Preferences: { MinHealthyPercentage: 90, SkipMatching: true },
      }),
    );
    return change('instanceRefresh', null, started.InstanceRefreshId ?? null);
  } catch (error) {
    const name = (error as { name?: unknown }).name;
    if (name === 'InstanceRefreshInProgress')
      throw new CloudActionError(
        'invalid-state',
        `${action.resource.id} is already refreshing its instances`,
      );
    throw error;
  }
}

/** DescribeScheduledActions of one group, every page: its recurring actions (one-off ones have no recurrence). */
export async function describeScheduledActions(
  autoscaling: AwsClients['autoscaling'],
  groupName: string,
): Promise<ScheduledScaling[]> {
  const out: ScheduledScaling[] = [];
  const pages = paginateDescribeScheduledActions(
    { client: autoscaling, pageSize: 100 },
    { AutoScalingGroupName: groupName },
  );
  for await (const page of pages) {
    for (const a of page.ScheduledUpdateGroupActions ?? []) {
      if (a.Recurrence === undefined || a.ScheduledActionName === undefined) continue;
      out.push({
        name: a.ScheduledActionName,
        recurrence: a.Recurrence,
        timeZone: a.TimeZone ?? 'Etc/UTC',
        minSize: a.MinSize ?? null,
        desiredCapacity: a.DesiredCapacity ?? null,
        maxSize: a.MaxSize ?? null,
      });
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * PutScheduledUpdateGroupAction for each wanted action (AWS creates it, or replaces the one of the same name);
 * the group's actions are described first so the trail shows what each replaced, and an equal one is not put.
 */
export async function putScheduledActions(
  c: AwsClients,
  action: CloudAction & { type: 'scheduled-scaling' },
): Promise<AttributeChange[]> {
  await groupOf(c, action.resource.id);
  const existing = await describeScheduledActions(c.autoscaling, action.resource.id);
  const changes = scheduledScalingChanges(existing, action.actions);
  for (const a of action.actions) {
    if (!changes.some((ch) => ch.field === `scheduledAction:${a.name}`)) continue;
    await c.autoscaling.send(
      new PutScheduledUpdateGroupActionCommand({
        AutoScalingGroupName: action.resource.id,
        ScheduledActionName: a.name,
        Recurrence: a.recurrence,
        TimeZone: a.timeZone,
        ...(a.minSize === null ? {} : { MinSize: a.minSize }),
        ...(a.desiredCapacity === null ? {} : { DesiredCapacity: a.desiredCapacity }),
        ...(a.maxSize === null ? {} : { MaxSize: a.maxSize }),
      }),
    );
  }
  return changes;
}
