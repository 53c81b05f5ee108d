import type { EngineRule } from './showback-allocation';

/** Rules that overlap on purpose: tax to finance, networking shared by direct cost, untagged dev split 70/30. */
export const DEMO_RULES: EngineRule[] = [
  {
    id: 'tax',
    kind: 'assign',
    target: 'finance',
    filters: [{ dimension: 'line_item_line_item_type', mode: 'include', values: ['Tax'] }],
  },
  {
    id: 'network',
    kind: 'share',
    method: 'proportional',
    splits: [],
    filters: [
      { dimension: 'product_servicename', mode: 'like', values: ['Virtual Private Cloud', 'CloudFront'] },
    ],
  },
  {
    id: 'untagged-us',
    kind: 'share',
    method: 'fixed',
    splits: [
      { value: 'platform', percent: 70 },
      { value: 'payments', percent: 30 },
    ],
    filters: [
      { dimension: 'tag_keys', mode: 'include', match: 'any', pairs: [{ key: 'user_team', value: '' }] },
      { dimension: 'product_region', mode: 'like', values: ['us-'] },
    ],
  },
];
