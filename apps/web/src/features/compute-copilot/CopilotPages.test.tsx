import {
  type AsgDashboard,
  type DatabricksDashboard,
  COMPUTE_COPILOT_PATHS as P,
  type Visibility,
  type VisibilityGroup,
} from '@finlens/contracts/compute-copilot';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';

const requests = recordRequests();
const SLOW = { timeout: 15_000 };
const WINDOW = { start_date: '2026-10-28', end_date: '2026-11-26', as_of: '2026-11-25', currency: 'USD' };

const ASG: AsgDashboard = {
  ...WINDOW,
  totals: {
    effective: 120,
    on_demand: 160,
    groups: 1,
    instances: 2,
    spot_instances: 1,
    monthly_saving: 42,
    instances_awaiting_cpu: 0,
  },
  groups: [
    {
      project_id: 'p1',
      account_id: '111111111111',
      account_name: 'prod-web',
      region: 'us-east-1',
      name: 'web-frontend-asg',
      state: 'active',
      min_size: 1,
      max_size: 6,
      desired_capacity: 2,
      instance_types: ['m5.large', 'm5a.large'],
      launch_template: { name: 'web', version: '7', instance_type: 'm5.large' },
      mixed_instances_policy: {
        on_demand_base_capacity: 1,
        on_demand_percentage_above_base_capacity: 0,
        spot_allocation_strategy: 'price-capacity-optimized',
        instance_types: ['m5.large', 'm5a.large'],
      },
      purchase_options: { on_demand: 1, spot: 1 },
      cost: { effective: 120, on_demand: 160, monthly_effective: 121.75 },
      utilisation: { cpu_avg: 12, cpu_p95: 30, days: 14 },
      cpu_awaited: 0,
      scaling_history: [
        {
          at: '2026-11-20T10:00:00.000Z',
          change: 'changed',
          fields: [{ field: 'desiredCapacity', before: 3, after: 2 }],
        },
      ],
      instances: [
        {
          id: 'i-0aaa',
          instance_type: 'm5.large',
          lifecycle: 'on-demand',
          state: 'running',
          availability_zone: 'us-east-1a',
          effective: 80,
          on_demand: 80,
          cpu_avg: 12,
          cpu_p95: 30,
        },
        {
          id: 'i-0bbb',
          instance_type: 'm5a.large',
          lifecycle: 'spot',
          state: 'running',
          availability_zone: 'us-east-1b',
          effective: 40,
          on_demand: 80,
          cpu_avg: 12,
          cpu_p95: 30,
        },
      ],
      advice: [
        {
          type: 'scheduled-scaling',
          title: 'Scale to 1 outside office hours',
          detail: 'CPU averages 12 %.',
          monthly_saving: 42,
          risk: 'medium',
          instance_types: [],
        },
        {
          type: 'spot-adoption',
          title: 'Run above 1 on-demand on spot',
          detail: 'Spot over m5.large, m5a.large.',
          monthly_saving: 18,
          risk: 'low',
          instance_types: ['m5.large', 'm5a.large'],
        },
      ],
    },
  ],
};

const row = (key: string, label: string, effective: number, onDemand: number) => ({
  key,
  label,
  effective,
  on_demand: onDemand,
  savings: onDemand - effective,
  share: effective / 150,
});
const VISIBILITY: Visibility = {
  ...WINDOW,
  totals: { effective: 150, on_demand: 250, savings: 100, savings_rate: 0.4, coverage: 0.4, spot_share: 0.2 },
  by_purchase_option: [
    row('on_demand', 'On-demand', 90, 100),
    row('reserved', 'RI-covered', 40, 100),
    row('spot', 'Spot', 20, 50),
  ],
  by_resource_type: [
    { ...row('EC2', 'EC2', 150, 250), purchase_options: { on_demand: 90, reserved: 40, spot: 20 } },
  ],
  by_instance_type: [row('m5.large', 'm5.large', 150, 250)],
  periods: ['2026-11-24', '2026-11-25'],
  series: [{ key: 'on_demand', label: 'On-demand', costs: [45, 45] }],
};
const SPOT_GROUP: VisibilityGroup = {
  ...WINDOW,
  type: 'purchase-option',
  id: 'spot',
  label: 'Spot',
  totals: { effective: 20, on_demand: 50, savings: 30 },
  resources: [{ resource_id: 'i-0bbb', label: 'i-0bbb', effective: 20, on_demand: 50, savings: 30 }],
  group_count: 1,
};

