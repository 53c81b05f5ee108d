import { addDays } from '@finlens/cost-model/utc-calendar';

/**
 * A small seeded dataset for anomaly tests (the demo organisation has no injected anomalies): 121 days of
 * legacy CUR rows for one account with a weekly shape, and a new m5.4xlarge adding 300 a day to EC2 on
 * SPIKE and the day after (rows of resource `i-batch`).
 */
const HEADER = [
  'lineItem/LineItemType',
  'lineItem/UsageStartDate',
  'lineItem/UsageAccountId',
  'product/servicename',
  'lineItem/UsageType',
  'lineItem/ResourceId',
  'lineItem/UnblendedCost',
  'lineItem/CurrencyCode',
].join(',');
export type AnomalyRow = {
  day: string;
  account: string;
  service: string;
  usageType: string;
  resource: string;
  cost: number;
};
export const anomalyCsv = (rows: AnomalyRow[]) =>
  [
    HEADER,
    ...rows.map(
      (r) => `Usage,${r.day}T00:00:00Z,${r.account},${r.service},${r.usageType},${r.resource},${r.cost},USD`,
    ),
  ].join('\n');

const FIRST = '2026-07-23';
export const LAST = '2026-11-20';
export const SPIKE = '2026-11-18';
const weekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());

export function acmeRows(): AnomalyRow[] {
  const rows: AnomalyRow[] = [];
  for (let n = 0; addDays(FIRST, n) <= LAST; n += 1) {
    const day = addDays(FIRST, n);
    const shape = weekend(day) ? 0.6 : 1;
    const base = { day, account: '111111111111' };
    rows.push({
      ...base,
      service: 'Amazon EC2',
      usageType: 'USE1-BoxUsage:m5.large',
      resource: 'i-web',
      cost: 60 * shape,
    });
    rows.push({
      ...base,
      service: 'Amazon EC2',
      usageType: 'USE1-BoxUsage:m5.large',
      resource: 'i-api',
      cost: 40 * shape,
    });
    rows.push({
      ...base,
      service: 'Amazon S3',
      usageType: 'USE1-TimedStorage-ByteHrs',
      resource: 'logs',
      cost: 20,
    });
    if (day === SPIKE || day === addDays(SPIKE, 1)) {
      rows.push({
        ...base,
        service: 'Amazon EC2',
        usageType: 'USE1-BoxUsage:m5.4xlarge',
        resource: 'i-batch',
        cost: 300,
      });
    }
  }
  return rows;
}
