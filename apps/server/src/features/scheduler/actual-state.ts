import type { CloudAction } from '../../integrations/cloud/cloud-actions';
import type { CloudAccount, CloudPort } from '../../integrations/cloud/cloud-port';
import type { CloudResource, ResourceKind } from '../../integrations/cloud/cloud-resources';
import { type InventoryEntry, resourceKey } from './scheduled-resources';

/** What a resource is doing, as the scheduler reads it. */
export type Actual = 'running' | 'stopped' | 'transitional' | 'unknown';

const RDS_TRANSITIONAL = new Set([
  'starting',
  'stopping',
  'modifying',
  'backing-up',
  'rebooting',
  'upgrading',
  'configuring-enhanced-monitoring',
  'storage-optimization',
  'renaming',
  'maintenance',
]);

export function actualOf(r: CloudResource): Actual {
  switch (r.kind) {
    case 'ec2-instance':
      if (r.state === 'running' || r.state === 'stopped') return r.state;
      return r.state === 'pending' || r.state === 'stopping' ? 'transitional' : 'unknown';
    case 'rds-instance':
    case 'rds-cluster':
      if (r.state === 'available') return 'running';
      if (r.state === 'stopped') return 'stopped';
      return RDS_TRANSITIONAL.has(r.state) ? 'transitional' : 'unknown';
    case 'autoscaling-group':
      if (r.state !== 'active') return 'unknown';
      return r.desiredCapacity > 0 ? 'running' : 'stopped';
    case 'eks-nodegroup':
      if (r.state === 'updating' || r.state === 'creating') return 'transitional';
      if (r.state !== 'active') return 'unknown';
      return r.desiredSize > 0 ? 'running' : 'stopped';
    default:
      return 'unknown';
  }
}

/** The state written into the action log: the provider's state, or a group's sizes. */
export function stateLabel(r: CloudResource): string {
  if (r.kind === 'autoscaling-group') return `${r.minSize}/${r.desiredCapacity}/${r.maxSize}`;
  if (r.kind === 'eks-nodegroup') return `${r.minSize}/${r.desiredSize}/${r.maxSize}`;
  return r.state;
}

export interface Sizes {
  min: number;
  desired: number;
  max: number;
}

export function sizesOf(r: CloudResource): Sizes | null {
  if (r.kind === 'autoscaling-group') return { min: r.minSize, desired: r.desiredCapacity, max: r.maxSize };
  if (r.kind === 'eks-nodegroup') return { min: r.minSize, desired: r.desiredSize, max: r.maxSize };
  return null;
}

/** The port action that moves `r` to the wanted state; groups scale to zero and back to `restore`. */
export function actionFor(
  r: CloudResource,
  running: boolean,
  options: { hibernate: boolean; restore: Sizes | null },
): CloudAction | null {
  const region = r.region;
  switch (r.kind) {
    case 'ec2-instance': {
      const resource = { kind: r.kind, id: r.id };
      if (running) return { type: 'start', region, resource };
      return { type: options.hibernate && r.hibernationEnabled ? 'hibernate' : 'stop', region, resource };
    }
    case 'rds-instance':
    case 'rds-cluster':
      return { type: running ? 'start' : 'stop', region, resource: { kind: r.kind, id: r.id } };
    case 'autoscaling-group':
    case 'eks-nodegroup': {
      const sizes = running ? options.restore : { min: 0, desired: 0, max: 0 };
      if (sizes === null) return null;
      const resource = { kind: r.kind, id: r.id };
      return {
        type: 'scale',
        region,
        resource,
        minSize: sizes.min,
        desiredSize: sizes.desired,
        maxSize: sizes.max,
      };
    }
    default:
      return null;
  }
}

export interface Located {
  resource: CloudResource;
  account: CloudAccount;
  port: CloudPort;
}

/**
 * The current state of the given resources from the cloud port: one listing per account and region (never
 * one call per resource). Resources whose listing failed are missing; `calls` counts the port calls.
 */
export async function listActual(
  target: { port: CloudPort; accounts: CloudAccount[] },
  entries: readonly InventoryEntry[],
): Promise<{ found: Map<string, Located>; calls: number; failures: number }> {
  const found = new Map<string, Located>();
  const groups = new Map<string, { accountId: string; region: string; kinds: Set<ResourceKind> }>();
  for (const e of entries) {
    const key = `${e.account_id}/${e.region}`;
    const group = groups.get(key) ?? { accountId: e.account_id, region: e.region, kinds: new Set() };
    group.kinds.add(e.kind as ResourceKind);
    groups.set(key, group);
  }
  let calls = 0;
  let failures = 0;
  for (const { accountId, region, kinds } of groups.values()) {
    const account = target.accounts.find((a) => a.accountId === accountId);
    if (!account) continue;
    calls += 1;
    const listed = await target.port.listResources(account, region, [...kinds]);
    failures += listed.failures.length;
    for (const resource of listed.resources) {
      found.set(
        resourceKey({ account_id: accountId, region, kind: resource.kind, resource_id: resource.id }),
        { resource, account, port: target.port },
      );
    }
  }
  return { found, calls, failures };
}
