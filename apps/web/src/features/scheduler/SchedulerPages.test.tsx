import { INVENTORY_PATHS, type InventoryResource } from '@finlens/contracts/inventory';
import { KUBERNETES_PATHS } from '@finlens/contracts/kubernetes';
import {
  SCHEDULER_PATHS,
  type ScheduleEstimate,
  type ScheduleSuggestion,
} from '@finlens/contracts/scheduler';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEST_PROFILE } from '../../test/identity-fixtures';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { SCHEDULE, TIMELINE } from './scheduler-fixtures.test-helper';

const requests = recordRequests();
const SLOW = { timeout: 20_000 };
const LIST = '/v3/essentials/scheduler/';

const instance = (resource_id: string, name: string): InventoryResource => ({
  project_id: 'p1',
  account_id: '123456789012',
  region: 'eu-west-3',
  kind: 'ec2-instance',
  resource_id,
  arn: null,
  name,
  state: 'running',
  tags: {},
  first_seen_at: '2026-11-01T00:00:00.000Z',
  last_seen_at: '2026-11-26T00:00:00.000Z',
  attributes: {},
});

const ESTIMATE: ScheduleEstimate = {
  window: { from: '2026-10-27', to: '2026-11-25' },
  stopped_hours_per_week: 108,
  resources: [
    {
      kind: 'ec2-instance',
      resource_id: 'i-0dev1',
      cost_30d: 72,
      running_cost_30d: 72,
      keeps_billing_30d: 8,
      committed_cost_30d: 10,
      hourly_cost: 0.1,
      stopped_hours_30d: 462.86,
      estimated_saving_30d: 46.29,
      stranded_commitment_30d: 6.43,
    },
  ],
  total_saving_30d: 46.29,
  total_keeps_billing_30d: 8,
  total_stranded_commitment_30d: 6.43,
};

function editorHandlers() {
  server.use(
    http.get(`*${INVENTORY_PATHS.resources}`, ({ request }) => {
      const kind = new URL(request.url).searchParams.get('kind');
      const results = kind === 'ec2-instance' ? [instance('i-0dev1', 'dev-web')] : [];
      return HttpResponse.json({ count: results.length, page: 1, page_size: 500, results });
    }),
    http.post(`*${SCHEDULER_PATHS.estimate}`, () => HttpResponse.json(ESTIMATE)),
  );
}

const cell = (name: string) => screen.getByRole('gridcell', { name: new RegExp(`^${name},`) });
const running = (name: string) => cell(name).getAttribute('aria-selected') === 'true';

describe('Resource Scheduler list', () => {
  it('says how to start when there is no schedule', async () => {
    renderWithProviders(LIST, { signedIn: true });
    expect(await screen.findByText(/No schedules yet/, undefined, SLOW)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /New schedule/ })[0]).toHaveAttribute(
      'href',
      '/v3/essentials/scheduler-details/edit/new',
    );
  });

  it('lists schedules with their figures, searchable, each a link to its details', {
    timeout: 60_000,
  }, async () => {
    server.use(
      http.get(`*${SCHEDULER_PATHS.schedules}`, () =>
        HttpResponse.json({
          results: [
            SCHEDULE,
            {
              ...SCHEDULE,
              ...{ id: 's2', schedule_name: 'QA nights', estimated_monthly_saving: null },
              ...{ realised_monthly_saving: null, realised_to_date: 0 },
            },
          ],
        }),
      ),
    );
    const { user } = renderWithProviders(LIST, { signedIn: true });
    const grid = await screen.findByRole('region', { name: 'Schedules' }, SLOW);
    expect(await within(grid).findByRole('link', { name: 'Dev office hours' }, SLOW)).toHaveAttribute(
      'href',
      '/v3/essentials/scheduler-details/schedule/s1',
    );
    expect(within(grid).getByText('$61.25')).toBeInTheDocument();
    const summary = screen.getByLabelText('Summary');
    expect(within(summary).getByText('2 enabled of 2')).toBeInTheDocument();
    expect(within(summary).getByText('$61.25')).toBeInTheDocument();
    // Realised: what the savings ledger verified on the bill.
    expect(within(grid).getByText('$58.40')).toBeInTheDocument();
    expect(within(summary).getByText('$58.40')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search schedules'), 'nights');
    await waitFor(() => expect(within(grid).queryByRole('link', { name: 'Dev office hours' })).toBeNull());
    expect(within(grid).getByRole('link', { name: 'QA nights' })).toBeInTheDocument();
    expect(within(grid).getByText('No bill yet')).toBeInTheDocument();
    expect(within(grid).getByText('Not verified yet')).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });
});

