import {
  COMPUTE_PROVISIONER_TAGS,
  ENVIRONMENT_ALIASES,
  ENVIRONMENT_TAG_KEYS,
  OPERATING_SYSTEM_ENGINE_KEYS,
  SPLIT_OPERATION_PROVISIONERS,
} from '@finlens/cost-model/billing-dimension-rules';
import { AWS_REGION_NAMES } from '@finlens/cost-model/billing-regions';
import { quoteString } from '../../warehouse/sql-quote';
import { mapLiteral } from './expressions';

/**
 * The finlens_* derivations shared by every format, compiled from the rule tables of
 * @finlens/cost-model into DuckDB expressions over canonical columns. A format mapping overrides any.
 */
export function genericDerivedColumns(): Record<string, string> {
  const tag = (key: string) => `NULLIF(trim(resource_tags[${quoteString(key)}]), '')`;
  const environment = `COALESCE(${ENVIRONMENT_TAG_KEYS.map(tag).join(', ')})`;
  const productKey = (key: string) => `NULLIF(product[${quoteString(key)}], '')`;
  const usage = `COALESCE(line_item_usage_type, '')`;
  const ec2Instance = `line_item_product_code = 'AmazonEC2' AND (product_product_family = 'Compute Instance' OR ${['BoxUsage', 'SpotUsage', 'DedicatedUsage', 'HostUsage'].map((u) => `contains(${usage}, '${u}')`).join(' OR ')})`;
  const computeType = `CASE
    WHEN contains(${usage}, 'Fargate') THEN 'Fargate'
    WHEN line_item_product_code = 'AWSLambda' THEN 'Lambda'
    WHEN ${ec2Instance} THEN 'EC2'
    WHEN product_servicename = 'Virtual Machines' THEN 'Virtual Machines'
    END`;
  const provisioner = `CASE
    ${Object.entries(SPLIT_OPERATION_PROVISIONERS)
      .map(([op, p]) => `WHEN line_item_operation = ${quoteString(op)} THEN ${quoteString(p)}`)
      .join(' ')}
    ${COMPUTE_PROVISIONER_TAGS.map((r) => `WHEN ${tag(r.key)} IS NOT NULL THEN ${quoteString(r.provisioner)}`).join(' ')}
    WHEN ${ec2Instance} THEN 'EC2'
    END`;
  return {
    line_item_amortized_cost: 'line_item_unblended_cost',
    finlens_line_item_net_unblended_cost: 'COALESCE(line_item_net_unblended_cost, line_item_unblended_cost)',
    finlens_line_item_net_amortized_cost: 'line_item_unblended_cost',
    finlens_pricing_net_public_on_demand_cost: 'pricing_public_on_demand_cost',
    finlens_charge_category: `'Usage'`,
    finlens_purchase_option: `'Other'`,
    finlens_region_name: `COALESCE(${mapLiteral(AWS_REGION_NAMES)}[product_region_code], product_region_code)`,
    finlens_final_environment: `COALESCE(${mapLiteral(ENVIRONMENT_ALIASES)}[lower(${environment})], lower(${environment}))`,
    finlens_operating_system_engine: `COALESCE(${OPERATING_SYSTEM_ENGINE_KEYS.map(productKey).join(', ')})`,
    // Rows without a resource (tax, credits, fees, data transfer) cannot carry tags.
    finlens_non_taggable_resource: 'line_item_resource_id IS NULL',
    finlens_compute_types: computeType,
    finlens_compute_provisioner: provisioner,
  };
}
