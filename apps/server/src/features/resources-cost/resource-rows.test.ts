import type { CostFilter } from '@finlens/contracts/cost-query';
import { describe, expect, it } from 'vitest';
import { orderAgainstWaiting } from '../../platform/event-loop.test-helper';
import type { ResourceCostRow as BillRow } from '../../warehouse/cost-query/resource-costs';
import type { CostViewResource } from '../inventory/inventory.service';
import { matchesFilter, tagValue } from './resource-filters';
import { createResourceIndex } from './resource-index';
import { mergeResources } from './resource-rows';

const stored = (
  input: Partial<CostViewResource> & Pick<CostViewResource, 'kind' | 'resource_id'>,
): CostViewResource => ({
  project_id: 'p1',
  account_id: '111',
  region: 'us-east-1',
  name: null,
  state: 'running',
  arn: null,
  type: null,
  tags: {},
  first_seen_at: new Date('2026-03-01T00:00:00.000Z'),
  last_seen_at: new Date('2026-03-30T00:00:00.000Z'),
  ...input,
});

const billed = (input: Partial<BillRow> & Pick<BillRow, 'resourceId'>): BillRow => ({
  projectId: 'p1',
  accountId: '111',
  accountName: null,
  region: 'us-east-1',
  serviceCode: 'AmazonEC2',
  service: 'Amazon Elastic Compute Cloud',
  instanceType: null,
  currentCost: 0,
  previousCost: 0,
  firstDay: '2026-02-01',
  lastDay: '2026-03-30',
  tags: [null],
  ...input,
});

const INVENTORY = [
  stored({
    kind: 'ec2-instance',
    resource_id: 'i-1',
    name: 'web',
    type: 'm5.large',
    tags: { team: 'shop', 'cost-center': 'CC1' },
  }),
  stored({
    kind: 'rds-instance',
    resource_id: 'orders',
    arn: 'arn:aws:rds:us-east-1:111:db:orders',
    state: 'available',
  }),
  stored({ kind: 'ebs-volume', resource_id: 'vol-1', state: 'available' }),
  stored({ kind: 'ec2-instance', resource_id: 'i-1', project_id: 'p2' }),
];
const BILL = [
  billed({ resourceId: 'arn:aws:ec2:us-east-1:111:instance/i-1', currentCost: 6, previousCost: 2 }),
  billed({ resourceId: 'i-1', currentCost: 4, previousCost: 3 }),
  billed({
    resourceId: 'arn:aws:rds:us-east-1:111:db:orders',
    serviceCode: 'AmazonRDS',
    service: 'Amazon Relational Database Service',
    currentCost: 20,
  }),
  billed({
    resourceId: 'arn:aws:lambda:us-east-1:111:function:resize:prod',
    serviceCode: 'AWSLambda',
    service: 'AWS Lambda',
    currentCost: 1,
    previousCost: 2,
    tags: ['data'],
  }),
  billed({
    resourceId: 'arn:aws:lambda:us-east-1:111:function:resize',
    serviceCode: 'AWSLambda',
    service: 'AWS Lambda',
    currentCost: 1,
    firstDay: '2026-01-31',
    lastDay: '2026-02-10',
  }),
];
const rows = await mergeResources(INVENTORY, BILL, ['user_team']);
const byId = (id: string, project = 'p1') =>
  rows.find((r) => r.resource_id === id && r.project_id === project);

