import {
  SCHEDULER_RESOURCE_LISTS,
  type SchedulerResourceList,
  type SchedulerResources,
} from '@finlens/contracts/scheduler';
import { fieldError } from '../../platform/http/http-error';
import type { CostViewResource } from '../inventory/inventory.service';

/** An inventory resource as the scheduler reads it (inventory's cost view). */
export type InventoryEntry = Pick<
  CostViewResource,
  'project_id' | 'account_id' | 'region' | 'kind' | 'resource_id' | 'name' | 'state' | 'tags'
> &
  Partial<Pick<CostViewResource, 'last_seen_at'>>;

export interface ScheduledResource extends InventoryEntry {
  matched_by: 'list' | 'tag';
}

const LISTS = Object.keys(SCHEDULER_RESOURCE_LISTS) as SchedulerResourceList[];
const KINDS = new Set<string>(Object.values(SCHEDULER_RESOURCE_LISTS));

export const resourceKey = (r: Pick<InventoryEntry, 'account_id' | 'region' | 'kind' | 'resource_id'>) =>
  `${r.account_id}/${r.region}/${r.kind}/${r.resource_id}`;

/**
 * The inventory resources each listed id names: a bare id, or region:id when the id exists in two regions.
 * 400 naming resources.<list>.<index> for an id the project's inventory does not hold (another client's
 * resource included) or that is ambiguous.
 */
export function resolveListed(
  lists: SchedulerResources,
  inventory: readonly InventoryEntry[],
  accountNumber: string | null,
): InventoryEntry[] {
  // The resources each name may mean (kind and bare id, kind and region:id), found once rather than per id.
  const byName = new Map<string, InventoryEntry[]>();
  for (const r of inventory) {
    if (accountNumber !== null && r.account_id !== accountNumber) continue;
    for (const name of [`${r.kind}|${r.resource_id}`, `${r.kind}|${r.region}:${r.resource_id}`]) {
      byName.set(name, [...(byName.get(name) ?? []), r]);
    }
  }
  const found: InventoryEntry[] = [];
  for (const list of LISTS) {
    const kind = SCHEDULER_RESOURCE_LISTS[list];
    lists[list].forEach((id, index) => {
      const matches = byName.get(`${kind}|${id}`) ?? [];
      const field = `resources.${list}.${index}`;
      if (matches.length === 0) throw fieldError(field, [`${id} is not a ${kind} of this project.`]);
      if (matches.length > 1) throw fieldError(field, [`${id} is in several regions; write region:${id}.`]);
      found.push(matches[0] as InventoryEntry);
    });
  }
  return found;
}

/** What a schedule acts on: its listed resources, plus those tagged key=value when it names a value. */
export function scheduledResources(
  schedule: {
    resources: SchedulerResources;
    account_number: string | null;
    tag_key: string;
    tag_value: string | null;
  },
  inventory: readonly InventoryEntry[],
): ScheduledResource[] {
  const out = new Map<string, ScheduledResource>();
  const listed = new Set(
    LISTS.flatMap((list) => schedule.resources[list].map((id) => `${SCHEDULER_RESOURCE_LISTS[list]}|${id}`)),
  );
  for (const r of inventory) {
    if (!KINDS.has(r.kind)) continue;
    if (schedule.account_number !== null && r.account_id !== schedule.account_number) continue;
    const byList =
      listed.has(`${r.kind}|${r.resource_id}`) || listed.has(`${r.kind}|${r.region}:${r.resource_id}`);
    const byTag = schedule.tag_value !== null && r.tags?.[schedule.tag_key] === schedule.tag_value;
    if (byList || byTag) out.set(resourceKey(r), { ...r, matched_by: byList ? 'list' : 'tag' });
  }
  return [...out.values()];
}
