import { mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { billingDataset } from '@finlens/fixtures/datasets';
import { describe, expect, it } from 'vitest';
import { CUR2_TEST_COLUMNS, importPath, tempWarehouse } from '../import-file.test-helper';

const warehouse = tempWarehouse('finlens-service-names-');

interface ServiceRow {
  type: string;
  service: string | null;
  rows: number;
}

/** Rows per line item type and service name of one imported project. */
async function services(projectId: string): Promise<ServiceRow[]> {
  const result = await warehouse.store.connection.runAndReadAll(
    `SELECT line_item_line_item_type AS type, product_servicename AS service, CAST(count(*) AS INTEGER) AS rows
     FROM line_items WHERE project_id = '${projectId}' GROUP BY ALL ORDER BY type, service NULLS LAST`,
  );
  return result.getRowObjectsJson() as unknown as ServiceRow[];
}

const dataset = (name: string) => {
  const set = billingDataset(name);
  return join(set.dir, set.files[0] as string);
};

describe('service names of lines the bill gives none (as AWS Cost Explorer labels them)', () => {
  it('legacy CSV (real export): tax lines are "Tax", never their product, and no line is without a service', async () => {
    await importPath(warehouse.store, dataset('aws-cur-legacy-csv-anonymized'), 'legacy-csv');
    const rows = await services('legacy-csv');
    expect(rows.filter((r) => r.type === 'Tax')).toEqual([{ type: 'Tax', service: 'Tax', rows: 12 }]);
    expect(rows.filter((r) => r.service === null)).toEqual([]);
  });

  it('CUR 2.0: a reservation fee under its service, support under its plan, tax as Tax; "No value" only without any', async () => {
    const folder = await mkdtemp(join(warehouse.dir, 'cur2-'));
    const header = [...CUR2_TEST_COLUMNS, 'line_item_product_code', 'product'];
    const line = (type: string, cost: number, code: string, product: Record<string, string>) =>
      [
        '2026-10-01T00:00:00Z',
        '111111111111',
        type,
        '2026-10-01T00:00:00Z',
        cost,
        'USD',
        '',
        code,
        `"${JSON.stringify(product).replaceAll('"', '""')}"`,
      ].join(',');
    const lines = [
      header.join(','),
      line('Usage', 10, 'AmazonEC2', {
        product_name: 'Amazon Elastic Compute Cloud',
        servicename: 'Amazon Elastic Compute Cloud',
      }),
      line('RIFee', 20, 'AmazonEC2', { product_name: 'Amazon Elastic Compute Cloud' }),
      line('Fee', 100, 'AWSSupportBusiness', { product_name: 'AWS Support (Business)' }),
      line('SavingsPlanRecurringFee', 5, 'ComputeSavingsPlans', {
        product_name: 'Savings Plans for AWS Compute usage',
      }),
      line('Tax', 1.5, 'AmazonEC2', {}),
      line('Credit', -2, '', {}),
    ];
    await writeFile(join(folder, 'export-00001.csv'), `${lines.join('\n')}\n`);
    await importPath(warehouse.store, folder, 'cur2');
    expect(await services('cur2')).toEqual([
      { type: 'Credit', service: null, rows: 1 },
      { type: 'Fee', service: 'AWS Support (Business)', rows: 1 },
      { type: 'RIFee', service: 'Amazon Elastic Compute Cloud', rows: 1 },
      { type: 'SavingsPlanRecurringFee', service: 'Savings Plans for AWS Compute usage', rows: 1 },
      { type: 'Tax', service: 'Tax', rows: 1 },
      { type: 'Usage', service: 'Amazon Elastic Compute Cloud', rows: 1 },
    ]);
  });
});
