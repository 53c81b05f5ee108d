import type { CloudAccount, CloudFailure, CloudPort } from '../../integrations/cloud/cloud-port';
import {
  type CloudResource,
  RESOURCE_KINDS,
  type ResourceKind,
} from '../../integrations/cloud/cloud-resources';
import { diffInventory } from '../../integrations/cloud/resource-diff';
import type { InventoryRepo, PassOutcome, ResourceWrite } from './inventory.repo';
import type { CollectionError, InventoryResourceRow, StoredResource } from './inventory.tables';

/** A resource as stored (dates as ISO text) and its columns. */
export function toWrite(resource: CloudResource): ResourceWrite {
  return {
    accountId: resource.accountId,
    region: resource.region,
    kind: resource.kind,
    id: resource.id,
    name: resource.name,
    state: resource.state,
    resource: JSON.parse(JSON.stringify(resource)) as StoredResource,
  };
}

/** The stored resource back as the port's (createdAt a Date again), for diffing against a new listing. */
export function fromRow(row: InventoryResourceRow): CloudResource {
  const stored = row.resource as StoredResource & { createdAt?: string | null };
  return {
    ...stored,
    createdAt: stored.createdAt ? new Date(stored.createdAt) : null,
  } as unknown as CloudResource;
}

export function collectionErrors(failures: readonly CloudFailure[]): CollectionError[] {
  return failures.map(({ service, operation, code, message, kinds }) => ({
    service,
    operation,
    code,
    message,
    kinds: [...kinds],
  }));
}

/**
 * One pass over an account and region: list, compare with the stored inventory and save what changed. Kinds
 * whose listing failed are left out of both sides, so their resources are neither deleted nor recorded as
 * gone, and their previous inventory stays. A run already finished (the job ran twice) is not redone.
 */
export async function collectRegion({
  repo,
  port,
  account,
  projectId,
  passId,
  region,
  now = () => new Date(),
}: {
  repo: Pick<InventoryRepo, 'openRun' | 'markRunning' | 'currentResources' | 'finishRun'>;
  port: CloudPort;
  account: CloudAccount;
  projectId: string;
  passId: string;
  region: string;
  now?: () => Date;
}): Promise<{ done: boolean }> {
  const run = await repo.openRun({ projectId, passId, accountId: account.accountId, region });
  if (run.finished_at !== null) return { done: false };
  await repo.markRunning(run.id, now());
  const listed = await port.listResources(account, region, RESOURCE_KINDS);
  const failed = new Set<ResourceKind>(listed.failures.flatMap((f) => f.kinds));
  const complete = (r: CloudResource) => !failed.has(r.kind);
  const previous = (await repo.currentResources(projectId, account.accountId, region))
    .map(fromRow)
    .filter(complete);
  const current = listed.resources.filter(complete);
  const changes = diffInventory(previous, current);
  const status: PassOutcome['status'] =
    listed.failures.length === 0 ? 'succeeded' : failed.size >= RESOURCE_KINDS.length ? 'failed' : 'partial';
  const done = await repo.finishRun(run, {
    status,
    errors: collectionErrors(listed.failures),
    upserts: current.map(toWrite),
    deletes: changes.filter((c) => c.type === 'deleted').map((c) => toWrite(c.resource)),
    changes: changes.map((c) => ({
      change: c.type,
      resource: toWrite(c.resource),
      fields: c.type === 'changed' ? c.fields : [],
    })),
    at: now(),
  });
  return { done };
}
