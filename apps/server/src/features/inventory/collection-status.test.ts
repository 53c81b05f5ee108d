import { describe, expect, it } from 'vitest';
import { accountInventory, countsByProject } from './collection-status';
import type { CollectionRunRow } from './inventory.tables';

const run = (fields: Partial<CollectionRunRow>): CollectionRunRow => ({
  id: 'r1',
  project_id: 'p1',
  pass_id: 'pass-1',
  account_id: '123456789012',
  region: 'us-east-1',
  status: 'succeeded',
  queued_at: new Date('2026-11-26T08:00:00Z'),
  started_at: new Date('2026-11-26T08:00:01Z'),
  finished_at: new Date('2026-11-26T08:00:05Z'),
  resource_count: 2,
  errors: [],
  ...fields,
});

const denied = {
  service: 'rds',
  operation: 'DescribeDBInstances',
  code: 'AccessDenied',
  message: 'not authorised',
  kinds: ['rds-instance'],
};

describe('account inventory state', () => {
  it('awaits configuration when the account cannot be collected, even after an earlier pass', () => {
    expect(
      accountInventory({ awaiting: 'no role or access keys', runs: [run({})], counts: {} }),
    ).toMatchObject({
      state: 'awaiting_configuration',
      reason: 'no role or access keys',
      last_pass: { status: 'succeeded' },
    });
  });

  it('is not collected before the first pass, collecting while a region runs, then ready with progress', () => {
    expect(accountInventory({ awaiting: null, runs: [], counts: {} })).toEqual({
      state: 'not_collected',
      reason: null,
      counts: {},
      last_pass: null,
    });
    const running = [run({}), run({ id: 'r2', region: 'eu-west-1', status: 'running', finished_at: null })];
    expect(accountInventory({ awaiting: null, runs: running, counts: {} })).toMatchObject({
      state: 'collecting',
      last_pass: {
        status: 'running',
        regions: 2,
        regions_done: 1,
        last_collected_at: '2026-11-26T08:00:05.000Z',
      },
    });
  });

  it('is ready with the errors of a partial pass, naming the IAM action; failing when nothing was collected', () => {
    const partial = accountInventory({
      awaiting: null,
      runs: [run({}), run({ id: 'r2', region: 'eu-west-1', status: 'partial', errors: [denied] })],
      counts: { 'ec2-instance': 2 },
      accountNames: new Map([['123456789012', 'Shop']]),
    });
    expect(partial.state).toBe('ready');
    expect(partial.last_pass?.errors).toEqual([
      {
        account_id: '123456789012',
        account_name: 'Shop',
        region: 'eu-west-1',
        service: 'rds',
        operation: 'DescribeDBInstances',
        iam_action: 'rds:DescribeDBInstances',
        code: 'AccessDenied',
        message: 'not authorised',
      },
    ]);
    const refused = { ...denied, service: 'sts', operation: 'AssumeRole' };
    const failed = accountInventory({
      awaiting: null,
      runs: [run({ region: '*', status: 'failed', resource_count: null, errors: [refused] })],
      counts: {},
    });
    expect(failed).toMatchObject({ state: 'failing', last_pass: { resources: 0 } });
    expect(failed.last_pass?.errors[0]).toMatchObject({ iam_action: null, account_name: null });
  });

  it('counts current resources per project and kind', () => {
    const counts = countsByProject([
      { project_id: 'p1', kind: 'ec2-instance', count: '3' },
      { project_id: 'p1', kind: 's3-bucket', count: 1 },
      { project_id: 'p2', kind: 'ec2-instance', count: BigInt(4) },
    ]);
    expect(counts.get('p1')).toEqual({ 'ec2-instance': 3, 's3-bucket': 1 });
    expect(counts.get('p2')).toEqual({ 'ec2-instance': 4 });
  });
});
