import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildMenus, type MenuItem } from './menus';
import { ROUTE_TABLE } from './route-table';

const menus = buildMenus('production');
const find = (menuId: string) => menus.find((menu) => menu.id === menuId);
const labels = (items: readonly MenuItem[] | undefined) => items?.map((entry) => entry.label);

describe('menus data', () => {
  it('has the menus of spec §2 in order', () => {
    expect(menus.map((menu) => menu.label)).toEqual([
      'Inform',
      'Operate',
      'Optimize',
      'Essentials',
      'Compute Copilot',
      'Workloads',
      'Compliance',
      'Help',
    ]);
  });

  it('marks Analysis, Insights and Cost Saving Recommendations as inform_paid, nothing else in Inform', () => {
    const paid = find('inform')?.items.filter((entry) => entry.paid !== null);
    expect(paid?.map((entry) => [entry.label, entry.paid])).toEqual([
      ['Analysis', 'inform_paid'],
      ['Insights', 'inform_paid'],
      ['Cost Saving Recommendations', 'inform_paid'],
    ]);
    expect(labels(find('inform')?.items)).toEqual([
      'Explorer',
      'AWS MAP Manager',
      'Cost Allocation',
      'Analysis',
      'Insights',
      'Cost Saving Recommendations',
    ]);
  });

  it('marks every Operate item as operate_paid', () => {
    const operate = find('operate')?.items ?? [];
    expect(labels(operate)).toEqual([
      'Budgets and Cost Targets',
      'Business Unit Economics',
      'Cloud and SaaS Contract Tracker',
    ]);
    expect(operate.every((entry) => entry.paid === 'operate_paid')).toBe(true);
  });

  it('has no paid marker outside Inform and Operate', () => {
    const others = menus.filter((menu) => menu.id !== 'inform' && menu.id !== 'operate');
    expect(others.flatMap((menu) => menu.items).filter((entry) => entry.paid !== null)).toEqual([]);
  });

  it('has the workload, compliance and help items of spec §2', () => {
    expect(labels(find('workloads')?.items)).toEqual([
      'WAFR',
      'WAFR Report',
      'AWS MAP',
      'Rules',
      'Rules Change Management',
      'Custom Dashboard',
    ]);
    expect(labels(find('compliance')?.items)).toEqual(['SOC 2', 'HIPAA', 'CIS', 'Security']);
    expect(find('help')?.items.map((entry) => entry.link.kind)).toEqual(['docs', 'support']);
  });

  it('links every menu item to a route of the route table', () => {
    const pages = ROUTE_TABLE.filter((route) => route.kind === 'page' && !route.path.includes('*'));
    for (const entry of menus.flatMap((menu) => menu.items)) {
      if (entry.link.kind !== 'route') continue;
      const { path } = entry.link;
      expect(
        pages.some((route) => matchPath({ path: route.path, end: true }, path) !== null),
        path,
      ).toBe(true);
    }
  });
});
