import { describe, expect, it } from 'vitest';
import { coverageText, splitList, tagRangeFromParams, untaggedHref, valueHref } from './tag-view';

const RANGE = { start_date: '2026-10-24', end_date: '2026-11-22' };
const paramsOf = (href: string) => Object.fromEntries(new URL(href, 'http://x').searchParams);

describe('tag-view', () => {
  it('reads the range preset from the URL, 30 days by default', () => {
    expect(tagRangeFromParams(new URLSearchParams('tag_range=7D'))).toBe('7D');
    expect(tagRangeFromParams(new URLSearchParams('tag_range=+1M'))).toBe('30D');
    expect(tagRangeFromParams(new URLSearchParams())).toBe('30D');
  });

  it('links a value (or the missing key) to the Explorer by service', () => {
    expect(paramsOf(valueHref(RANGE, 'user_team', 'web'))).toMatchObject({
      ...RANGE,
      dimension: 'product_servicename',
      tag_keys: '[{"key":"user_team","value":"web"}]',
    });
    expect(paramsOf(valueHref(RANGE, 'user_team', null)).tag_keys).toBe('[{"key":"user_team","value":""}]');
  });

  it('links untagged cost of an account and service to its resources', () => {
    const params = paramsOf(untaggedHref(RANGE, ['a', 'b'], '111', null));
    expect(params).toMatchObject({
      dimension: 'line_item_resource_id',
      tag_keys_and: '[{"key":"a","value":""},{"key":"b","value":""}]',
      line_item_usage_account_id: '["111"]',
    });
    expect(params.product_servicename).toBeUndefined();
    expect(paramsOf(untaggedHref(RANGE, [], null, 'S3')).tag_keys_and).toBeUndefined();
  });

  it('formats coverage and splits typed lists', () => {
    expect(coverageText(null)).toBe('-');
    expect(coverageText(12.345)).toBe('12.3%');
    expect(splitList(' a, b ,,\nc ')).toEqual(['a', 'b', 'c']);
  });
});
