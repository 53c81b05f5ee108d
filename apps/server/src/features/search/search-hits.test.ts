import { OTHERS_KEY } from '@finlens/contracts/cost-query';
import { describe, expect, it } from 'vitest';
import { hitOf, hitsOfAnswer, pageByCost, parseTagQuery, rankSuggestions } from './search-hits';

const resource = { kind: 'resource', dimension: 'line_item_resource_id', tagKey: null } as const;
const service = { kind: 'service', dimension: 'product_servicename', tagKey: null } as const;

describe('search hits', () => {
  it('a tag hit is labelled key=value and addressed by its pair', () => {
    expect(hitOf({ kind: 'tag', dimension: 'tag_keys', tagKey: 'team' }, 'core', 3)).toEqual({
      key: 'tag_keys:team=core',
      kind: 'tag',
      dimension: 'tag_keys',
      tag_key: 'team',
      value: 'core',
      label: 'team=core',
      cost: 3,
    });
  });

  it("an answer's series become hits without 'Others' and 'No value', counted without the latter", () => {
    const series = (key: string | null, total: number) => ({
      key,
      label: String(key),
      costs: [total],
      total,
    });
    const answer = {
      periods: ['2026-11-01'],
      series: [series('i-1', 9), series(null, 5), series('i-2', 4), series(OTHERS_KEY, 7)],
      total: 25,
      group_count: 6,
      source: 'rollup' as const,
      reads: [],
      as_of: null,
      currency: 'USD',
    };
    const { hits, count } = hitsOfAnswer(resource, answer);
    expect(hits.map((hit) => [hit.value, hit.cost])).toEqual([
      ['i-1', 9],
      ['i-2', 4],
    ]);
    expect(count).toBe(5);
  });

  it('tag queries: key=value pins the key, plain text searches keys', () => {
    expect(parseTagQuery('team = core')).toEqual({ key: 'team', keySearch: '', valueSearch: 'core' });
    expect(parseTagQuery('team=')).toEqual({ key: 'team', keySearch: '', valueSearch: '' });
    expect(parseTagQuery('tea')).toEqual({ key: null, keySearch: 'tea', valueSearch: '' });
  });

  it('suggestions rank exact, then prefix, then contains, then cost; duplicates once', () => {
    const hits = [
      hitOf(resource, 'my-ec2-box', 900),
      hitOf(service, 'EC2 Other', 50),
      hitOf(service, 'ec2', 1),
      hitOf(resource, 'ec2-spare', 10),
      hitOf(resource, 'ec2-spare', 10),
    ];
    expect(rankSuggestions(hits, 'EC2', 10).map((hit) => hit.value)).toEqual([
      'ec2',
      'EC2 Other',
      'ec2-spare',
      'my-ec2-box',
    ]);
    expect(rankSuggestions(hits, 'ec2', 2)).toHaveLength(2);
  });

  it('pages merge lists by cost', () => {
    const lists = [
      [hitOf(resource, 'a', 5), hitOf(resource, 'b', 1)],
      [hitOf(service, 'c', 3), hitOf(service, 'd', 2)],
    ];
    expect(pageByCost(lists, 1, 2).map((hit) => hit.value)).toEqual(['c', 'd']);
    expect(pageByCost(lists, 4, 2)).toEqual([]);
  });
});
