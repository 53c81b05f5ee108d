import { describe, expect, it } from 'vitest';
import { athenaColumnName, detectBillingFormat, resourceTagKey } from './billing-column-names';

describe('athenaColumnName (billing-formats §2.3 worked examples)', () => {
  it.each([
    ['lineItem/UnblendedCost', 'line_item_unblended_cost'],
    ['reservation/ReservationARN', 'reservation_reservation_a_r_n'],
    ['resourceTags/user:Cost Center', 'resource_tags_user_cost_center'],
    ['resourceTags/user:CostCenter', 'resource_tags_user_cost_center'],
    ['resourceTags/user:app.kubernetes.io/name', 'resource_tags_user_app_kubernetes_io_name'],
    ['resourceTags/aws:createdBy', 'resource_tags_aws_created_by'],
    ['product/instancesku', 'product_instancesku'],
    ['savingsPlan/SavingsPlanARN', 'savings_plan_savings_plan_a_r_n'],
  ])('%s → %s', (header, name) => {
    expect(athenaColumnName(header)).toBe(name);
  });

  it('keeps names within 128 characters by dropping underscores from the left first', () => {
    const name = athenaColumnName(`resourceTags/user:${'Ab'.repeat(80)}`);
    expect(name.length).toBe(128);
    expect(name.startsWith('resourcetagsuserab')).toBe(true);
  });
});

describe('detectBillingFormat', () => {
  it('tells the AWS layouts apart', () => {
    expect(detectBillingFormat(['identity/LineItemId', 'lineItem/UnblendedCost'])).toEqual({
      format: 'cur',
      variant: 'legacy-csv',
    });
    expect(detectBillingFormat(['line_item_unblended_cost', 'resource_tags_user_team'])).toEqual({
      format: 'cur',
      variant: 'legacy-athena',
    });
    expect(detectBillingFormat(['line_item_unblended_cost', 'bill_payer_account_name', 'product'])).toEqual({
      format: 'cur2',
      variant: 'cur2',
    });
  });

  it('recognises FOCUS and the Azure exports, case-insensitively', () => {
    expect(detectBillingFormat(['BilledCost', 'ChargePeriodStart', 'x_ServiceCode']).format).toBe('focus');
    expect(detectBillingFormat(['costInBillingCurrency', 'billingCurrency'])).toEqual({
      format: 'azure',
      variant: 'mca',
    });
    expect(detectBillingFormat(['CostInBillingCurrency', 'BillingCurrencyCode'])).toEqual({
      format: 'azure',
      variant: 'ea',
    });
    expect(detectBillingFormat(['preTaxCost', 'usageDateTime']).format).toBe('azure');
  });

  it('explains an unknown layout', () => {
    const result = detectBillingFormat(['foo', 'bar']);
    expect(result.format).toBeNull();
    expect(result).toMatchObject({ reason: expect.stringMatching(/^unknown layout/) });
  });
});

describe('resourceTagKey (CUR 2.0 tags map → resource_tags keys, billing-formats §1.3.10)', () => {
  it.each([
    ['user:Team', 'user_team'],
    ['user:CostCenter', 'user_cost_center'],
    ['user:cost-center', 'user_cost_center'],
    ['aws:createdBy', 'aws_created_by'],
    ['parallelcluster:cluster-name', 'user_parallelcluster_cluster_name'],
    ['Team', 'user_team'],
    ['app.kubernetes.io/name', 'user_app_kubernetes_io_name'],
  ])('%s → %s', (key, normalised) => {
    expect(resourceTagKey(key)).toBe(normalised);
  });

  it('a file with line_item_* and only the tags map column is CUR 2.0', () => {
    expect(detectBillingFormat(['line_item_unblended_cost', 'line_item_usage_start_date', 'tags'])).toEqual({
      format: 'cur2',
      variant: 'cur2',
    });
  });
});
