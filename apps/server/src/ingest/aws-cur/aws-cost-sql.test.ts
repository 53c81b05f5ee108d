import { DuckDBInstance } from '@duckdb/node-api';
import {
  type AwsCostRow,
  awsAmortizedCost,
  awsNetAmortizedCost,
  awsPurchaseOption,
  chargeCategoryOfLineType,
} from '@finlens/cost-model/billing-line-item-types';
import { describe, expect, it } from 'vitest';
import { quoteString } from '../../warehouse/sql-quote';
import { awsDerivedColumns } from './aws-cost-sql';

// The SQL compiled for the warehouse must agree with the reference functions of @finlens/cost-model.
const COLUMNS: [keyof AwsCostRow, string][] = [
  ['unblended', 'line_item_unblended_cost'],
  ['netUnblended', 'line_item_net_unblended_cost'],
  ['reservationEffective', 'reservation_effective_cost'],
  ['reservationNetEffective', 'reservation_net_effective_cost'],
  ['reservationUnusedAmortizedUpfront', 'reservation_unused_amortized_upfront_fee_for_billing_period'],
  ['reservationUnusedRecurring', 'reservation_unused_recurring_fee'],
  ['reservationNetUnusedAmortizedUpfront', 'reservation_net_unused_amortized_upfront_fee_for_billing_period'],
  ['reservationNetUnusedRecurring', 'reservation_net_unused_recurring_fee'],
  ['spEffective', 'savings_plan_savings_plan_effective_cost'],
  ['spNetEffective', 'savings_plan_net_savings_plan_effective_cost'],
  ['spTotalCommitment', 'savings_plan_total_commitment_to_date'],
  ['spUsedCommitment', 'savings_plan_used_commitment'],
  ['spAmortizedUpfront', 'savings_plan_amortized_upfront_commitment_for_billing_period'],
  ['spNetAmortizedUpfront', 'savings_plan_net_amortized_upfront_commitment_for_billing_period'],
];
const TYPES = [
  'Usage',
  'DiscountedUsage',
  'SavingsPlanCoveredUsage',
  'SavingsPlanNegation',
  'SavingsPlanRecurringFee',
  'SavingsPlanUpfrontFee',
  'RIFee',
  'Fee',
  'Tax',
  'Credit',
  'Refund',
  'EdpDiscount',
  'PrivateRateDiscount',
  'BundledDiscount',
];
/** Seeded so a failure reproduces; 400 rows cover every type with and without each nullable column. */
function randomRows(
  count: number,
  seed = 42,
): (AwsCostRow & { usageType: string | null; savingsPlanArn: string | null })[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const money = () => (next() < 0.25 ? null : Math.round((next() * 2e5 - 1e5) * 1e6) / 1e6);
  return Array.from({ length: count }, () => ({
    lineItemType: pick(TYPES),
    productCode: pick(['AmazonEC2', 'ComputeSavingsPlans', null]),
    description: pick(['Refund for one-time fee for Savings Plan ID 1', 'usage', null]),
    reservationArn: pick(['arn:aws:ec2:ri/1', null]),
    usageType: pick(['USW2-BoxUsage:m5.large', 'SpotUsage:c5.large', null]),
    savingsPlanArn: pick(['arn:aws:savingsplans::sp/1', null]),
    ...(Object.fromEntries(COLUMNS.map(([key]) => [key, money()])) as Record<string, number | null>),
  })) as (AwsCostRow & { usageType: string | null; savingsPlanArn: string | null })[];
}

const lit = (v: string | number | null) =>
  v === null ? 'NULL' : typeof v === 'number' ? `CAST('${v}' AS DOUBLE)` : quoteString(v);

describe('AWS cost SQL matches the cost-model reference functions', () => {
  it('amortized, net amortized, purchase option and charge category agree on 400 seeded random rows', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    const derived = awsDerivedColumns();
    try {
      for (let batch = 0; batch < 4; batch += 1) {
        const rows = randomRows(100, 42 + batch);
        const values = rows.map(
          (r) =>
            `(${[r.lineItemType, r.productCode, r.description, r.reservationArn, r.usageType, r.savingsPlanArn, ...COLUMNS.map(([k]) => r[k] as number | null)].map(lit).join(', ')})`,
        );
        const names = [
          'line_item_line_item_type',
          'line_item_product_code',
          'line_item_line_item_description',
          'reservation_reservation_a_r_n',
          'line_item_usage_type',
          'savings_plan_savings_plan_a_r_n',
          ...COLUMNS.map(([, c]) => c),
        ];
        const sql = `SELECT ${derived.line_item_amortized_cost} AS amortized, ${derived.finlens_line_item_net_amortized_cost} AS net_amortized, ${derived.finlens_purchase_option} AS purchase_option, ${derived.finlens_charge_category} AS category FROM (VALUES ${values.join(', ')}) AS t(${names.join(', ')})`;
        const result = (await connection.runAndReadAll(sql)).getRowObjectsJson();
        rows.forEach((r, i) => {
          const got = result[i] ?? {};
          const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
          expect(near(Number(got.amortized), awsAmortizedCost(r)), `amortized ${JSON.stringify(r)}`).toBe(
            true,
          );
          const net = awsNetAmortizedCost(r);
          expect(
            Number.isFinite(net) ? near(Number(got.net_amortized), net) : true,
            `net ${JSON.stringify(r)}`,
          ).toBe(true);
          expect(got.purchase_option).toBe(awsPurchaseOption(r));
          expect(got.category).toBe(chargeCategoryOfLineType(r.lineItemType));
        });
      }
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });
});
