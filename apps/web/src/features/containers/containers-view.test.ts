import { describe, expect, it } from 'vitest';
import { apiParams, costOverTime, drillDown, explorerLink, ratioText, withParams } from './containers-view';

describe('containers view', () => {
  const today = new Date('2026-03-15T10:00:00Z');

  it('turns the URL into the API query: the data window by default, presets as dates, filters', () => {
    expect(apiParams(new URLSearchParams(''), today)).toEqual({ cost_basis: 'amortized' });
    expect(
      apiParams(new URLSearchParams('range=7D&cost_basis=net_amortized&cluster=prod&namespace=&x=1'), today),
    ).toEqual({
      cost_basis: 'net_amortized',
      start_date: '2026-03-09',
      end_date: '2026-03-15',
      cluster: 'prod',
    });
    expect(apiParams(new URLSearchParams('range=bogus&cost_basis=list'), today)).toEqual({
      cost_basis: 'amortized',
    });
  });

  it('stacks cost per cluster by day with idle capacity as its own series', () => {
    const data = costOverTime([
      { date: '2026-03-02', cluster_name: 'prod', cost: 10, idle_cost: 2 },
      { date: '2026-03-01', cluster_name: 'prod', cost: 8, idle_cost: 1 },
      { date: '2026-03-01', cluster_name: 'dev', cost: 3, idle_cost: 1 },
    ]);
    expect(data.categories).toEqual(['2026-03-01', '2026-03-02']);
    expect(data.series).toEqual([
      { name: 'dev', values: [2, 0] },
      { name: 'prod', values: [7, 8] },
      { name: 'Idle capacity', values: [2, 2] },
    ]);
  });

  it('drills one level down and keeps the rest of the view in links', () => {
    expect(drillDown('cluster_name', 'prod', 'prod')).toEqual({ cluster: 'prod', group_by: 'pod_namespace' });
    expect(drillDown('pod_namespace', 'prod', 'web')).toEqual({
      cluster: 'prod',
      namespace: 'web',
      group_by: 'controller',
    });
    expect(drillDown('controller', 'prod', 'api')).toEqual({
      cluster: 'prod',
      controller: 'api',
      group_by: 'pod',
    });
    expect(drillDown('pod', 'prod', 'api-1')).toBeNull();
    expect(
      withParams('/x/', new URLSearchParams('range=7D&namespace=a'), { namespace: '', cluster: 'b' }),
    ).toBe('/x/?range=7D&cluster=b');
  });

  it('links into the Explorer with the same days and filters', () => {
    const href = explorerLink(
      { start_date: '2026-03-01', end_date: '2026-03-30', days: 30 },
      'pod_namespace',
      {
        cluster: 'prod',
      },
    );
    expect(href).toContain('/v3/cloud-resource-cost-api/?');
    const params = new URLSearchParams(href?.split('?')[1]);
    expect([...params.values()].join(' ')).toContain('prod');
    expect(explorerLink(null, 'pod', {})).toBeNull();
    expect(ratioText(0.4567)).toBe('45.7 %');
    expect(ratioText(null)).toBe('—');
  });
});
