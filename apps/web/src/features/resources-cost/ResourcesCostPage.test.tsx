import type {
  ResourceCostDetail,
  ResourceCostRow,
  ResourcesCostList,
} from '@finlens/contracts/resources-cost';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { ResourcesCostPage } from './ResourcesCostPage';

const requests = recordRequests();
const PATH = '/v3/resources-cost/';
const SLOW = { timeout: 15_000 };

const ROW: ResourceCostRow = {
  key: '123|i-0abc',
  project_id: 'p1',
  resource_id: 'i-0abc',
  arn: 'arn:aws:ec2:us-east-1:123:instance/i-0abc',
  name: 'web-1',
  account_id: '123',
  account_name: 'Shop production',
  region: 'us-east-1',
  service: 'Amazon Elastic Compute Cloud',
  kind: 'ec2-instance',
  type: 'm5.large',
  state: 'running',
  tags: { team: 'shop' },
  owner: 'shop',
  cost: 90,
  previous_cost: 30,
  trend: 2,
  utilisation: null,
  first_seen: '2026-10-01T00:00:00.000Z',
  last_seen: '2026-11-21T00:00:00.000Z',
  in_inventory: true,
  in_bill: true,
  bill_resource_ids: ['arn:aws:ec2:us-east-1:123:instance/i-0abc', 'i-0abc'],
};
const BILLED_ONLY: ResourceCostRow = {
  ...ROW,
  key: '123|rds:db:orders',
  resource_id: 'arn:aws:rds:us-east-1:123:db:orders',
  name: null,
  kind: null,
  state: null,
  in_inventory: false,
  utilisation: null,
  cost: 120,
};
const WINDOW = {
  start_date: '2026-10-23',
  end_date: '2026-11-21',
  previous_start_date: '2026-09-23',
  previous_end_date: '2026-10-22',
};
const list = (results: ResourceCostRow[]): ResourcesCostList => ({
  count: results.length,
  page: 1,
  page_size: 25,
  cost_type: 'unblended',
  window: results.length === 0 ? null : WINDOW,
  total_cost: results.reduce((s, r) => s + r.cost, 0),
  results,
  filter_options: {
    accounts: [
      { account_id: '123', account_name: 'Shop production' },
      { account_id: '456', account_name: null },
    ],
    services: ['Amazon Elastic Compute Cloud', 'Amazon Relational Database Service'],
    types: ['m5.large'],
    tag_keys: ['env', 'team'],
  },
});
const DETAIL: ResourceCostDetail = {
  resource: { ...ROW, utilisation: { cpu_p95: 41.5, cpu_avg: 20 } },
  attributes: { instanceType: 'm5.large', platform: 'linux' },
  window: WINDOW,
  daily: [
    { date: '2026-11-20', cost: 3 },
    { date: '2026-11-21', cost: 3 },
  ],
};

function answer(rows: ResourceCostRow[]) {
  server.use(
    http.get('*/c/resources_cost/', () => HttpResponse.json(list(rows))),
    http.get('*/c/resources_cost/resource/', () => HttpResponse.json(DETAIL)),
    http.get('*/c/inventory/resources/:id/metrics/', () =>
      HttpResponse.json({
        project_id: 'p1',
        account_id: '123',
        region: 'us-east-1',
        kind: 'ec2-instance',
        resource_id: 'i-0abc',
        granularity: 'daily',
        start_date: '2026-11-08',
        end_date: '2026-11-21',
        series: [],
      }),
    ),
  );
}

const render = (path = PATH) =>
  renderWithProviders(path, { signedIn: true, routes: [{ path: PATH, element: <ResourcesCostPage /> }] });

