import {
  type Allocation,
  type ContainersSummary,
  FOCUS_SPLIT_DATA_ACTION,
  CONTAINERS_PATHS as P,
  type Rightsizing,
  SPLIT_DATA_ACTION,
} from '@finlens/contracts/containers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';

const requests = recordRequests();
const SLOW = { timeout: 15_000 };
const WINDOW = { start_date: '2026-10-28', end_date: '2026-11-26', days: 30 };
const use = (requested: number, used: number, capacity: number | null) => ({
  requested,
  used,
  capacity,
  used_over_requested: used / requested,
  requested_over_capacity: capacity === null ? null : requested / capacity,
});
const MISSING = {
  cluster_name: 'batch-eks',
  account_id: '123',
  region: 'us-east-1',
  cost: 72,
  action: SPLIT_DATA_ACTION,
};
const EMPTY: ContainersSummary = {
  window: WINDOW,
  cost_basis: 'amortized',
  totals: { cost: 0, cpu_cost: 0, memory_cost: 0, idle_cost: 0, node_cost: 0, fargate_cost: 0 },
  capacity_types: [],
  clusters: [],
  daily: [],
  top_namespaces: [],
  top_workloads: [],
  clusters_without_split_data: [MISSING],
};
const SUMMARY: ContainersSummary = {
  ...EMPTY,
  totals: { cost: 100, cpu_cost: 50, memory_cost: 30, idle_cost: 20, node_cost: 100, fargate_cost: 12.5 },
  clusters: [
    {
      cluster_name: 'prod',
      cost: 100,
      cpu_cost: 50,
      memory_cost: 30,
      idle_cost: 20,
      cpu: use(100, 40, 200),
      memory: use(400, 300, 800),
      nodes: 2,
      node_cost: 100,
      purchase_options: [{ purchase_option: 'OnDemand', cost: 100, nodes: 2 }],
      capacity_types: [
        { capacity_type: 'spot', cost: 60, idle_cost: 15 },
        { capacity_type: 'on_demand', cost: 40, idle_cost: 5 },
        { capacity_type: 'fargate', cost: 12.5, idle_cost: 0 },
      ],
      node_groups: [
        {
          node_group: 'workers',
          nodes: 2,
          node_cost: 100,
          pod_cost: 80,
          idle_cost: 20,
          instance_types: ['m5.xlarge'],
          capacity_type: 'ON_DEMAND',
          min_size: 1,
          desired_size: 2,
          max_size: 4,
          state: 'active',
        },
      ],
      fargate: {
        cost: 12.5,
        cpu_cost: 10,
        memory_cost: 2.5,
        vcpu_hours: 250,
        gb_hours: 500,
        pods: 3,
        namespaces: [{ namespace: 'batch', profile: 'batch-profile', cost: 12.5, pods: 3 }],
        profiles: [
          { name: 'batch-profile', state: 'active', namespaces: ['batch'] },
          { name: 'spare', state: 'active', namespaces: ['jobs'] },
        ],
      },
    },
  ],
  capacity_types: [
    { capacity_type: 'spot', cost: 60, idle_cost: 15 },
    { capacity_type: 'on_demand', cost: 40, idle_cost: 5 },
    { capacity_type: 'fargate', cost: 12.5, idle_cost: 0 },
  ],
  daily: [{ date: '2026-11-26', cluster_name: 'prod', cost: 100, idle_cost: 20 }],
  top_namespaces: [{ cluster_name: 'prod', key: 'checkout', kind: null, cost: 60 }],
  top_workloads: [{ cluster_name: 'prod', key: 'checkout-worker', kind: 'Deployment', cost: 40 }],
};
const row = (key: string, cost: number): Allocation['rows'][number] => ({
  cluster_name: 'prod',
  key,
  cost,
  split_cost: cost,
  cpu_cost: cost / 2,
  memory_cost: cost / 2,
  idle_cost: 0,
  pod_hours: 10,
  cpu: use(10, 2, null),
  memory: use(10, 5, null),
});

