import { describe, expect, it } from 'vitest';
import {
  accountLabel,
  exactFilter,
  exactValue,
  listParams,
  sortOf,
  tagOf,
  tagParams,
  trendText,
} from './resources-cost-view';

describe('resources cost view', () => {
  it('sends the URL as the list query, without the open resource', () => {
    const params = listParams(new URLSearchParams('search=web&resource=k&project=p&kind=&sort=name'));
    expect(params).toEqual({ page_size: '25', search: 'web', sort: 'name' });
  });

  it('reads the sort with its defaults', () => {
    expect(sortOf(new URLSearchParams(''))).toEqual({ sort: 'cost', order: 'desc' });
    expect(sortOf(new URLSearchParams('sort=bogus&order=asc'))).toEqual({ sort: 'cost', order: 'asc' });
  });

  it('writes and reads an exact Explorer filter', () => {
    expect(exactFilter(' us-east-1 ')).toBe('["us-east-1"]');
    expect(exactFilter('')).toBe('');
    expect(exactValue('["us-east-1"]')).toBe('us-east-1');
    expect(exactValue('nope')).toBe('');
  });

  it('shows the trend as a signed percent', () => {
    expect(trendText(0.256)).toBe('+25.6%');
    expect(trendText(-0.5)).toBe('-50%');
    expect(trendText(null)).toBe('—');
  });

  it('writes and reads the tag filter: a key alone keeps whatever value, a value keeps that value', () => {
    const read = (params: Record<string, string>) => tagOf(new URLSearchParams(params));
    expect(tagParams('team', ' shop ')).toEqual({
      tag_keys: '[{"key":"team","value":"shop"}]',
      exclude_tag_keys: '',
    });
    expect(read(tagParams('team', 'shop'))).toEqual({ key: 'team', value: 'shop' });
    expect(tagParams('team', '')).toEqual({ tag_keys: '', exclude_tag_keys: '[{"key":"team","value":""}]' });
    expect(read(tagParams('team', ''))).toEqual({ key: 'team', value: '' });
    expect(tagParams('', 'x')).toEqual({ tag_keys: '', exclude_tag_keys: '' });
    expect(read({ exclude_tag_keys: '[{"key":"team","value":"shop"}]' })).toEqual({ key: '', value: '' });
    expect(read({ tag_keys: 'nope' })).toEqual({ key: '', value: '' });
  });

  it('names an account with its id', () => {
    expect(accountLabel({ account_id: '123', account_name: 'Shop' })).toBe('Shop (123)');
    expect(accountLabel({ account_id: '123', account_name: null })).toBe('123');
  });
});