describe('ResourcesCostPage', () => {
  it('lists resources with their cost, trend and a mark for those only in the bill', SLOW, async () => {
    answer([BILLED_ONLY, ROW]);
    render();
    const table = await screen.findByRole('table', { name: 'Resources' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Not collected');
    expect(rows[2]).toHaveTextContent('web-1');
    expect(rows[2]).toHaveTextContent('+200%');
    expect(rows[2]).toHaveTextContent('$90.00');
    expect(rows[2]).toHaveTextContent('Shop production123');
    expect(screen.getByText(/2026-10-23 to 2026-11-21/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/c/resources_cost/export/',
    );
  });

  it('sends sort and filters to the API and the export', SLOW, async () => {
    answer([ROW]);
    const { user } = render(`${PATH}?kind=ec2-instance`);
    await screen.findByRole('table', { name: 'Resources' });
    await user.click(screen.getByRole('button', { name: 'Resource' }));
    await screen.findByRole('table', { name: 'Resources' });
    const last =
      requests
        .calls()
        .filter((c) => c.includes('/c/resources_cost/'))
        .at(-1) ?? '';
    expect(last).toContain('sort=name');
    expect(last).toContain('kind=ec2-instance');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain(
      'kind=ec2-instance',
    );
  });

  it('filters by account name, service and tag as URL state', { timeout: 30_000 }, async () => {
    answer([ROW]);
    const { user } = render(`${PATH}?product_region=${encodeURIComponent('["us-east-1"]')}`);
    await screen.findByRole('table', { name: 'Resources' });
    const lastCall = () =>
      new URL(
        requests
          .calls()
          .filter((c) => c.includes('/c/resources_cost/'))
          .at(-1) ?? '',
        'http://x',
      ).searchParams;
    const pick = async (label: string, option: string) => {
      await user.click(screen.getByRole('combobox', { name: label }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await pick('Account', 'Shop production (123)');
    await pick('Service', 'Amazon Relational Database Service');
    await pick('Tag key', 'team');
    await screen.findByRole('table', { name: 'Resources' });
    expect(Object.fromEntries(lastCall())).toMatchObject({
      product_region: '["us-east-1"]',
      line_item_usage_account_id: '["123"]',
      product_servicename: '["Amazon Relational Database Service"]',
      exclude_tag_keys: '[{"key":"team","value":""}]',
    });
    const value = screen.getByRole('textbox', { name: 'Tag value' });
    await user.type(value, 'shop');
    await user.tab();
    await screen.findByRole('table', { name: 'Resources' });
    expect(lastCall().get('tag_keys')).toBe('[{"key":"team","value":"shop"}]');
    expect(lastCall().get('exclude_tag_keys')).toBeNull();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain('tag_keys=');
  });

  it(
    'opens a resource from the keyboard: attributes, tags, cost by day and the Explorer link',
    SLOW,
    async () => {
      answer([ROW]);
      const { user } = render();
      const row = await screen.findByRole('row', { name: 'Open web-1' });
      row.focus();
      await user.keyboard('{Enter}');
      const drawer = await screen.findByRole('dialog', { name: 'Resource details' });
      expect(await within(drawer).findByText('platform')).toBeVisible();
      expect(within(drawer).getByText('team: shop')).toBeVisible();
      expect(within(drawer).getByText('Shop production (123)')).toBeVisible();
      expect(within(drawer).getByRole('img', { name: 'Cost by day' })).toBeInTheDocument();
      const explorer = within(drawer).getByRole('link', { name: 'Open in Explorer' });
      expect(decodeURIComponent(explorer.getAttribute('href') ?? '')).toContain('i-0abc');
      expect(await within(drawer).findByText('No metrics collected for this resource yet.')).toBeVisible();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog', { name: 'Resource details' })).toBeNull();
    },
  );

  it('says how to get resources when there are none', SLOW, async () => {
    answer([]);
    render();
    expect(await screen.findByText(/No resources yet/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Cloud Accounts' })).toHaveAttribute(
      'href',
      '/v3/settings?tab=cloud-accounts',
    );
  });

  it('shows an error', SLOW, async () => {
    server.use(http.get('*/c/resources_cost/', () => HttpResponse.json({ detail: 'boom' }, { status: 500 })));
    render();
    expect(await screen.findByRole('alert')).toBeVisible();
  });
});