describe('the schedule editor', () => {
  it('paints the grid by keyboard and mouse, shows the live estimate, and saves the positions', {
    timeout: 90_000,
  }, async () => {
    editorHandlers();
    server.use(
      http.post(`*${SCHEDULER_PATHS.schedules}`, () => HttpResponse.json(SCHEDULE, { status: 201 })),
      http.get(`*${SCHEDULER_PATHS.schedule('s1')}`, () => HttpResponse.json(SCHEDULE)),
      http.get(`*${SCHEDULER_PATHS.timeline('s1')}`, () => HttpResponse.json(TIMELINE)),
      http.get(`*${SCHEDULER_PATHS.actions('s1')}`, () => HttpResponse.json({ results: [] })),
    );
    const { user, router } = renderWithProviders('/v3/essentials/scheduler-details/edit/new', {
      signedIn: true,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'New schedule' }, SLOW)).toBeInTheDocument();
    // Office hours by default (spec §9: 08:00–20:00).
    expect(running('Monday 08:00')).toBe(true);
    expect(running('Monday 07:00')).toBe(false);

    // Keyboard: the focused cell is Monday 08:00; Space toggles it, arrows move, Shift+arrow carries the state.
    cell('Monday 08:00').focus();
    await user.keyboard(' ');
    expect(running('Monday 08:00')).toBe(false);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(cell('Monday 06:00')).toHaveFocus();
    await user.keyboard(' ');
    await user.keyboard('{Shift>}{ArrowDown}{ArrowDown}{/Shift}');
    expect([running('Monday 06:00'), running('Tuesday 06:00'), running('Wednesday 06:00')]).toEqual([
      true,
      true,
      true,
    ]);
    expect(cell('Wednesday 06:00')).toHaveFocus();

    // Mouse: press on a stopped Saturday hour and drag across three more paints them running.
    fireEvent.mouseDown(cell('Saturday 10:00'));
    for (const h of ['11', '12', '13']) fireEvent.mouseEnter(cell(`Saturday ${h}:00`));
    fireEvent.mouseUp(window);
    fireEvent.mouseEnter(cell('Saturday 14:00'));
    expect(['10', '11', '12', '13', '14'].map((h) => running(`Saturday ${h}:00`))).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);

    fireEvent.change(screen.getByLabelText(/Schedule name/), { target: { value: 'Dev office hours' } });
    await user.click(screen.getByLabelText('Resources from the inventory'));
    await user.click(await screen.findByRole('option', { name: /dev-web \(i-0dev1\)/ }, SLOW));

    const estimate = screen.getByRole('region', { name: 'Estimated saving' });
    await waitFor(
      () => expect(within(estimate).getByTestId('estimate-monthly')).toHaveTextContent('$46.97 per month'),
      SLOW,
    );
    expect(within(estimate).getByText('i-0dev1')).toBeInTheDocument();
    expect(within(estimate).getByTestId('estimate-stranded')).toHaveTextContent(
      /Stopping i-0dev1 strands reserved instances or savings plans.*\$6\.43/,
    );
    expect(within(estimate).getByRole('cell', { name: '$8.00' })).toBeInTheDocument(); // keeps billing
    expect(estimate).toHaveTextContent('keeps billing: $8.00 over 30 days, not counted as saved.');
    // Asked again once the resource is chosen (after the pause in editing).
    await waitFor(() => {
      const asked = requests.log.filter((r) => r.call === `POST ${SCHEDULER_PATHS.estimate}`).at(-1);
      expect(asked?.body).toMatchObject({ project: 'p1', resources: { ec2: ['i-0dev1'] } });
    }, SLOW);

    await user.click(screen.getByLabelText('Public holidays of'));
    await user.click(await screen.findByRole('option', { name: 'France (FR)' }, SLOW));

    await user.click(screen.getByRole('button', { name: 'Create schedule' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/v3/essentials/scheduler-details/schedule/s1'),
    );
    const saved = requests.bodyOf(`POST ${SCHEDULER_PATHS.schedules}`) as {
      positions: number[];
      time_zone: string;
    };
    expect(saved).toMatchObject({ time_zone: 'America/Los_Angeles', holiday_country: 'FR' });
    // 60 office hours − Monday 08:00 + Monday–Wednesday 06:00 + Saturday 10:00–13:00.
    expect(saved.positions).toHaveLength(60 - 1 + 3 + 4);
    expect(saved.positions).toEqual(expect.arrayContaining([6, 30, 54, 130, 131, 132, 133]));
    expect(saved.positions).not.toContain(8);
  });

  it('fills the grid from usage, says what each resource showed, and keeps the grid when nothing is found', {
    timeout: 60_000,
  }, async () => {
    editorHandlers();
    // Weekday mornings 06:00–09:59 only; one resource idle, one too new.
    const mornings = [0, 1, 2, 3, 4].flatMap((d) => [6, 7, 8, 9].map((h) => d * 24 + h));
    const answer = (positions: number[]): ScheduleSuggestion => ({
      from: '2026-11-12T10:00:00.000Z',
      to: '2026-11-26T10:00:00.000Z',
      time_zone: 'America/Los_Angeles',
      cpu_threshold: 12,
      network_threshold: null,
      positions,
      running_hours_per_week: positions.length,
      resources: [
        {
          kind: 'ec2-instance',
          resource_id: 'i-0dev1',
          name: 'dev-web',
          verdict: positions.length > 0 ? 'used' : 'busy',
          observed_hours: 336,
          used_hours_per_week: 20,
          quietest_hour_cpu: 9.24,
        },
        {
          kind: 'ec2-instance',
          resource_id: 'i-0dev2',
          name: null,
          verdict: 'idle',
          observed_hours: 336,
          used_hours_per_week: 0,
          quietest_hour_cpu: 0.6,
        },
        {
          kind: 'rds-instance',
          resource_id: 'db1',
          name: 'db1',
          verdict: 'not-enough-data',
          observed_hours: 72,
          used_hours_per_week: 168,
          quietest_hour_cpu: null,
        },
      ],
    });
    let next = answer(mornings);
    server.use(http.post(`*${SCHEDULER_PATHS.suggestion}`, () => HttpResponse.json(next)));
    const { user } = renderWithProviders('/v3/essentials/scheduler-details/edit/new', { signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'New schedule' }, SLOW);
    const threshold = screen.getByLabelText('In use above CPU');
    await user.clear(threshold);
    await user.type(threshold, '12');
    await user.click(screen.getByRole('button', { name: 'Suggest from usage' }));
    const summary = await screen.findByTestId('suggestion-summary', undefined, SLOW);
    expect(summary).toHaveTextContent(
      /Filled from 14 days of CPU of 1 of 3 resources .*over 12 %.*runs 20 h a week/,
    );
    expect(summary).toHaveTextContent('dev-web: in use 20 h a week');
    expect(summary).toHaveTextContent('i-0dev2: never in use');
    expect(summary).toHaveTextContent('db1: 3 days of metrics, under the 7 needed');
    expect(requests.bodyOf(`POST ${SCHEDULER_PATHS.suggestion}`)).toMatchObject({
      project: 'p1',
      time_zone: 'America/Los_Angeles',
      cpu_threshold: 12,
    });
    // The grid now holds the mornings, not office hours.
    expect([running('Monday 06:00'), running('Friday 09:00'), running('Monday 10:00')]).toEqual([
      true,
      true,
      false,
    ]);

    // Nothing to suggest: the grid stays as it was.
    next = answer([]);
    await user.click(screen.getByRole('button', { name: 'Suggest from usage' }));
    await waitFor(() =>
      expect(screen.getByTestId('suggestion-summary')).toHaveTextContent(/Nothing to suggest/),
    );
    expect(running('Monday 06:00')).toBe(true);
    expect(screen.getByTestId('suggestion-summary')).toHaveTextContent(
      'dev-web: in use every hour of the week: its quietest hour peaked at 9.2 % CPU — a threshold of 10 % or more finds idle hours',
    );

    // A bad threshold is caught before asking.
    await user.clear(threshold);
    await user.type(threshold, '120');
    expect(screen.getByRole('button', { name: 'Suggest from usage' })).toBeDisabled();
    expect(threshold).toHaveAccessibleDescription('A percentage from 0 to 100');
  });

  it("shows the server's 400 at the field it names", { timeout: 60_000 }, async () => {
    editorHandlers();
    server.use(
      http.post(`*${SCHEDULER_PATHS.schedules}`, () =>
        HttpResponse.json(
          {
            detail: 'positions: Paint at least one running hour.',
            errors: { positions: ['Paint at least one running hour.'], schedule_name: ['Enter a name.'] },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders('/v3/essentials/scheduler-details/edit/new', { signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'New schedule' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(
      await screen.findByText(/Paint running hours and choose a project/, undefined, SLOW),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create schedule' }));
    expect(await screen.findByText('Paint at least one running hour.', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText(/Schedule name/)).toHaveAccessibleDescription('Enter a name.');
  });
});

describe('the schedule details', () => {
  it('shows the week of desired vs actual, adds an override and lists the action log', async () => {
    server.use(
      http.get(`*${SCHEDULER_PATHS.schedule('s1')}`, () => HttpResponse.json(SCHEDULE)),
      http.get(`*${SCHEDULER_PATHS.timeline('s1')}`, () => HttpResponse.json(TIMELINE)),
      http.get(`*${SCHEDULER_PATHS.actions('s1')}`, () =>
        HttpResponse.json({
          results: [
            {
              id: 'a1',
              at: '2026-11-23T07:00:12.000Z',
              account_id: '123456789012',
              region: 'eu-west-3',
              kind: 'ec2-instance',
              resource_id: 'i-0dev1',
              action: 'start',
              cause: 'schedule',
              actor: 'scheduler',
              state_before: 'stopped',
              state_after: 'pending',
              outcome: 'succeeded',
              answer: {},
            },
          ],
        }),
      ),
      http.post(`*${SCHEDULER_PATHS.overrides('s1')}`, () =>
        HttpResponse.json(
          {
            id: 'o1',
            resource: null,
            running: true,
            from: '2026-11-26T12:00:00.000Z',
            until: '2026-11-26T16:00:00.000Z',
            created_by: '42',
          },
          { status: 201 },
        ),
      ),
    );
    const { user } = renderWithProviders('/v3/essentials/scheduler-details/schedule/s1', { signedIn: true });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Dev office hours' }, SLOW),
    ).toBeInTheDocument();
    const timeline = await screen.findByLabelText('Timeline of i-0dev1', undefined, SLOW);
    const desired = timeline.querySelectorAll('[data-state="running"]');
    expect(desired.length).toBe(2); // one desired running stretch, one actual
    expect(timeline.querySelectorAll('[data-state="unknown"]').length).toBe(1);

    const log = screen.getByRole('region', { name: 'Action log' });
    expect(await within(log).findByText('succeeded', undefined, SLOW)).toBeInTheDocument();

    const overrides = screen.getByRole('region', { name: 'Overrides' });
    await user.click(within(overrides).getByRole('button', { name: 'Add override' }));
    await waitFor(() =>
      expect(requests.bodyOf(`POST ${SCHEDULER_PATHS.overrides('s1')}`)).toMatchObject({
        action: 'keep_running',
        resource: null,
      }),
    );
  });
});

describe('the schedule details of a schedule with Kubernetes workloads', () => {
  it('offers an override of a workload the schedule names or its label selector matches, sent as <cluster>/<namespace>/<name>', {
    timeout: 90_000,
  }, async () => {
    const withWorkloads = {
      ...SCHEDULE,
      workloads: [
        { cluster: 'c1', namespace: 'ops', kind: 'deployment', name: 'worker', label_selector: null },
        { cluster: 'c1', namespace: 'ops', kind: 'statefulset', name: null, label_selector: 'tier=batch' },
        { cluster: 'c2', namespace: 'jobs', kind: 'deployment', name: null, label_selector: 'app=etl' },
      ],
    };
    const queue = {
      kind: 'statefulset',
      namespace: 'ops',
      name: 'queue',
      replicas: 2,
      ready_replicas: 2,
      labels: { tier: 'batch' },
    };
    server.use(
      http.get(`*${SCHEDULER_PATHS.schedule('s1')}`, () => HttpResponse.json(withWorkloads)),
      http.get(`*${SCHEDULER_PATHS.timeline('s1')}`, () => HttpResponse.json(TIMELINE)),
      http.get(`*${SCHEDULER_PATHS.actions('s1')}`, () => HttpResponse.json({ results: [] })),
      http.get(`*${KUBERNETES_PATHS.workloads('c1')}`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        const asked = [query.get('namespace'), query.get('kind'), query.get('label_selector')];
        return HttpResponse.json({
          results: asked.join('|') === 'ops|statefulset|tier=batch' ? [queue] : [],
        });
      }),
      http.get(`*${KUBERNETES_PATHS.workloads('c2')}`, () =>
        HttpResponse.json(
          {
            detail: 'The cluster "batch" answered: 401 Unauthorized',
            error: 'The cluster "batch" answered: 401 Unauthorized',
          },
          { status: 424 },
        ),
      ),
      http.post(`*${SCHEDULER_PATHS.overrides('s1')}`, () =>
        HttpResponse.json(
          {
            id: 'o2',
            resource: { kind: 'k8s-statefulset', resource_id: 'c1/ops/queue' },
            running: true,
            from: '2026-11-26T12:00:00.000Z',
            until: '2026-11-26T16:00:00.000Z',
            created_by: '42',
          },
          { status: 201 },
        ),
      ),
    );
    const { user } = renderWithProviders('/v3/essentials/scheduler-details/schedule/s1', { signedIn: true });
    const overrides = await screen.findByRole('region', { name: 'Overrides' }, SLOW);
    // A selector whose cluster does not answer says so instead of offering nothing silently.
    expect(
      await within(overrides).findByText(
        /deployments of jobs matching app=etl could not be listed/,
        undefined,
        SLOW,
      ),
    ).toHaveTextContent('401 Unauthorized');
    await user.click(within(overrides).getByRole('combobox', { name: 'Of' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    // The named deployment, and the statefulset the selector matches now (asked of the cluster).
    expect(options).toEqual([
      'Every resource',
      'dev-web',
      'ops/worker (deployment)',
      'ops/queue (statefulset)',
    ]);
    await user.click(screen.getByRole('option', { name: 'ops/queue (statefulset)' }));
    await user.click(within(overrides).getByRole('button', { name: 'Add override' }));
    await waitFor(() =>
      expect(requests.bodyOf(`POST ${SCHEDULER_PATHS.overrides('s1')}`)).toMatchObject({
        action: 'keep_running',
        resource: { kind: 'k8s-statefulset', resource_id: 'c1/ops/queue' },
      }),
    );
  });
});

describe('the schedule details of a workload schedule', () => {
  it('shows each workload’s estimate and says whether its cluster’s nodes can scale in', {
    timeout: 60_000,
  }, async () => {
    const row = (name: string, hourly: number) => ({
      cluster: 'c1',
      cluster_name: 'prod-eks',
      namespace: 'shop',
      kind: 'deployment' as const,
      name,
      split_cost_30d: hourly * 720,
      running_hours_30d: 720,
      hourly_cost: hourly,
      stopped_hours_30d: 462.86,
      estimated_saving_30d: hourly * 462.86,
    });
    const withEstimate = {
      ...SCHEDULE,
      scheduled_resources: [],
      estimated_monthly_saving: 0,
      workloads: [
        { cluster: 'c1', namespace: 'shop', kind: 'deployment', name: 'web', label_selector: null },
        { cluster: 'c1', namespace: 'shop', kind: 'deployment', name: 'api', label_selector: null },
      ],
      workload_estimate: {
        window: { from: '2026-10-27', to: '2026-11-25' },
        monthly_saving: 70.44,
        workloads: [row('web', 0.1), row('api', 0.05)],
        unlisted: [],
        node_groups: [
          {
            cluster_name: 'prod-eks',
            resource_id: 'prod-eks/workers',
            scheduled_by: null,
            min_size: 2,
            max_size: 6,
          },
        ],
      },
    };
    server.use(
      http.get(`*${SCHEDULER_PATHS.schedule('s1')}`, () => HttpResponse.json(withEstimate)),
      http.get(`*${SCHEDULER_PATHS.timeline('s1')}`, () => HttpResponse.json(TIMELINE)),
      http.get(`*${SCHEDULER_PATHS.actions('s1')}`, () => HttpResponse.json({ results: [] })),
    );
    renderWithProviders('/v3/essentials/scheduler-details/schedule/s1', { signedIn: true });
    const panel = await screen.findByRole('region', { name: 'Kubernetes workloads' }, SLOW);
    expect(panel).toHaveTextContent("Pods' share of their nodes while at zero: $70.44 a month");
    const table = within(panel).getByRole('table', { name: 'Workload estimates' });
    expect(
      within(table).getByRole('row', { name: /shop\/web \(deployment\).*\$0\.10.*\$46\.29/ }),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('alert', { name: 'When pods save' })).toHaveTextContent(
      /only if the nodes they free scale in.*prod-eks\/workers can scale from 2 to 6 nodes.*not in the verified-savings ledger/,
    );
    const summary = screen.getByLabelText('Summary');
    expect(within(summary).getByText("Workloads: pods' share, if nodes scale in")).toBeInTheDocument();
    expect(within(summary).getByText('$70.44 a month')).toBeInTheDocument();
  });
});

describe('the schedule details while a one-off is queued', () => {
  it('asks again every few seconds until it has run, then shows the resource stopped without a reload', {
    timeout: 60_000,
  }, async () => {
    // Nothing else in flight (no resource between states, no action waiting): only the queued one-off makes the
    // page ask again. The scheduler runs it after the page's second read; the third read shows it stopped.
    let served = 0;
    server.use(
      http.get(`*${SCHEDULER_PATHS.schedule('s1')}`, () => {
        served += 1;
        const state = served <= 2 ? 'running' : 'stopped';
        return HttpResponse.json({
          ...SCHEDULE,
          scheduled_resources: SCHEDULE.scheduled_resources.map((r) => ({ ...r, state })),
        });
      }),
      http.get(`*${SCHEDULER_PATHS.timeline('s1')}`, () => HttpResponse.json(TIMELINE)),
      http.get(`*${SCHEDULER_PATHS.actions('s1')}`, () => HttpResponse.json({ results: [] })),
      http.get(`*${SCHEDULER_PATHS.oneOffs}`, () =>
        HttpResponse.json({
          results: [
            {
              id: 'x1',
              project: 'p1',
              action: 'stop',
              run_at: '2026-11-26T12:10:00.000Z',
              done_at: served < 2 ? null : '2026-11-26T12:10:20.000Z',
              hold_until: null,
              resources: { ...SCHEDULE.resources, ec2: ['i-0dev1'] },
            },
          ],
        }),
      ),
    );
    renderWithProviders('/v3/essentials/scheduler-details/schedule/s1', { signedIn: true });
    const resources = await screen.findByRole('region', { name: 'Scheduled resources' }, SLOW);
    expect(await within(resources).findByText('running', undefined, SLOW)).toBeInTheDocument();
    expect(await within(resources).findByText('stopped', undefined, { timeout: 40_000 })).toBeInTheDocument();
    expect(served).toBeGreaterThanOrEqual(3);
  });
});

describe('the schedule details listing recent one-offs', () => {
  it("says until when a one-off holds its resources, in the schedule's time zone", async () => {
    const oneOff = {
      project: 'p1',
      resources: { ...SCHEDULE.resources, ec2: ['i-0dev1'] },
    };
    server.use(
      http.get(`*${SCHEDULER_PATHS.schedule('s1')}`, () => HttpResponse.json(SCHEDULE)),
      http.get(`*${SCHEDULER_PATHS.timeline('s1')}`, () => HttpResponse.json(TIMELINE)),
      http.get(`*${SCHEDULER_PATHS.actions('s1')}`, () => HttpResponse.json({ results: [] })),
      http.get(`*${SCHEDULER_PATHS.oneOffs}`, () =>
        HttpResponse.json({
          results: [
            {
              ...oneOff,
              id: 'x2',
              action: 'stop',
              run_at: '2026-11-27T07:00:00.000Z',
              done_at: '2026-11-27T07:00:20.000Z',
              hold_until: '2026-11-27T17:30:00.000Z',
            },
            {
              ...oneOff,
              id: 'x1',
              action: 'start',
              run_at: '2026-11-26T12:10:00.000Z',
              done_at: null,
              hold_until: null,
            },
          ],
        }),
      ),
    );
    renderWithProviders('/v3/essentials/scheduler-details/schedule/s1', { signedIn: true });
    const recent = await screen.findByLabelText('Recent one-off actions', undefined, SLOW);
    // Europe/Paris: 07:00 UTC is 08:00 there, 17:30 UTC 18:30; a one-off without a hold says nothing of one.
    expect(
      within(recent)
        .getAllByText(/^(stop|start) at/)
        .map((line) => line.textContent),
    ).toEqual([
      'stop at Fri 27 Nov, 08:00 · done Fri 27 Nov, 08:00 · held until Fri 27 Nov, 18:30',
      'start at Thu 26 Nov, 13:10 · pending',
    ]);
  });
});

describe('a member', () => {
  it('reads a schedule but sees its changes disabled (only admins stop and start resources)', async () => {
    server.use(
      http.get('*/c/current/user/', () => HttpResponse.json({ ...TEST_PROFILE, is_admin: false })),
      http.get(`*${SCHEDULER_PATHS.schedule('s1')}`, () => HttpResponse.json(SCHEDULE)),
      http.get(`*${SCHEDULER_PATHS.timeline('s1')}`, () => HttpResponse.json(TIMELINE)),
      http.get(`*${SCHEDULER_PATHS.actions('s1')}`, () => HttpResponse.json({ results: [] })),
    );
    renderWithProviders('/v3/essentials/scheduler-details/schedule/s1', { signedIn: true });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Dev office hours' }, SLOW),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled(), SLOW);
    expect(screen.getByRole('button', { name: 'Add override' })).toBeDisabled();
  });
});
