import { RESOURCE_KIND_NAMES } from '@finlens/contracts/inventory';
import { OWNER_TAG_KEYS, type ResourceCostRow } from '@finlens/contracts/resources-cost';
import { resourceKey } from '@finlens/cost-model/resource-id';
import { forEachPaced } from '../../platform/event-loop';
import type { ResourceCostRow as BillRow } from '../../warehouse/cost-query/resource-costs';
import type { CostViewResource } from '../inventory/inventory.service';

type Kind = (typeof RESOURCE_KIND_NAMES)[number];

/** The bill's service name of each inventory kind, for resources collected but not billed. */
const KIND_SERVICE: Record<Kind, string> = {
  'ec2-instance': 'Amazon Elastic Compute Cloud',
  'ebs-volume': 'Amazon Elastic Compute Cloud',
  'ebs-snapshot': 'Amazon Elastic Compute Cloud',
  'elastic-ip': 'Amazon Elastic Compute Cloud',
  'autoscaling-group': 'Amazon Elastic Compute Cloud',
  'load-balancer': 'Elastic Load Balancing',
  'rds-instance': 'Amazon Relational Database Service',
  'rds-cluster': 'Amazon Relational Database Service',
  's3-bucket': 'Amazon Simple Storage Service',
  'eks-cluster': 'Amazon Elastic Container Service for Kubernetes',
  'eks-nodegroup': 'Amazon Elastic Container Service for Kubernetes',
  'eks-fargate-profile': 'Amazon Elastic Container Service for Kubernetes',
  'lambda-function': 'AWS Lambda',
  'nat-gateway': 'Amazon Elastic Compute Cloud',
};

/** A listed row plus what the service needs behind it: where the inventory keeps it, text to search. */
export interface MergedResource extends ResourceCostRow {
  inventory: Pick<CostViewResource, 'region' | 'kind' | 'resource_id'> | null;
  /** Lower-case ids, name, account name, ARN and tag values, joined. */
  haystack: string;
}

const isKind = (kind: string): kind is Kind => (RESOURCE_KIND_NAMES as readonly string[]).includes(kind);
const iso = (value: Date | string) => new Date(value).toISOString();

export function ownerOf(tags: Record<string, string>): string | null {
  for (const key of OWNER_TAG_KEYS) {
    const value = tags[key];
    if (value !== undefined && value !== '') return value;
  }
  return null;
}

function billTags(row: BillRow, tagKeys: readonly string[]): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [i, key] of tagKeys.entries()) {
    const value = row.tags[i];
    if (value !== null && value !== undefined) tags[key] = value;
  }
  return tags;
}

/** The bill's rows of one resource (ARN and short id may both appear), folded. */
interface BilledResource {
  rows: BillRow[];
  cost: number;
  previous: number;
  firstDay: string;
  lastDay: string;
}

const billKey = (row: BillRow) =>
  `${row.projectId}|${resourceKey(row.resourceId, row.serviceCode ?? row.service, row.accountId ?? '')}`;

/** Inventory resources or bill rows joined between turns of the event loop (a snapshot may hold 100,000). */
const MERGED_PER_TURN = 2048;

async function foldBill(bill: readonly BillRow[]): Promise<Map<string, BilledResource>> {
  const byKey = new Map<string, BilledResource>();
  await forEachPaced(bill, MERGED_PER_TURN, (row) => {
    const key = billKey(row);
    const seen = byKey.get(key);
    if (seen === undefined) {
      byKey.set(key, {
        rows: [row],
        cost: row.currentCost,
        previous: row.previousCost,
        firstDay: row.firstDay,
        lastDay: row.lastDay,
      });
    } else {
      seen.rows.push(row);
      seen.cost += row.currentCost;
      seen.previous += row.previousCost;
      if (row.firstDay < seen.firstDay) seen.firstDay = row.firstDay;
      if (row.lastDay > seen.lastDay) seen.lastDay = row.lastDay;
    }
  });
  return byKey;
}

const trendOf = (cost: number, previous: number) =>
  Math.abs(previous) < 1e-9 ? null : (cost - previous) / Math.abs(previous);

