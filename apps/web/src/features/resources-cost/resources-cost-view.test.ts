import { describe, expect, it } from 'vitest';
import { exactFilter, exactValue, listParams, sortOf, trendText } from './resources-cost-view';

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
});
