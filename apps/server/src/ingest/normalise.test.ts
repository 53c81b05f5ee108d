import { mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importPath, tempWarehouse } from './import-file.test-helper';

const warehouse = tempWarehouse('finlens-normalise-');

async function rows(projectId: string, columns: string): Promise<Record<string, unknown>[]> {
  const reader = await warehouse.store.connection.runAndReadAll(
    `SELECT ${columns} FROM line_items WHERE project_id = '${projectId}' ORDER BY line_item_usage_start_date, line_item_unblended_cost`,
  );
  return reader.getRowObjectsJson();
}

const csv = (lines: string[][]) =>
  `${lines.map((l) => l.map((c) => `"${c.replaceAll('"', '""')}"`).join(',')).join('\n')}\n`;

describe('normalisation into the canonical columns', () => {
  it('CUR 2.0 CSV: JSON map cells become maps; derived region, environment, purchase option', async () => {
    const folder = await mkdtemp(join(warehouse.dir, 'cur2-'));
    const header = [
      'bill_billing_period_start_date',
      'bill_payer_account_name',
      'line_item_usage_account_id',
      'line_item_line_item_type',
      'line_item_usage_start_date',
      'line_item_usage_type',
      'line_item_unblended_cost',
      'line_item_currency_code',
      'line_item_resource_id',
      'product',
      'product_region_code',
      'resource_tags',
      'savings_plan_savings_plan_effective_cost',
    ];
    await writeFile(
      join(folder, 'export-00001.csv'),
      csv([
        header,
        [
          '2025-03-01T00:00:00Z',
          'Payer',
          '012345678901',
          'Usage',
          '2025-03-01T00:00:00Z',
          'EUC1-BoxUsage:m5.large',
          '1.5',
          'USD',
          'i-1',
          '{"product_name":"Amazon Elastic Compute Cloud","operating_system":"Linux"}',
          'eu-central-1',
          '{"user_env":"prod","user_team":"web"}',
          '',
        ],
        [
          '2025-03-01T00:00:00Z',
          'Payer',
          '012345678901',
          'SavingsPlanCoveredUsage',
          '2025-03-01T01:00:00Z',
          'USW2-BoxUsage:m5.large',
          '2',
          'USD',
          'i-2',
          '{}',
          'us-west-2',
          '',
          '1.2',
        ],
      ]),
    );
    await importPath(warehouse.store, folder, 'cur2-csv');
    expect(
      await rows(
        'cur2-csv',
        "line_item_usage_account_id AS account, product_product_name AS name, resource_tags['user_team'] AS team, finlens_region_name AS region, finlens_final_environment AS env, finlens_purchase_option AS po, finlens_operating_system_engine AS os, line_item_amortized_cost AS amortized, cardinality(resource_tags) AS tags",
      ),
    ).toEqual([
      {
        account: '012345678901',
        name: 'Amazon Elastic Compute Cloud',
        team: 'web',
        region: 'Europe (Frankfurt)',
        env: 'production',
        po: 'On Demand',
        os: 'Linux',
        amortized: 1.5,
        tags: '2',
      },
      {
        account: '012345678901',
        name: null,
        team: null,
        region: 'US West (Oregon)',
        env: null,
        po: 'Savings Plan',
        os: null,
        amortized: 1.2,
        tags: '0',
      },
    ]);
  });

  it('legacy CUR: files of one period with different column sets; resourceTags/user:Team → user_team', async () => {
    const folder = await mkdtemp(join(warehouse.dir, 'legacy-'));
    const base = [
      'bill/BillingPeriodStartDate',
      'lineItem/LineItemType',
      'lineItem/UsageStartDate',
      'lineItem/UnblendedCost',
      'lineItem/CurrencyCode',
    ];
    await writeFile(
      join(folder, 'report-1.csv'),
      csv([
        [...base, 'resourceTags/user:Team'],
        ['2024-05-01T00:00:00Z', 'Usage', '2024-05-01T00:00:00Z', '3', 'USD', 'data'],
      ]),
    );
    await writeFile(
      join(folder, 'report-2.csv'),
      csv([
        [...base, 'costCategory/Business Unit'],
        ['2024-05-01T00:00:00Z', 'Tax', '2024-05-02T00:00:00Z', '0.3', 'USD', 'Retail'],
      ]),
    );
    const { staged } = await importPath(warehouse.store, folder, 'legacy');
    expect(staged).toMatchObject({ format: 'cur', rows: 2, periods: ['2024-05'] });
    expect(
      await rows(
        'legacy',
        "resource_tags['user_team'] AS team, cost_category['business_unit'] AS unit, finlens_charge_category AS category, finlens_non_taggable_resource AS non_taggable",
      ),
    ).toEqual([
      { team: 'data', unit: null, category: 'Usage', non_taggable: true },
      { team: null, unit: 'Retail', category: 'Tax', non_taggable: true },
    ]);
  });

  it('FOCUS: x_ columns kept, ContractedCost is the discounted list, MAP tags from JSON', async () => {
    const path = join(warehouse.dir, 'focus.csv');
    await writeFile(
      path,
      csv([
        [
          'BillingPeriodStart',
          'ChargePeriodStart',
          'ChargeCategory',
          'BilledCost',
          'EffectiveCost',
          'ListCost',
          'ContractedCost',
          'BillingCurrency',
          'RegionId',
          'RegionName',
          'Tags',
          'x_ServiceCode',
          'x_Discounts',
        ],
        [
          '2025-01-01T00:00:00Z',
          '2025-01-05T00:00:00Z',
          'Usage',
          '8',
          '6',
          '10',
          '9',
          'USD',
          'eu-west-1',
          'Europe (Ireland)',
          '{"env":"dev","flag":true}',
          'AmazonEC2',
          '{"edp":-1}',
        ],
      ]),
    );
    await importPath(warehouse.store, path, 'focus');
    expect(
      await rows(
        'focus',
        "line_item_unblended_cost AS u, line_item_amortized_cost AS a, pricing_public_on_demand_cost AS l, finlens_pricing_net_public_on_demand_cost AS nl, source_extras['x_ServiceCode'] AS code, source_extras['x_Discounts'] AS discounts, resource_tags['flag'] AS flag, finlens_final_environment AS env",
      ),
    ).toEqual([
      {
        u: 8,
        a: 6,
        l: 10,
        nl: 9,
        code: 'AmazonEC2',
        discounts: '{"edp":-1}',
        flag: 'true',
        env: 'development',
      },
    ]);
  });

  it('FOCUS Parquet: typed costs and timestamps, MAP tags and a MAP x_ column', async () => {
    const path = join(warehouse.dir, 'focus.parquet');
    await warehouse.store.connection.run(
      `COPY (SELECT TIMESTAMP '2025-02-01' AS BillingPeriodStart, TIMESTAMP '2025-02-03 05:00:00' AS ChargePeriodStart,
        'Usage' AS ChargeCategory, 4.5::DOUBLE AS BilledCost, 4.0::DOUBLE AS EffectiveCost, 'USD' AS BillingCurrency,
        MAP {'team': 'ml'} AS Tags, MAP {'edp': -0.5::DOUBLE} AS x_Discounts) TO '${path}' (FORMAT parquet)`,
    );
    const { staged } = await importPath(warehouse.store, path, 'focus-parquet');
    expect(staged).toMatchObject({ format: 'focus', rows: 1, periods: ['2025-02'] });
    expect(
      await rows(
        'focus-parquet',
        "CAST(line_item_usage_start_date AS VARCHAR) AS start, line_item_unblended_cost AS u, line_item_amortized_cost AS a, resource_tags['team'] AS team, source_extras['x_Discounts'] AS discounts",
      ),
    ).toEqual([{ start: '2025-02-03 05:00:00', u: 4.5, a: 4, team: 'ml', discounts: '{edp=-0.5}' }]);
  });

  it('Azure: tags without braces, US dates, inclusive end dates made exclusive', async () => {
    const path = join(warehouse.dir, 'azure-actual.csv');
    await writeFile(
      path,
      csv([
        [
          'SubscriptionId',
          'Date',
          'BillingPeriodStartDate',
          'BillingPeriodEndDate',
          'MeterCategory',
          'CostInBillingCurrency',
          'BillingCurrencyCode',
          'ChargeType',
          'PricingModel',
          'Tags',
          'ResourceLocation',
        ],
        [
          'sub-1',
          '09/04/2023',
          '09/01/2023',
          '09/30/2023',
          'Virtual Machines',
          '5',
          'USD',
          'Usage',
          'OnDemand',
          '"env": "prod","team": "web"',
          'westeurope',
        ],
        [
          'sub-1',
          '09/05/2023',
          '09/01/2023',
          '09/30/2023',
          'Virtual Machines',
          '3.25',
          'USD',
          'Purchase',
          'Reservation',
          '',
          'westeurope',
        ],
      ]),
    );
    await importPath(warehouse.store, path, 'azure');
    expect(
      await rows(
        'azure',
        "CAST(line_item_usage_start_date AS VARCHAR) AS start, CAST(bill_billing_period_end_date AS VARCHAR) AS period_end, resource_tags['team'] AS team, line_item_unblended_cost AS u, line_item_amortized_cost AS a, finlens_purchase_option AS po, finlens_compute_types AS compute",
      ),
    ).toEqual([
      {
        start: '2023-09-04 00:00:00',
        period_end: '2023-10-01 00:00:00',
        team: 'web',
        u: 5,
        a: 5,
        po: 'On Demand',
        compute: 'Virtual Machines',
      },
      {
        start: '2023-09-05 00:00:00',
        period_end: '2023-10-01 00:00:00',
        team: null,
        u: 3.25,
        a: 0,
        po: 'Reserved',
        compute: 'Virtual Machines',
      },
    ]);
  });
});
