import { describe, expect, it } from 'vitest';
import type { WarehouseCommitmentRow } from '../../warehouse/cost-query/commitment-rows';
import { billInventory } from './commitment-inventory';
import { warehouseRow } from './commitment-row.test-helper';

const OWNER = '111111111111';
const arn = (id: string) => `arn:aws:ec2:us-east-1:${OWNER}:reserved-instances/${id}`;

/** A month's row of a reservation as the monthly read gives it, naming `platform` (the row's product columns). */
function row(
  id: string,
  lineItemType: 'RIFee' | 'DiscountedUsage',
  month: string,
  platform: string | null,
): WarehouseCommitmentRow {
  return {
    ...warehouseRow(
      {
        lineItemType,
        billingPeriod: month,
        usageAccountId: OWNER,
        productCode: 'AmazonEC2',
        usageType: lineItemType === 'RIFee' ? 'HeavyUsage:m5.large' : 'BoxUsage:m5.large',
        reservationArn: arn(id),
        usageAmount: 100,
        unblended: lineItemType === 'RIFee' ? 6 : 0,
        reservationTotalReservedUnits: lineItemType === 'RIFee' ? 100 : null,
        reservationUnusedQuantity: lineItemType === 'RIFee' ? 0 : null,
      },
      `${month}-01T00:00:00Z`,
      6,
    ),
    operatingSystem: platform,
  };
}

describe('the inventory from the bill', () => {
  it("gives each reservation's platform: its newest fee row's, else its newest covered usage's", () => {
    const inventory = billInventory(
      [
        // The workshop's legacy CUR: the fee rows name none, the covered usage does.
        row('usage-only', 'RIFee', '2026-01', null),
        row('usage-only', 'RIFee', '2026-02', null),
        row('usage-only', 'DiscountedUsage', '2026-01', 'Windows'),
        // The fee row's, before what covered usage names.
        row('fee-named', 'RIFee', '2026-02', 'Linux'),
        row('fee-named', 'DiscountedUsage', '2026-02', 'Linux/UNIX'),
        // The newest month's where months differ.
        row('changed', 'RIFee', '2026-01', 'MySQL'),
        row('changed', 'RIFee', '2026-02', 'PostgreSQL'),
        row('changed', 'DiscountedUsage', '2026-02', 'Aurora MySQL'),
        // Nothing named: none.
        row('unnamed', 'RIFee', '2026-02', null),
      ],
      '2026-02-28',
      new Date('2026-03-01T00:00:00Z'),
    );
    expect(Object.fromEntries(inventory.reservations.map((r) => [r.arn, r.platform]))).toEqual({
      [arn('usage-only')]: 'Windows',
      [arn('fee-named')]: 'Linux',
      [arn('changed')]: 'PostgreSQL',
      [arn('unnamed')]: null,
    });
    expect(inventory.commitment_discounts).toEqual([]);
  });
});