function haystackOf(row: ResourceCostRow): string {
  return [
    row.resource_id,
    row.name ?? '',
    row.account_name ?? '',
    row.arn ?? '',
    ...row.bill_resource_ids,
    ...Object.values(row.tags),
  ]
    .join('\n')
    .toLowerCase();
}

/**
 * Every resource of the inventory and of the bill, joined on project and resource key (the normal id within
 * the account, packages/cost-model resource-id.ts): inventory attributes win, the bill adds cost. Joined a
 * batch of rows per turn of the event loop, so a large first snapshot does not hold other requests.
 */
export async function mergeResources(
  inventory: readonly CostViewResource[],
  bill: readonly BillRow[],
  tagKeys: readonly string[],
  accountName: (projectId: string, accountId: string | null) => string | null = () => null,
): Promise<MergedResource[]> {
  const billed = await foldBill(bill);
  const out: MergedResource[] = [];
  await forEachPaced(inventory, MERGED_PER_TURN, (r) => {
    if (!isKind(r.kind)) return;
    const key = resourceKey(r.arn ?? r.resource_id, r.kind, r.account_id);
    const costs = billed.get(`${r.project_id}|${key}`);
    billed.delete(`${r.project_id}|${key}`);
    const first = costs?.rows[0];
    const tags = r.tags ?? {};
    const row: ResourceCostRow = {
      key,
      project_id: r.project_id,
      resource_id: r.resource_id,
      arn: r.arn,
      name: r.name,
      account_id: r.account_id,
      account_name: accountName(r.project_id, r.account_id),
      region: r.region,
      service: first?.service ?? KIND_SERVICE[r.kind],
      kind: r.kind,
      type: r.type ?? first?.instanceType ?? null,
      state: r.state,
      tags,
      owner: ownerOf(tags) ?? (first === undefined ? null : ownerOf(billTags(first, tagKeys))),
      cost: costs?.cost ?? 0,
      previous_cost: costs?.previous ?? 0,
      trend: costs === undefined ? null : trendOf(costs.cost, costs.previous),
      utilisation: null,
      first_seen: iso(r.first_seen_at),
      last_seen: iso(r.last_seen_at),
      in_inventory: true,
      in_bill: costs !== undefined,
      bill_resource_ids: costs?.rows.map((b) => b.resourceId).sort() ?? [],
    };
    out.push({ ...row, inventory: r, haystack: haystackOf(row) });
  });
  await forEachPaced(billed, MERGED_PER_TURN, ([projectAndKey, costs]) => {
    const first = costs.rows[0] as BillRow;
    const tags = billTags(first, tagKeys);
    const row: ResourceCostRow = {
      key: projectAndKey.slice(first.projectId.length + 1),
      project_id: first.projectId,
      resource_id: first.resourceId,
      arn: costs.rows.find((b) => b.resourceId.startsWith('arn:'))?.resourceId ?? null,
      name: null,
      account_id: first.accountId,
      account_name: accountName(first.projectId, first.accountId),
      region: first.region,
      service: first.service,
      kind: null,
      type: first.instanceType,
      state: null,
      tags,
      owner: ownerOf(tags),
      cost: costs.cost,
      previous_cost: costs.previous,
      trend: trendOf(costs.cost, costs.previous),
      utilisation: null,
      first_seen: costs.firstDay,
      last_seen: costs.lastDay,
      in_inventory: false,
      in_bill: true,
      bill_resource_ids: costs.rows.map((b) => b.resourceId).sort(),
    };
    out.push({ ...row, inventory: null, haystack: haystackOf(row) });
  });
  return out;
}

/**
 * The bill's value of one more tag key (`bill` read with that key alone) for the rows only in the bill, by row
 * position: collected resources are filtered by their inventory tags.
 */
export function billTagPositions(
  rows: readonly MergedResource[],
  bill: readonly BillRow[],
): Map<number, string> {
  const values = new Map<string, string>();
  for (const row of bill) {
    const value = row.tags[0];
    const key = billKey(row);
    if (value !== null && value !== undefined && !values.has(key)) values.set(key, value);
  }
  const out = new Map<number, string>();
  for (const [p, row] of rows.entries()) {
    const value = row.in_inventory ? undefined : values.get(`${row.project_id}|${row.key}`);
    if (value !== undefined) out.set(p, value);
  }
  return out;
}
