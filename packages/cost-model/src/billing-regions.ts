/**
 * AWS region codes with their display names, and the billing short codes that prefix usage types
 * (`USW2-BoxUsage:m5.large`). Spec §9: short codes map to region names; usage types without a
 * prefix belong to us-east-1.
 */
export const AWS_REGION_NAMES: Readonly<Record<string, string>> = {
  'us-east-1': 'US East (N. Virginia)',
  'us-east-2': 'US East (Ohio)',
  'us-west-1': 'US West (N. California)',
  'us-west-2': 'US West (Oregon)',
  'ca-central-1': 'Canada (Central)',
  'ca-west-1': 'Canada West (Calgary)',
  'eu-central-1': 'Europe (Frankfurt)',
  'eu-central-2': 'Europe (Zurich)',
  'eu-west-1': 'Europe (Ireland)',
  'eu-west-2': 'Europe (London)',
  'eu-west-3': 'Europe (Paris)',
  'eu-north-1': 'Europe (Stockholm)',
  'eu-south-1': 'Europe (Milan)',
  'eu-south-2': 'Europe (Spain)',
  'af-south-1': 'Africa (Cape Town)',
  'ap-east-1': 'Asia Pacific (Hong Kong)',
  'ap-south-1': 'Asia Pacific (Mumbai)',
  'ap-south-2': 'Asia Pacific (Hyderabad)',
  'ap-northeast-1': 'Asia Pacific (Tokyo)',
  'ap-northeast-2': 'Asia Pacific (Seoul)',
  'ap-northeast-3': 'Asia Pacific (Osaka)',
  'ap-southeast-1': 'Asia Pacific (Singapore)',
  'ap-southeast-2': 'Asia Pacific (Sydney)',
  'ap-southeast-3': 'Asia Pacific (Jakarta)',
  'ap-southeast-4': 'Asia Pacific (Melbourne)',
  'cn-north-1': 'China (Beijing)',
  'cn-northwest-1': 'China (Ningxia)',
  'me-south-1': 'Middle East (Bahrain)',
  'me-central-1': 'Middle East (UAE)',
  'il-central-1': 'Israel (Tel Aviv)',
  'sa-east-1': 'South America (Sao Paulo)',
  'us-gov-east-1': 'AWS GovCloud (US-East)',
  'us-gov-west-1': 'AWS GovCloud (US-West)',
  global: 'Global',
};

/** Usage-type prefixes AWS uses in `line_item_usage_type` (and legacy `lineItem/UsageType`). */
export const AWS_BILLING_SHORT_CODES: Readonly<Record<string, string>> = {
  USE1: 'us-east-1',
  USE2: 'us-east-2',
  USW1: 'us-west-1',
  USW2: 'us-west-2',
  CAN1: 'ca-central-1',
  CAW1: 'ca-west-1',
  EUC1: 'eu-central-1',
  EUC2: 'eu-central-2',
  EU: 'eu-west-1',
  EUW1: 'eu-west-1',
  EUW2: 'eu-west-2',
  EUW3: 'eu-west-3',
  EUN1: 'eu-north-1',
  EUS1: 'eu-south-1',
  EUS2: 'eu-south-2',
  AFS1: 'af-south-1',
  APE1: 'ap-east-1',
  APS3: 'ap-south-1',
  APS5: 'ap-south-2',
  APN1: 'ap-northeast-1',
  APN2: 'ap-northeast-2',
  APN3: 'ap-northeast-3',
  APS1: 'ap-southeast-1',
  APS2: 'ap-southeast-2',
  APS4: 'ap-southeast-3',
  APS6: 'ap-southeast-4',
  CNN1: 'cn-north-1',
  CNW1: 'cn-northwest-1',
  MES1: 'me-south-1',
  MEC1: 'me-central-1',
  ILC1: 'il-central-1',
  SAE1: 'sa-east-1',
  UGE1: 'us-gov-east-1',
  UGW1: 'us-gov-west-1',
};

export const DEFAULT_AWS_REGION = 'us-east-1';

/** Region code of a usage type: its short-code prefix, or us-east-1 when it has none (spec §9). */
export function regionFromUsageType(usageType: string): string {
  const dash = usageType.indexOf('-');
  if (dash <= 0) return DEFAULT_AWS_REGION;
  return AWS_BILLING_SHORT_CODES[usageType.slice(0, dash)] ?? DEFAULT_AWS_REGION;
}

/** Display name of a region code; unknown codes (Azure locations, new regions) are shown as they are. */
export function regionName(code: string): string {
  return AWS_REGION_NAMES[code] ?? code;
}
