import { describe, expect, it } from 'vitest';
import {
  RECOMMENDATION_TYPE_INFO,
  RECOMMENDATION_TYPES,
  recommendationsQuerySchema,
  rulePatchSchema,
} from './recommendations';

describe('recommendations contract', () => {
  it('reads tag filters as key:value pairs and names the field of a bad one', () => {
    const query = recommendationsQuerySchema.parse({ tag: 'env:prod,team:a:b' });
    expect(query.tag).toEqual([
      { key: 'env', value: 'prod' },
      { key: 'team', value: 'a:b' },
    ]);
    const bad = recommendationsQuerySchema.safeParse({ tag: 'env' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join('.'))).toEqual(['tag']);
  });

  it('refuses an unknown key in a rule patch', () => {
    expect(rulePatchSchema.safeParse({ thresholds: { lookback_days: 14 } }).success).toBe(true);
    expect(rulePatchSchema.safeParse({ threshold: {} }).success).toBe(false);
  });

  it('describes every type', () => {
    expect(Object.keys(RECOMMENDATION_TYPE_INFO).sort()).toEqual([...RECOMMENDATION_TYPES].sort());
  });
});
