import { mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OTHERS_KEY } from '@finlens/contracts/cost-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { CUR2_TEST_COLUMNS, importPath, tempWarehouse } from '../../ingest/import-file.test-helper';
import type { WarehouseCostAnswer } from '../../warehouse/cost-query/cost-query-port';
import type { ReadScope } from '../../warehouse/cost-scope';
import type { CopilotWarehouse, CopilotWindow } from './copilot-reads';
import { visibility, visibilityGroup } from './visibility';

/**
 * Unused Savings Plan commitment under SP-covered: a hand-made CUR 2.0 day with an m5.large a Compute Savings Plan
 * covers ($6 effective, $10 on demand), that plan's recurring fee ($10 committed, $6 used: $4 unused) and a
 * SageMaker plan's recurring fee ($20 committed, $5 used: $15 unused, not compute spend).
 */
const warehouse = tempWarehouse('finlens-visibility-');
const SCOPE: ReadScope = {
  clientId: 'client',
  projectIds: ['sp'],
  projectNames: { sp: 'sp' },
  projects: [{ id: 'sp', name: 'sp', cloudType: 'aws' }],
};
const WINDOW: CopilotWindow = { from: '2026-10-01', to: '2026-10-01', asOf: '2026-10-01', days: 1 };
const COMPUTE_SP = 'arn:aws:savingsplans::111111111111:savingsplan/compute-1';
const SAGEMAKER_SP = 'arn:aws:savingsplans::111111111111:savingsplan/sagemaker-1';

const HEADER = [
  ...CUR2_TEST_COLUMNS,
  'line_item_product_code',
  'line_item_usage_type',
  'pricing_public_on_demand_cost',
  'savings_plan_savings_plan_a_r_n',
  'savings_plan_savings_plan_effective_cost',
  'savings_plan_total_commitment_to_date',
  'savings_plan_used_commitment',
  'product',
];

function line(cells: {
  type: string;
  resource: string;
  code: string;
  usageType: string;
  onDemand?: number;
  plan: string;
  effective?: number;
  committed?: number;
  used?: number;
  productName: string;
}): string {
  const product = JSON.stringify({ product_name: cells.productName }).replaceAll('"', '""');
  return [
    '2026-10-01T00:00:00Z',
    '111111111111',
    cells.type,
    '2026-10-01T00:00:00Z',
    0,
    'USD',
    cells.resource,
    cells.code,
    cells.usageType,
    cells.onDemand ?? '',
    cells.plan,
    cells.effective ?? '',
    cells.committed ?? '',
    cells.used ?? '',
    `"${product}"`,
  ].join(',');
}

beforeAll(async () => {
  const folder = await mkdtemp(join(warehouse.dir, 'cur2-'));
  const lines = [
    HEADER.join(','),
    line({
      type: 'SavingsPlanCoveredUsage',
      resource: 'i-0aaa',
      code: 'AmazonEC2',
      usageType: 'BoxUsage:m5.large',
      onDemand: 10,
      plan: COMPUTE_SP,
      effective: 6,
      productName: 'Amazon Elastic Compute Cloud',
    }),
    line({
      type: 'SavingsPlanRecurringFee',
      resource: COMPUTE_SP,
      code: 'ComputeSavingsPlans',
      usageType: 'ComputeSP:1yrNoUpfront',
      plan: COMPUTE_SP,
      committed: 10,
      used: 6,
      productName: 'Savings Plans for AWS Compute usage',
    }),
    line({
      type: 'SavingsPlanRecurringFee',
      resource: SAGEMAKER_SP,
      code: 'SageMakerSavingsPlans',
      usageType: 'SageMakerSP:1yrNoUpfront',
      plan: SAGEMAKER_SP,
      committed: 20,
      used: 5,
      productName: 'Savings Plans for Amazon SageMaker usage',
    }),
  ];
  await writeFile(join(folder, 'export-00001.csv'), `${lines.join('\n')}\n`);
  await importPath(warehouse.store, folder, 'sp');
});

describe('unused Savings Plan commitment in compute visibility', () => {
  it('charges only compute plans’ unused commitment to SP-covered, not a SageMaker plan’s', async () => {
    const answer = await visibility(warehouse.store, SCOPE, WINDOW);
    const sp = answer.by_purchase_option.find((r) => r.key === 'savings_plan');
    // $6 covered usage + $4 the compute plan left unused; the SageMaker plan's $15 is not compute spend.
    expect(sp?.effective).toBeCloseTo(10, 9);
    expect(sp?.on_demand).toBeCloseTo(10, 9);
    expect(answer.totals.savings).toBeCloseTo(0, 9);
    const group = await visibilityGroup(warehouse.store, SCOPE, WINDOW, {
      dimension: 'finlens_purchase_option',
      mode: 'include',
      values: ['Savings Plan'],
    });
    expect(group.resources.map((r) => [r.label, r.effective])).toEqual([
      ['i-0aaa', 6],
      [`Unused commitment: ${COMPUTE_SP}`, 4],
    ]);
    expect(group.totals.effective).toBeCloseTo(10, 9);
  });

  it('lists plans beyond the read’s top N as one line saying how many, never "Unused commitment: Others"', async () => {
    const answer = (series: WarehouseCostAnswer['series'], groups: number): WarehouseCostAnswer => ({
      periods: ['2026-10-01'],
      series,
      total: series.reduce((s, x) => s + x.total, 0),
      group_count: groups,
      source: 'line_items',
      reads: [],
      as_of: '2026-10-01',
      currency: 'USD',
    });
    const plan = (key: string, total: number) => ({ key, label: key, costs: [total], total });
    const fake: CopilotWarehouse = {
      runCostQuery: async (q) =>
        q.filters.some((f) => 'values' in f && f.values.includes('SavingsPlanRecurringFee'))
          ? answer([plan('arn:plan-1', 3), { ...plan(OTHERS_KEY, 2), label: 'Others' }], 4)
          : answer([], 0),
      newestUsageDay: async () => '2026-10-01',
      resourceCosts: async () => [],
      usageAccounts: async () => [],
    };
    const group = await visibilityGroup(fake, SCOPE, WINDOW, {
      dimension: 'finlens_purchase_option',
      mode: 'include',
      values: ['Savings Plan'],
    });
    expect(group.resources.map((r) => [r.resource_id, r.label, r.effective])).toEqual([
      ['arn:plan-1', 'Unused commitment: arn:plan-1', 3],
      [null, 'Unused commitment: 3 more plans', 2],
    ]);
    expect(group.group_count).toBe(4);
  });
});