const dbx = (key: string, label: string, infrastructure: number, dbu: number, previous: number) => ({
  key,
  label,
  infrastructure,
  dbu,
  total: infrastructure + dbu,
  previous_total: previous,
});
const DATABRICKS: DatabricksDashboard = {
  ...WINDOW,
  totals: {
    infrastructure: 300,
    dbu: 200,
    total: 500,
    dbu_unallocated: 0,
    instances: 3,
    instances_awaiting_cpu: 0,
  },
  dbu_lines: [{ account_id: '222222222222', usage_type: 'MP:JobsComputeDBU', sku: 'job', cost: 200 }],
  workspaces: [
    { ...dbx('222222222222', 'prod-data', 300, 200, 400), account_id: '222222222222', region: 'us-west-2' },
  ],
  clusters: [
    {
      ...dbx('a|c-2', 'analytics-shared', 200, 50, 250),
      cluster_id: 'c-2',
      kind: 'all-purpose',
      creator: 'alice@example.com',
      job_id: null,
      instances: ['i-1'],
      cpu_avg: 2,
      cpu_awaited: 0,
      idle: true,
    },
    {
      ...dbx('a|c-1', 'job-205-run', 100, 150, 150),
      cluster_id: 'c-1',
      kind: 'job',
      creator: 'ml@example.com',
      job_id: '205',
      instances: ['i-2'],
      cpu_avg: 40,
      cpu_awaited: 0,
      idle: false,
    },
  ],
  jobs: [{ ...dbx('205', 'feature-engineering', 100, 150, 150), growth: 250 / 150 - 1 }],
  users: [dbx('alice@example.com', 'alice@example.com', 200, 50, 250)],
};

function answer() {
  server.use(
    http.get(`*${P.asg}`, () => HttpResponse.json(ASG)),
    http.get(`*${P.asgActivities}`, ({ request }) =>
      new URL(request.url).searchParams.get('name') === 'web-frontend-asg'
        ? HttpResponse.json(ACTIVITIES)
        : HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
    ),
    http.get(`*${P.visibility}`, () => HttpResponse.json(VISIBILITY)),
    http.get('*/c/compute-copilot/visibility/purchase-option/spot/', () => HttpResponse.json(SPOT_GROUP)),
    http.get(`*${P.databricks}`, () => HttpResponse.json(DATABRICKS)),
  );
}

const ACTIVITIES = {
  available: true,
  reason: null,
  activities: [
    {
      id: 'a2',
      start_time: '2026-03-30T08:00:05.000Z',
      end_time: null,
      status: 'Failed',
      status_message: 'No spot capacity in us-east-1a.',
      cause:
        'At 2026-03-30T08:00:00Z an instance was started in response to a difference between desired and actual capacity.',
      description: 'Launching a new EC2 instance.',
      progress: 100,
    },
    {
      id: 'a1',
      start_time: '2026-03-29T07:00:00.000Z',
      end_time: '2026-03-29T07:00:45.000Z',
      status: 'Successful',
      status_message: null,
      cause: 'At 2026-03-29T07:00:00Z a user request update of AutoScalingGroup constraints.',
      description: 'Launching a new EC2 instance: i-web1',
      progress: 100,
    },
  ],
};