describe('mergeResources', () => {
  it('joins a large snapshot a batch per turn of the event loop: a waiting request runs before it ends', async () => {
    const volumes = Array.from({ length: 5_000 }, (_, i) => `vol-${i}`);
    const { order, result: merged } = await orderAgainstWaiting(() =>
      mergeResources(
        volumes.map((id) => stored({ kind: 'ebs-volume', resource_id: id })),
        volumes.map((id) => billed({ resourceId: id, currentCost: 1 })),
        [],
      ),
    );
    expect(order).toEqual(['waiting request', 'done']);
    expect(merged.map((r) => r.resource_id)).toEqual(volumes);
    expect(merged.every((r) => r.in_inventory && r.in_bill && r.cost === 1)).toBe(true);
  });

  it('joins each inventory resource with every bill spelling of it, per project', () => {
    expect(rows).toHaveLength(5);
    expect(byId('i-1')).toMatchObject({
      key: '111|i-1',
      cost: 10,
      previous_cost: 5,
      trend: 1,
      owner: 'shop',
      in_inventory: true,
      in_bill: true,
      bill_resource_ids: ['arn:aws:ec2:us-east-1:111:instance/i-1', 'i-1'],
    });
    expect(byId('i-1', 'p2')).toMatchObject({ cost: 0, in_bill: false, trend: null });
    expect(byId('orders')).toMatchObject({
      cost: 20,
      trend: null,
      service: 'Amazon Relational Database Service',
    });
    expect(byId('vol-1')).toMatchObject({ cost: 0, in_bill: false, service: 'Amazon Elastic Compute Cloud' });
  });

  it("keeps billed resources the inventory lacks, marked, with the bill's days and owner tag", () => {
    const lambda = rows.find((r) => r.service === 'AWS Lambda');
    expect(lambda).toMatchObject({
      key: '111|lambda:function:resize',
      kind: null,
      in_inventory: false,
      cost: 2,
      previous_cost: 2,
      trend: 0,
      owner: 'data',
      tags: { user_team: 'data' },
      first_seen: '2026-01-31',
      last_seen: '2026-03-30',
      arn: expect.stringMatching(/^arn:aws:lambda:/),
    });
  });
});

describe('filters', () => {
  const names = { p1: 'Main', p2: 'Other' };
  const index = createResourceIndex(rows, names);
  const select = (query: { filters: CostFilter[]; search?: string }) =>
    index.pick({ ...query, sort: 'resource_id', order: 'asc' });
  const ids = (filters: CostFilter[]) =>
    select({ filters })
      .rows.map((r) => `${r.project_id}/${r.resource_id}`)
      .sort();

  it('match every spelling of the resource id and the project name', () => {
    expect(ids([{ dimension: 'line_item_resource_id', mode: 'include', values: ['i-1'] }])).toEqual([
      'p1/i-1',
      'p2/i-1',
    ]);
    expect(
      ids([
        {
          dimension: 'line_item_resource_id',
          mode: 'include',
          values: ['arn:aws:ec2:us-east-1:111:instance/i-1'],
        },
      ]),
    ).toEqual(['p1/i-1']);
    expect(ids([{ dimension: 'billing_project_name', mode: 'exclude', values: ['Main'] }])).toEqual([
      'p2/i-1',
    ]);
  });

  it('treat a missing value as the Explorer does', () => {
    const like: CostFilter = { dimension: 'product_instance_type', mode: 'like', values: ['M5'] };
    expect(ids([like])).toEqual(['p1/i-1']);
    expect(ids([{ ...like, mode: 'not_like' }])).toHaveLength(4);
  });

  it('read tag keys as the bill or the API spells them', () => {
    expect(tagValue({ 'cost-center': 'CC1' }, 'user_cost_center')).toBe('CC1');
    expect(tagValue({ team: '' }, 'team')).toBeNull();
    const pair = (value: string): CostFilter => ({
      dimension: 'tag_keys',
      mode: 'include',
      match: 'any',
      pairs: [{ key: 'user_team', value }],
    });
    expect(ids([pair('shop')])).toEqual(['p1/i-1']);
    expect(ids([pair('')])).toHaveLength(3);
    expect(matchesFilter(byId('vol-1') as never, { ...pair('shop'), mode: 'exclude' }, names)).toBe(true);
  });

  it('search ids, ARNs and tag values, ignoring case', () => {
    const search = (text: string) => select({ filters: [], search: text }).count;
    expect(search('INSTANCE/I-1')).toBe(1);
    expect(search('cc1')).toBe(1);
    expect(search('resize:prod')).toBe(1);
  });
});

