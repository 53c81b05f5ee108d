import type { ResourceCostRow } from '@finlens/contracts/resources-cost';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { resourcesCostCsv } from './resources-cost-csv';

// Only what the export writes matters here; the rest is null or empty.
const ROW: ResourceCostRow = {
  ...{ key: '', project_id: 'p1', resource_id: '', in_bill: true, in_inventory: true, bill_resource_ids: [] },
  ...{
    arn: null,
    account_id: '123',
    account_name: null,
    region: null,
    service: null,
    kind: null,
    type: null,
  },
  ...{ state: null, owner: null, utilisation: null, first_seen: null, last_seen: null, trend: null },
  name: '=HYPERLINK("x")',
  tags: { team: 'shop', env: 'prod' },
  cost: 90.125,
  previous_cost: 30,
};

describe('Resources Cost CSV', () => {
  it('writes every row of a large export in order, letting waiting requests run while it is built', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => ({
      ...ROW,
      key: `123|i-${i}`,
      resource_id: `i-${i}`,
    }));
    const order: string[] = [];
    setImmediate(() => order.push('waiting request'));
    const csv = await resourcesCostCsv(rows);
    order.push('export');
    expect(order).toEqual(['waiting request', 'export']);
    const records = parse(csv, { columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(5_000);
    expect(records.map((r) => r.resource_id)).toEqual(rows.map((r) => r.resource_id));
    expect(records[4_999]).toMatchObject({
      resource_id: 'i-4999',
      name: `'=HYPERLINK("x")`,
      cost: '90.125',
      tags: 'team=shop; env=prod',
      in_inventory: 'yes',
    });
  });

  it('is a header line alone without rows', async () => {
    expect((await resourcesCostCsv([])).trim().split('\n')).toHaveLength(1);
  });
});