describe('Compute Copilot pages', () => {
  it('ASG Dashboard lists the groups with policy, cost and advice, and opens a group', async () => {
    answer();
    renderWithProviders('/v3/compute-copilot/asg/dashboard/', { signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'ASG Dashboard' }, { timeout: 20_000 });
    expect(await screen.findByRole('group', { name: 'Possible saving a month' })).toHaveTextContent('$42.00');
    const groups = await screen.findByRole('region', { name: 'Auto Scaling groups' });
    expect(
      await within(groups).findByText(/price-capacity-optimized over m5.large, m5a.large/, {}, SLOW),
    ).toBeInTheDocument();
    const advice = await screen.findByRole('region', { name: 'ASG recommendations' });
    expect(await within(advice).findByText('Scale to 1 outside office hours', {}, SLOW)).toBeInTheDocument();
    await userEvent.click(await within(groups).findByRole('link', { name: 'web-frontend-asg' }, SLOW));
    await screen.findByRole('heading', { level: 2, name: 'web-frontend-asg' }, { timeout: 20_000 });
    expect(await screen.findByRole('table', { name: 'Scaling history' }, SLOW)).toHaveTextContent(
      'desiredCapacity: 3 → 2',
    );
    expect(await screen.findByRole('region', { name: 'Instances of web-frontend-asg' })).toBeInTheDocument();
    // Each advice leads to its rule's recommendation for the group (approved and applied there).
    const review = await screen.findAllByRole('link', { name: 'Review and apply the recommendation' });
    expect(review.map((l) => l.getAttribute('href'))).toEqual([
      '/v3/cost/recommendations/asg-scheduled-scaling?search=web-frontend-asg',
      '/v3/cost/recommendations/asg-spot-adoption?search=web-frontend-asg',
    ]);
    const activities = await screen.findByRole('table', { name: 'Scaling activities' }, SLOW);
    expect(
      within(activities)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'Started (UTC)StatusActivityCause',
      expect.stringMatching(
        /^2026-03-30 08:00FailedLaunching a new EC2 instance\.No spot capacity in us-east-1a\.At 2026-03-30/,
      ),
      expect.stringMatching(/^2026-03-29 07:00SuccessfulLaunching a new EC2 instance: i-web1At 2026-03-29/),
    ]);
    const asked = requests.calls().filter((c) => c.startsWith(`GET ${P.asg}?`));
    expect(asked.length).toBeGreaterThan(0);
    // The last 30 billed days, not 30 days ending today (the server ends them at the newest billed day).
    for (const call of asked) expect(call).toMatch(/\?days=30$/);
  }, 90_000);

  it('Visibility Dashboard shows coverage and savings achieved and drills into a purchase option', async () => {
    answer();
    renderWithProviders('/v3/compute-copilot/visibility-dashboard/?days=90', { signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Visibility Dashboard' }, { timeout: 20_000 });
    expect(await screen.findByRole('group', { name: 'Savings achieved' })).toHaveTextContent('$100.00');
    expect(screen.getByRole('group', { name: 'Commitment coverage' })).toHaveTextContent('40.0 %');
    // The answer's window: the last billed days, ending at the newest billed day, and the page says so.
    expect(screen.getByLabelText('Billed through')).toHaveTextContent(
      '2026-10-28 to 2026-11-26: the bill runs to 2026-11-26',
    );
    expect(requests.calls().filter((c) => c.startsWith(`GET ${P.visibility}?`))).toContain(
      `GET ${P.visibility}?days=90`,
    );
    expect(screen.getByRole('button', { name: 'Last 90 days', pressed: true })).toBeInTheDocument();
    const options = await screen.findByRole('region', { name: 'Compute spend by purchase option' });
    expect(await within(options).findByRole('link', { name: 'On-demand' }, SLOW)).toHaveAttribute(
      'href',
      '/v3/compute-copilot/visibility-dashboard/purchase-option/on_demand/?days=90',
    );
  }, 90_000);

  it('a purchase option’s page lists its resources, each linking to its details', async () => {
    answer();
    renderWithProviders('/v3/compute-copilot/visibility-dashboard/purchase-option/spot/?days=90', {
      signedIn: true,
    });
    await screen.findByRole('heading', { level: 2, name: 'Visibility: Spot' }, { timeout: 20_000 });
    const resources = await screen.findByRole('region', { name: 'Resources of Spot' });
    expect(await within(resources).findByRole('link', { name: 'i-0bbb' }, SLOW)).toHaveAttribute(
      'href',
      '/v3/compute-copilot/resource/details/i-0bbb/?days=90',
    );
  }, 90_000);

  it('Databricks Dashboard flags the idle all-purpose cluster and the job whose cost grew', async () => {
    answer();
    renderWithProviders('/v3/compute-copilot/databricks-dashboard/', { signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Databricks Dashboard' }, { timeout: 20_000 });
    expect(await screen.findByText(/Idle all-purpose clusters: analytics-shared/)).toBeInTheDocument();
    expect(screen.getByText(/Jobs whose cost grew: feature-engineering \(\+66\.7 %\)/)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'DBUs' })).toHaveTextContent('$200.00');
    // Figures stay on one line (money, CPU, kind, growth): never wrapped mid-value.
    const clusters = screen.getByRole('region', { name: 'Databricks clusters' });
    for (const text of ['$200.00', '$250.00', '2.0 %', 'All-purpose']) {
      for (const cell of await within(clusters).findAllByText(text, {}, SLOW)) {
        expect(cell.closest('.ag-cell'), text).not.toHaveClass('ag-cell-wrap-text');
        expect(cell.closest('.ag-cell'), text).not.toHaveClass('ag-cell-auto-height');
      }
    }
    const jobs = screen.getByRole('region', { name: 'Databricks jobs' });
    const growth = await within(jobs).findByText('+66.7 %', {}, SLOW);
    expect(growth.closest('.ag-cell')).not.toHaveClass('ag-cell-wrap-text');
  }, 90_000);

  it('says what the ASG Dashboard waits for while instances have no CPU figures yet', async () => {
    const waiting = {
      ...ASG.groups[0],
      utilisation: null,
      cpu_awaited: 2,
      advice: [],
    } as AsgDashboard['groups'][number];
    server.use(
      http.get(`*${P.asg}`, () =>
        HttpResponse.json({
          ...ASG,
          totals: { ...ASG.totals, monthly_saving: 0, instances_awaiting_cpu: 2 },
          groups: [waiting],
        } satisfies AsgDashboard),
      ),
    );
    renderWithProviders('/v3/compute-copilot/asg/dashboard/', { signedIn: true });
    expect(
      await screen.findByRole('alert', { name: 'Awaiting CPU figures' }, { timeout: 20_000 }),
    ).toHaveTextContent(
      "CPU figures arrive after the inventory's metrics collection: 2 of 2 instances have none yet.",
    );
  }, 60_000);

  it('shows the empty state when the inventory has no groups, and the error the API gave', async () => {
    server.use(
      http.get(`*${P.asg}`, () =>
        HttpResponse.json({ ...ASG, groups: [], totals: { ...ASG.totals, groups: 0 } }),
      ),
    );
    renderWithProviders('/v3/compute-copilot/asg/dashboard/', { signedIn: true });
    expect(
      await screen.findByRole('region', { name: 'No Auto Scaling groups' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    server.use(http.get(`*${P.databricks}`, () => HttpResponse.json({ detail: 'boom' }, { status: 500 })));
    renderWithProviders('/v3/compute-copilot/databricks-dashboard/', { signedIn: true });
    expect(await screen.findByText('boom', {}, { timeout: 20_000 })).toBeInTheDocument();
  });
});
