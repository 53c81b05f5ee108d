import { describe, expect, it } from 'vitest';
import { parseQueryOptions, QueryUsageError } from './query-options';

const base = {
  from: '2026-01-01',
  to: '2026-01-31',
  granularity: 'day',
  costType: 'unblended',
  format: 'json',
};

describe('finlens query options', () => {
  it('groups by any catalogue dimension, keyed ones as DIMENSION:KEY', () => {
    expect(parseQueryOptions({ ...base, groupBy: 'product_storage_class' }).groupBy).toEqual({
      name: 'product_storage_class',
      dimension: 'product_storage_class',
      key: null,
    });
    expect(parseQueryOptions({ ...base, groupBy: 'tag_keys:user_team' }).groupBy).toEqual({
      name: 'tag_keys:user_team',
      dimension: 'tag_keys',
      key: 'user_team',
    });
    expect(parseQueryOptions({ ...base, groupBy: 'label_keys:app:tier' }).groupBy?.key).toBe('app:tier');
    expect(parseQueryOptions({ ...base, groupBy: 'pod_namespace' }).groupBy?.dimension).toBe('pod_namespace');
  });

  it('refuses unknown dimensions, a keyed one without its key and a key on a plain one', () => {
    const message = (groupBy: string) => {
      try {
        parseQueryOptions({ ...base, groupBy });
      } catch (error) {
        expect(error).toBeInstanceOf(QueryUsageError);
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(message('toString')).toMatch(
      /^--group-by "toString" is not a cost dimension; use one of: .*tag_keys/,
    );
    expect(message('tag_keys')).toBe('--group-by tag_keys needs a key: --group-by tag_keys:KEY');
    expect(message('cost_allocation_tag_keys:')).toMatch(/needs a key/);
    expect(message('product_servicename:x')).toMatch(/^--group-by product_servicename takes no key/);
  });
});