describe('the index', () => {
  const index = createResourceIndex(rows, {});

  /** 10,000 volumes, in the inventory and billed. */
  const largeSnapshot = () => {
    const volumes = Array.from({ length: 10_000 }, (_, i) => `vol-${(i * 7919) % 10_000}`);
    return mergeResources(
      volumes.map((id) => stored({ kind: 'ebs-volume', resource_id: id })),
      volumes.map((id, i) => billed({ resourceId: id, currentCost: i % 97 })),
      [],
    );
  };

  it("prepares a large snapshot's first sort and filter buckets a batch per turn, as pick would make them", async () => {
    const large = await largeSnapshot();
    const query = {
      filters: [{ dimension: 'line_item_resource_id' as const, mode: 'exclude' as const, values: ['vol-1'] }],
      in_inventory: 'true' as const,
      sort: 'cost' as const,
      order: 'desc' as const,
    };
    const paced = createResourceIndex(large, {});
    const { order } = await orderAgainstWaiting(() => paced.prepare(query));
    expect(order).toEqual(['waiting request', 'done']);
    const unprepared = createResourceIndex(large, {}).pick(query);
    expect(unprepared.count).toBe(9_999);
    expect(paced.pick(query)).toEqual(unprepared);
    expect(paced.options()).toEqual(createResourceIndex(large, {}).options());
  });

  it("finds a search's and a like filter's rows on a large snapshot a batch per turn, as pick would find them", async () => {
    const large = await largeSnapshot();
    const sorted = { filters: [], sort: 'cost' as const, order: 'desc' as const };
    const paced = createResourceIndex(large, {});
    await paced.prepare(sorted);
    const query = {
      ...sorted,
      search: ' VOL-1',
      filters: [
        { dimension: 'line_item_resource_id' as const, mode: 'not_like' as const, values: ['vol-10'] },
      ],
    };
    // Order and options are ready: what is left is testing every row for the text and the filter.
    const { order } = await orderAgainstWaiting(() => paced.prepare(query));
    expect(order).toEqual(['waiting request', 'done']);
    const unprepared = createResourceIndex(large, {}).pick(query);
    expect(unprepared.count).toBe(1_111 - 111);
    expect(paced.pick(query)).toEqual(unprepared);
    // The search's kept rows are whole again for a search alone (the pick above narrowed a copy of them).
    expect(paced.pick({ ...sorted, search: 'vol-1' }).count).toBe(1_111);
  });

  const pick = (sort: 'trend' | 'cost', order: 'asc' | 'desc', start?: number, end?: number) =>
    index.pick({ filters: [], sort, order }, start, end);

  it('puts rows without a value last in both orders and breaks ties by key', () => {
    const order = (o: 'asc' | 'desc') => pick('trend', o).rows.map((r) => r.trend);
    expect(order('desc')).toEqual([1, 0, null, null, null]);
    expect(order('asc')).toEqual([0, 1, null, null, null]);
    expect(pick('cost', 'desc').rows.map((r) => r.cost)).toEqual([20, 10, 2, 0, 0]);
  });

  it("pages a selection in the order asked, with the whole selection's count and total", () => {
    expect(pick('cost', 'desc', 1, 3)).toMatchObject({ count: 5, total: 32 });
    expect(pick('cost', 'desc', 1, 3).rows.map((r) => r.cost)).toEqual([10, 2]);
    const billed = {
      filters: [],
      in_inventory: 'false' as const,
      sort: 'cost' as const,
      order: 'asc' as const,
    };
    const only = index.pick(billed);
    expect(only.rows.every((r) => !r.in_inventory)).toBe(true);
    expect(only.total).toBe(only.rows.reduce((sum, r) => sum + r.cost, 0));
    expect(index.pick(billed, 0, 1).rows).toEqual(only.rows.slice(0, 1));
  });

  it("filters rows only in the bill by a tag key's bill values, once they are added", () => {
    const tag = { dimension: 'tag_keys' as const, mode: 'include' as const, match: 'any' as const };
    const query = {
      filters: [{ ...tag, pairs: [{ key: 'user_app', value: 'resize' }] }],
      sort: 'cost' as const,
      order: 'desc' as const,
    };
    expect(index.pick(query).count).toBe(0);
    const lambda = rows.findIndex((r) => r.service === 'AWS Lambda');
    index.addBillTag('user_app', new Map([[lambda, 'resize']]));
    expect(index.pick(query).rows.map((r) => r.service)).toEqual(['AWS Lambda']);
  });
});
