import {
  chargeCategoryOfLineType,
  SAVINGS_PLAN_LINE_TYPES,
} from '@finlens/cost-model/billing-line-item-types';
import { quoteString } from '../../warehouse/sql-quote';

/**
 * The AWS cost rules of @finlens/cost-model/billing-line-item-types (awsAmortizedCost,
 * awsNetAmortizedCost, awsListCost, awsPurchaseOption) as DuckDB expressions over canonical columns.
 * aws-cost-sql.test.ts runs both on the same rows and requires equal results.
 */
const t = 'line_item_line_item_type';
const z = (column: string) => `COALESCE(${column}, 0)`;
const net = (netColumn: string, grossColumn: string) => `COALESCE(${netColumn}, ${grossColumn}, 0)`;

const spUpfrontRefund = `(${t} = 'Refund' AND line_item_product_code = 'ComputeSavingsPlans' AND starts_with(COALESCE(line_item_line_item_description, ''), 'Refund for one-time fee for Savings Plan ID'))`;

const amortized = `CASE ${t}
  WHEN 'SavingsPlanCoveredUsage' THEN ${z('savings_plan_savings_plan_effective_cost')}
  WHEN 'SavingsPlanRecurringFee' THEN ${z('savings_plan_total_commitment_to_date')} - ${z('savings_plan_used_commitment')}
  WHEN 'SavingsPlanNegation' THEN 0
  WHEN 'SavingsPlanUpfrontFee' THEN 0
  WHEN 'DiscountedUsage' THEN ${z('reservation_effective_cost')}
  WHEN 'RIFee' THEN ${z('reservation_unused_amortized_upfront_fee_for_billing_period')} + ${z('reservation_unused_recurring_fee')}
  WHEN 'Fee' THEN CASE WHEN reservation_reservation_a_r_n IS NOT NULL THEN 0 ELSE ${z('line_item_unblended_cost')} END
  ELSE CASE WHEN ${spUpfrontRefund} THEN 0 ELSE ${z('line_item_unblended_cost')} END END`;

const spNetRatio = `CASE
  WHEN ${z('line_item_unblended_cost')} <> 0 THEN ${net('line_item_net_unblended_cost', 'line_item_unblended_cost')} / line_item_unblended_cost
  WHEN ${z('savings_plan_amortized_upfront_commitment_for_billing_period')} <> 0 THEN ${net('savings_plan_net_amortized_upfront_commitment_for_billing_period', 'savings_plan_amortized_upfront_commitment_for_billing_period')} / savings_plan_amortized_upfront_commitment_for_billing_period
  ELSE 1 END`;

const netUnblended = net('line_item_net_unblended_cost', 'line_item_unblended_cost');

const netAmortized = `CASE ${t}
  WHEN 'EdpDiscount' THEN 0
  WHEN 'PrivateRateDiscount' THEN 0
  WHEN 'SavingsPlanNegation' THEN 0
  WHEN 'SavingsPlanUpfrontFee' THEN 0
  WHEN 'Fee' THEN CASE WHEN reservation_reservation_a_r_n IS NOT NULL THEN 0 ELSE ${netUnblended} END
  WHEN 'DiscountedUsage' THEN ${net('reservation_net_effective_cost', 'reservation_effective_cost')}
  WHEN 'SavingsPlanCoveredUsage' THEN ${net('savings_plan_net_savings_plan_effective_cost', 'savings_plan_savings_plan_effective_cost')}
  WHEN 'RIFee' THEN ${net('reservation_net_unused_amortized_upfront_fee_for_billing_period', 'reservation_unused_amortized_upfront_fee_for_billing_period')} + ${net('reservation_net_unused_recurring_fee', 'reservation_unused_recurring_fee')}
  WHEN 'SavingsPlanRecurringFee' THEN (${z('savings_plan_total_commitment_to_date')} - ${z('savings_plan_used_commitment')}) * (${spNetRatio})
  ELSE ${netUnblended} END`;

/** List cost after the row's negotiated discount rate (net ÷ gross unblended); list itself when there is none. */
const netList = `CASE WHEN ${z('line_item_unblended_cost')} <> 0 THEN pricing_public_on_demand_cost * (${netUnblended} / line_item_unblended_cost) ELSE pricing_public_on_demand_cost END`;

const spTypes = SAVINGS_PLAN_LINE_TYPES.map(quoteString).join(', ');
const purchaseOption = `CASE
  WHEN ${t} IN (${spTypes}) OR savings_plan_savings_plan_a_r_n IS NOT NULL THEN 'Savings Plan'
  WHEN ${t} IN ('DiscountedUsage', 'RIFee') OR reservation_reservation_a_r_n IS NOT NULL THEN 'Reserved'
  WHEN COALESCE(line_item_usage_type, '') LIKE '%Spot%' THEN 'Spot'
  WHEN ${t} = 'Usage' THEN 'On Demand'
  ELSE 'Other' END`;

const KNOWN_TYPES = [
  'Usage',
  'DiscountedUsage',
  'SavingsPlanCoveredUsage',
  'SavingsPlanNegation',
  'FlatRateSubscription',
  'RIFee',
  'Fee',
  'SavingsPlanUpfrontFee',
  'SavingsPlanRecurringFee',
  'Tax',
  'Credit',
  'Refund',
];
const chargeCategory = `CASE ${KNOWN_TYPES.map((type) => `WHEN ${t} = ${quoteString(type)} THEN ${quoteString(chargeCategoryOfLineType(type))}`).join(' ')} WHEN ${t} LIKE '%Discount' THEN 'Adjustment' ELSE 'Usage' END`;

/** Derived expressions of AWS rows; list cost leaves SavingsPlanNegation out (CID public_cost). */
export function awsDerivedColumns(): Record<string, string> {
  return {
    line_item_amortized_cost: amortized,
    finlens_line_item_net_unblended_cost: netUnblended,
    finlens_line_item_net_amortized_cost: netAmortized,
    finlens_pricing_net_public_on_demand_cost: `CASE WHEN ${t} = 'SavingsPlanNegation' THEN 0 ELSE ${netList} END`,
    finlens_purchase_option: purchaseOption,
    finlens_charge_category: chargeCategory,
  };
}