describe('EKS pages', () => {
  it('lists clusters without split data with what to switch on', async () => {
    server.use(http.get(`*${P.summary}`, () => HttpResponse.json(EMPTY)));
    renderWithProviders('/v3/compute-copilot/eks/dashboard/', { signedIn: true });
    const table = await screen.findByRole(
      'table',
      { name: 'Clusters without split cost allocation data' },
      SLOW,
    );
    expect(within(table).getByText('batch-eks')).toBeInTheDocument();
    expect(screen.getByText(/INCLUDE_SPLIT_COST_ALLOCATION_DATA/)).toBeInTheDocument();
  });

  it('says a FOCUS-only bill carries no split data and what to import instead', async () => {
    const focus = { ...MISSING, cluster_name: 'focus-eks', action: FOCUS_SPLIT_DATA_ACTION };
    server.use(
      http.get(`*${P.summary}`, () =>
        HttpResponse.json({ ...EMPTY, clusters_without_split_data: [focus, MISSING] }),
      ),
    );
    renderWithProviders('/v3/compute-copilot/eks/dashboard/', { signedIn: true });
    const table = await screen.findByRole(
      'table',
      { name: 'Clusters your FOCUS export names: no split cost allocation data in FOCUS' },
      SLOW,
    );
    expect(within(table).getByText('focus-eks')).toBeInTheDocument();
    expect(within(table).queryByText('batch-eks')).toBeNull();
    expect(screen.getByText(/Your FOCUS export carries no split cost allocation data/)).toBeInTheDocument();
    // The CUR cluster keeps its own notice and action.
    const cur = screen.getByRole('table', { name: 'Clusters without split cost allocation data' });
    expect(within(cur).getByText('batch-eks')).toBeInTheDocument();
  });

  it('shows the error of a failed call', async () => {
    server.use(http.get(`*${P.summary}`, () => HttpResponse.json({ detail: 'Boom.' }, { status: 500 })));
    renderWithProviders('/v3/compute-copilot/eks/dashboard/', { signedIn: true });
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent(/Boom\.|went wrong|error/i);
    expect(screen.queryByRole('table', { name: 'Clusters' })).toBeNull();
  });

  it('shows cost, efficiency and links a namespace into the details filtered to it', async () => {
    server.use(http.get(`*${P.summary}`, () => HttpResponse.json(SUMMARY)));
    renderWithProviders('/v3/compute-copilot/eks/dashboard/?range=7D', { signedIn: true });
    const clusters = await screen.findByRole('table', { name: 'Clusters' }, SLOW);
    expect(within(clusters).getByText('40.0 %')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Idle capacity' })).toHaveTextContent('$20.00');
    const groups = screen.getByRole('table', { name: 'Node groups' });
    expect(within(groups).getByText('workers')).toBeInTheDocument();
    expect(within(groups).getByText('1 / 2 / 4')).toBeInTheDocument();
    const fargate = screen.getByRole('table', { name: 'Fargate pods' });
    expect(within(fargate).getByText('batch-profile')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Fargate' })).toHaveTextContent('$12.50');
    expect(screen.getByText(/Profiles without pods in the window: prod\/spare \(jobs\)/)).toBeInTheDocument();
    const link = within(screen.getByRole('table', { name: 'Top namespaces' })).getByRole('link', {
      name: 'checkout',
    });
    expect(link.getAttribute('href')).toBe(
      '/v3/compute-copilot/eks/details/?range=7D&cluster=prod&namespace=checkout&group_by=controller',
    );
    expect(requests.calls()).toContainEqual(
      expect.stringContaining(`GET ${P.summary}?cost_basis=amortized&start_date=`),
    );
  });

  it('shows cost by capacity type, links a type into the details, and filters the dashboard by it', async () => {
    server.use(http.get(`*${P.summary}`, () => HttpResponse.json(SUMMARY)));
    renderWithProviders('/v3/compute-copilot/eks/dashboard/?range=7D', { signedIn: true });
    const table = await screen.findByRole('table', { name: 'Cost by capacity type' }, SLOW);
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'Capacity typeCostIdleShare',
      'Spot$60.00$15.0053.3 %',
      'On-demand$40.00$5.0035.6 %',
      'Fargate$12.50-11.1 %',
    ]);
    expect(within(table).getByRole('link', { name: 'Spot' })).toHaveAttribute(
      'href',
      '/v3/compute-copilot/eks/details/?range=7D&capacity_type=spot&group_by=pod_namespace',
    );
    // Fargate pods have no node: nothing to drill into.
    expect(within(table).queryByRole('link', { name: 'Fargate' })).toBeNull();
    const clusters = screen.getByRole('table', { name: 'Clusters' });
    expect(within(clusters).getByText('Spot $60.00 · On-demand $40.00 · Fargate $12.50')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Capacity type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Spot' }));
    await waitFor(() =>
      expect(requests.calls()).toContainEqual(expect.stringMatching(/capacity_type=spot(&|$)/)),
    );
  });

  it('groups the details by capacity type and drills into one type by namespace', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`*${P.allocation}`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(`${params.get('group_by')}|${params.get('capacity_type') ?? ''}`);
        const group = params.get('group_by') as Allocation['group_by'];
        const key = group === 'capacity_type' ? 'spot' : 'checkout';
        return HttpResponse.json({
          window: WINDOW,
          cost_basis: 'amortized',
          group_by: group,
          idle: 'separate',
          count: 1,
          total_cost: 60,
          rows: [row(key, 60)],
        } satisfies Allocation);
      }),
    );
    renderWithProviders('/v3/compute-copilot/eks/details/?cluster=prod&group_by=capacity_type', {
      signedIn: true,
    });
    await userEvent.click(await screen.findByRole('row', { name: 'Open spot' }, SLOW));
    expect(await screen.findByRole('row', { name: 'Open checkout' }, SLOW)).toBeInTheDocument();
    expect(asked).toEqual(expect.arrayContaining(['capacity_type|', 'pod_namespace|spot']));
  });

  it('drills from a workload to its pods and asks the server for the view in the URL', async () => {
    const allocation = (group: string): Allocation => ({
      window: WINDOW,
      cost_basis: 'amortized',
      group_by: group as Allocation['group_by'],
      idle: 'separate',
      count: 1,
      total_cost: 40,
      rows: [row(group === 'pod' ? 'checkout-worker-abc' : 'checkout-worker', 40)],
    });
    const groups: string[] = [];
    server.use(
      http.get(`*${P.allocation}`, ({ request }) => {
        const group = new URL(request.url).searchParams.get('group_by') ?? '';
        groups.push(group);
        return HttpResponse.json(allocation(group));
      }),
      http.get(`*${P.reconciliation}`, () =>
        HttpResponse.json({
          window: WINDOW,
          cost_basis: 'amortized',
          node_hours: 48,
          mismatch_count: 0,
          missing_nodes: 0,
          node_cost: 40,
          pod_cost: 40,
          mismatches: [],
        }),
      ),
    );
    renderWithProviders(
      '/v3/compute-copilot/eks/details/?cluster=prod&namespace=checkout&group_by=controller',
      { signedIn: true },
    );
    expect(await screen.findByText(/Reconciled: in all 48 node-hours/, {}, SLOW)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('row', { name: 'Open checkout-worker' }, SLOW));
    expect(await screen.findByRole('row', { name: 'Open checkout-worker-abc' }, SLOW)).toBeInTheDocument();
    expect(groups).toEqual(expect.arrayContaining(['controller', 'pod']));
    expect(screen.getByRole('link', { name: 'Rightsizing of checkout-worker' })).toHaveAttribute(
      'href',
      '/v3/compute-copilot/container-rightsizing/?cluster=prod&namespace=checkout&controller=checkout-worker',
    );
  });

  it('shows each workload’s request against its recommendation and the monthly saving', async () => {
    const advice = (requested: number, recommended: number | null, saving: number) => ({
      requested,
      average_usage: 0.2,
      p95_usage: 0.35,
      peak_usage: 0.4,
      hours: 336,
      recommended,
      monthly_saving: saving,
      on_demand_monthly_saving: saving * 1.5,
    });
    const answer: Rightsizing = {
      window: WINDOW,
      cost_basis: 'amortized',
      headroom: 20,
      monthly_saving: 12.5,
      workloads: [
        {
          id: 'prod/checkout/Deployment/checkout-worker',
          account_id: '123456789012',
          cluster_name: 'prod',
          namespace: 'checkout',
          controller_kind: 'Deployment',
          controller: 'checkout-worker',
          pod_hours: 720,
          cost: 30,
          cpu: advice(1, 0.5, 10),
          memory: advice(2, null, 2.5),
          monthly_saving: 12.5,
          on_demand_monthly_saving: 18.75,
          recommendation_id: 'rec-1',
        },
      ],
      series: [
        {
          date: '2026-03-30',
          cpu_request: 1,
          cpu_p95: 0.3,
          cpu_max: 0.35,
          memory_request: 2,
          memory_p95: 1.5,
          memory_max: 1.6,
        },
      ],
    };
    server.use(http.get(`*${P.rightsizing}`, () => HttpResponse.json(answer)));
    renderWithProviders('/v3/compute-copilot/container-rightsizing/', { signedIn: true });
    expect(await screen.findByText('1.00 vCPU → 0.50 vCPU', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('2.00 GB (fits)')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Monthly saving' })).toHaveTextContent('$12.50');
    expect(screen.getAllByText('0.35 / 0.40')).toHaveLength(2);
    // The one workload's use per day against its request: the recommendation's evidence.
    expect(
      screen.getByRole('img', { name: 'CPU of checkout-worker against its request (vCPU per pod)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Recommendation for checkout-worker' })).toHaveAttribute(
      'href',
      '/v3/essentials/rightsizing-details/container-rightsizing/rec-1',
    );
  });

  it('says what to switch on when no workload has split cost data', async () => {
    server.use(
      http.get(`*${P.rightsizing}`, () =>
        HttpResponse.json({
          window: WINDOW,
          cost_basis: 'amortized',
          headroom: 20,
          monthly_saving: 0,
          workloads: [],
          series: null,
        }),
      ),
    );
    renderWithProviders('/v3/compute-copilot/container-rightsizing/', { signedIn: true });
    expect(
      await screen.findByText(/No Kubernetes workloads with split cost allocation data/, {}, SLOW),
    ).toHaveTextContent('INCLUDE_SPLIT_COST_ALLOCATION_DATA = TRUE');
  });
});
