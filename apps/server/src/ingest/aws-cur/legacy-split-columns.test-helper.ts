/**
 * The split cost allocation columns every pod row of a legacy CUR carries (slash headers, billing-formats §1.3.12),
 * in the order hand-made test bills write them after their other columns.
 */
export const LEGACY_SPLIT_COLUMNS = [
  'ParentResourceId',
  'ReservedUsage',
  'ActualUsage',
  'SplitUsage',
  'SplitUsageRatio',
  'SplitCost',
  'UnusedCost',
].map((name) => `splitLineItem/${name}`);
