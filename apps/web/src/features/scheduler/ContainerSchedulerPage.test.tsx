import { CONTAINERS_PATHS, type ContainersSummary } from '@finlens/contracts/containers';
import { type Cluster, KUBERNETES_PATHS } from '@finlens/contracts/kubernetes';
import { SCHEDULER_PATHS } from '@finlens/contracts/scheduler';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { SCHEDULE } from './scheduler-fixtures.test-helper';

const requests = recordRequests();
const SLOW = { timeout: 20_000 };
const PAGE = '/v3/compute-copilot/container-scheduler/';

const CLUSTER: Cluster = {
  id: 'k1',
  name: 'prod-eks',
  project: 'p1',
  api_server_url: 'https://abc.gr7.us-east-1.eks.amazonaws.com',
  auth_kind: 'token',
  ca_fingerprint: 'AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99',
  client_certificate_subject: null,
  client_certificate_expires_at: null,
  reach: { state: 'reachable', reached_at: '2026-11-26T12:00:00.000Z', failed_at: null, error: null },
  simulated: false,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

describe('Container Scheduler', () => {
  it('says how to start without clusters or workload schedules, naming the EKS clusters of the bill', async () => {
    const unsplit = (name: string) => ({
      cluster_name: name,
      account_id: '1',
      region: 'us-east-1',
      cost: 1,
      action: 'x',
    });
    server.use(
      http.get(`*${CONTAINERS_PATHS.summary}`, () =>
        HttpResponse.json({
          window: null,
          cost_basis: 'amortized',
          totals: { cost: 0, cpu_cost: 0, memory_cost: 0, idle_cost: 0, node_cost: 0, fargate_cost: 0 },
          capacity_types: [],
          clusters: [],
          daily: [],
          top_namespaces: [],
          top_workloads: [],
          clusters_without_split_data: [unsplit('staging-eks-use1'), unsplit('prod-eks-use1')],
        } satisfies ContainersSummary),
      ),
    );
    renderWithProviders(PAGE, { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Container Scheduler' }, SLOW)).toBeVisible();
    expect(await screen.findByText(/No Kubernetes cluster yet/, undefined, SLOW)).toBeInTheDocument();
    const named = await screen.findByText('prod-eks-use1, staging-eks-use1', undefined, SLOW);
    const notice = named.closest('[role="alert"]') as HTMLElement;
    expect(within(notice).getByRole('link', { name: 'EKS Dashboard' })).toHaveAttribute(
      'href',
      '/v3/compute-copilot/eks/dashboard/',
    );
    expect(await screen.findByText(/No schedule scales workloads yet/, undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /New workload schedule/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('lists clusters and workload schedules; a cluster opens on its live workloads, or says why it cannot', {
    timeout: 60_000,
  }, async () => {
    let refuse = false;
    server.use(
      http.get(`*${KUBERNETES_PATHS.clusters}`, () => HttpResponse.json({ results: [CLUSTER] })),
      http.get(`*${SCHEDULER_PATHS.schedules}`, () =>
        HttpResponse.json({
          results: [
            SCHEDULE,
            {
              ...SCHEDULE,
              id: 's2',
              schedule_name: 'Shop nights off',
              workload_estimate: {
                window: { from: '2026-10-27', to: '2026-11-25' },
                monthly_saving: 70.44,
                workloads: [],
                unlisted: [],
                node_groups: [],
              },
              workloads: [
                {
                  cluster: 'k1',
                  namespace: 'shop',
                  kind: 'deployment',
                  name: 'checkout',
                  label_selector: null,
                },
              ],
            },
          ],
        }),
      ),
      http.get(`*${KUBERNETES_PATHS.workloads('k1')}`, () =>
        refuse
          ? HttpResponse.json(
              {
                detail: 'The cluster "prod-eks" answered: connect ECONNREFUSED',
                error: 'The cluster "prod-eks" answered: connect ECONNREFUSED',
              },
              { status: 424 },
            )
          : HttpResponse.json({
              results: [
                {
                  kind: 'deployment',
                  namespace: 'shop',
                  name: 'checkout',
                  replicas: 3,
                  ready_replicas: 3,
                  labels: { app: 'checkout' },
                },
              ],
            }),
      ),
    );
    server.use(
      http.get(`*${KUBERNETES_PATHS.namespaces('k1')}`, () =>
        HttpResponse.json(
          {
            detail: 'The cluster "prod-eks" answered: 403 Forbidden',
            error: 'The cluster "prod-eks" answered: 403 Forbidden',
          },
          { status: 424 },
        ),
      ),
    );
    const { user } = renderWithProviders(PAGE, { signedIn: true });
    const row = await screen.findByRole('row', { name: 'Open prod-eks' }, SLOW);
    expect(within(row).getByText('Bearer token')).toBeInTheDocument();
    expect(within(row).getByText('1')).toBeInTheDocument(); // one schedule targets it

    // Only the schedule with workloads is listed, its targets in words.
    const schedules = screen.getByRole('region', { name: 'Workload schedules' });
    expect(await within(schedules).findByText('Shop nights off', undefined, SLOW)).toBeInTheDocument();
    expect(within(schedules).getByText('prod-eks · shop/Deployments checkout')).toBeInTheDocument();
    expect(within(schedules).queryByText('Dev office hours')).toBeNull();
    // Its pods' share of their nodes, said to save only if the nodes scale in.
    expect(within(schedules).getByText('$70.44')).toBeInTheDocument();
    expect(within(schedules).getByRole('alert', { name: 'When pods save' })).toHaveTextContent(
      /saves money only if the nodes they free scale in/,
    );

    await user.click(row);
    const panel = await screen.findByRole('region', { name: 'prod-eks' }, SLOW);
    // Without the cluster's list of namespaces (a token not allowed to list them), one is typed.
    expect(
      await within(panel).findByText(
        /namespaces could not be listed \(.*403 Forbidden\); type one/,
        undefined,
        SLOW,
      ),
    ).toBeInTheDocument();
    await user.clear(within(panel).getByLabelText('Namespace'));
    await user.type(within(panel).getByLabelText('Namespace'), 'shop');
    await user.click(within(panel).getByRole('button', { name: 'List workloads' }));
    expect(await within(panel).findByText('app=checkout', undefined, SLOW)).toBeInTheDocument();
    expect(requests.calls()).toContain(`GET ${KUBERNETES_PATHS.workloads('k1')}?namespace=shop`);

    refuse = true;
    await user.clear(within(panel).getByLabelText('Namespace'));
    await user.type(within(panel).getByLabelText('Namespace'), 'batch');
    await user.click(within(panel).getByRole('button', { name: 'List workloads' }));
    expect(
      await within(panel).findByText(/answered: connect ECONNREFUSED/, undefined, SLOW),
    ).toBeInTheDocument();
  });

  it('shows a cluster the scheduler could not reach, with what it answered, and the schedules it holds up', async () => {
    server.use(
      http.get(`*${KUBERNETES_PATHS.clusters}`, () =>
        HttpResponse.json({
          results: [
            {
              ...CLUSTER,
              reach: {
                state: 'unreachable',
                reached_at: '2026-11-25T12:00:00.000Z',
                failed_at: '2026-11-26T12:00:00.000Z',
                error: '503 ServiceUnavailable',
              },
            },
          ],
        }),
      ),
      http.get(`*${SCHEDULER_PATHS.schedules}`, () =>
        HttpResponse.json({
          results: [
            {
              ...SCHEDULE,
              workloads: [
                {
                  cluster: 'k1',
                  namespace: 'shop',
                  kind: 'deployment',
                  name: null,
                  label_selector: 'app=web',
                },
              ],
            },
          ],
        }),
      ),
    );
    renderWithProviders(PAGE, { signedIn: true });
    const alert = await screen.findByRole('alert', { name: 'Unreachable clusters' }, SLOW);
    expect(alert).toHaveTextContent(/prod-eks cannot be reached/);
    const row = screen.getByRole('row', { name: 'Open prod-eks' });
    expect(within(row).getByText('Unreachable')).toBeInTheDocument();
    expect(within(row).getByText(/503 ServiceUnavailable \(Thu 26 Nov, 12:00 UTC\)/)).toBeInTheDocument();
    const schedules = screen.getByRole('region', { name: 'Workload schedules' });
    expect(await within(schedules).findByText('Unreachable: prod-eks', undefined, SLOW)).toBeInTheDocument();
    expect(within(schedules).getByText('prod-eks · shop/Deployments matching app=web')).toBeInTheDocument();
  });

  it('shows a simulated cluster (the demo’s) as simulated, without credentials to edit, and lists its workloads', {
    timeout: 60_000,
  }, async () => {
    const simulated: Cluster = {
      ...CLUSTER,
      api_server_url: 'simulated://prod-eks',
      ca_fingerprint: '',
      simulated: true,
    };
    server.use(
      http.get(`*${KUBERNETES_PATHS.clusters}`, () => HttpResponse.json({ results: [simulated] })),
      http.get(`*${KUBERNETES_PATHS.workloads('k1')}`, () =>
        HttpResponse.json({
          results: [
            {
              kind: 'deployment',
              namespace: 'checkout',
              name: 'checkout-api',
              replicas: 4,
              ready_replicas: 4,
              labels: { 'app.kubernetes.io/name': 'checkout-api' },
            },
          ],
        }),
      ),
    );
    server.use(
      http.get(`*${KUBERNETES_PATHS.namespaces('k1')}`, () =>
        HttpResponse.json({ results: ['checkout', 'jobs', 'search'] }),
      ),
    );
    const { user } = renderWithProviders(`${PAGE}?cluster=k1&namespace=checkout`, { signedIn: true });
    const row = await screen.findByRole('row', { name: 'Open prod-eks' }, SLOW);
    expect(within(row).getByText('Simulated (the cloud scenario)')).toBeInTheDocument();
    expect(within(row).getByText('simulated://prod-eks')).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'prod-eks' }, SLOW);
    expect(within(panel).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(await within(panel).findByText('checkout-api', undefined, SLOW)).toBeInTheDocument();
    expect(requests.calls()).toContain(`GET ${KUBERNETES_PATHS.workloads('k1')}?namespace=checkout`);
    // The cluster's namespaces are offered; choosing one lists its workloads.
    await user.click(within(panel).getByRole('combobox', { name: 'Namespace' }));
    await user.clear(within(panel).getByRole('combobox', { name: 'Namespace' }));
    const options = await screen.findAllByRole('option', undefined, SLOW);
    expect(options.map((o) => o.textContent)).toEqual(['checkout', 'jobs', 'search']);
    await user.click(screen.getByRole('option', { name: 'jobs' }));
    await waitFor(() =>
      expect(requests.calls()).toContain(`GET ${KUBERNETES_PATHS.workloads('k1')}?namespace=jobs`),
    );
  });

  it('checks a cluster’s connection on demand and shows the answer at once, in the panel and the list', {
    timeout: 60_000,
  }, async () => {
    let current: Cluster = {
      ...CLUSTER,
      reach: { state: 'unchecked', reached_at: null, failed_at: null, error: null },
    };
    const answers: Cluster['reach'][] = [
      {
        state: 'unreachable',
        reached_at: null,
        failed_at: '2026-11-26T12:00:00.000Z',
        error: '401 Unauthorized',
      },
      {
        state: 'reachable',
        reached_at: '2026-11-26T12:05:00.000Z',
        failed_at: '2026-11-26T12:00:00.000Z',
        error: '401 Unauthorized',
      },
    ];
    server.use(
      http.get(`*${KUBERNETES_PATHS.clusters}`, () => HttpResponse.json({ results: [current] })),
      http.get(`*${KUBERNETES_PATHS.workloads('k1')}`, () => HttpResponse.json({ results: [] })),
      http.get(`*${KUBERNETES_PATHS.namespaces('k1')}`, () => HttpResponse.json({ results: ['default'] })),
      http.post(`*${KUBERNETES_PATHS.check('k1')}`, () => {
        current = { ...current, reach: answers.shift() ?? current.reach };
        return HttpResponse.json(current);
      }),
    );
    const { user } = renderWithProviders(PAGE, { signedIn: true });
    const row = await screen.findByRole('row', { name: 'Open prod-eks' }, SLOW);
    expect(within(row).getByText('Not reached yet')).toBeInTheDocument();
    await user.click(row);
    const panel = await screen.findByRole('region', { name: 'prod-eks' }, SLOW);

    await user.click(within(panel).getByRole('button', { name: 'Check connection' }));
    const failed = await within(panel).findByRole('alert', { name: 'Connection check' }, SLOW);
    expect(failed).toHaveTextContent('Not reached: 401 Unauthorized (Thu 26 Nov, 12:00 UTC)');
    expect(
      within(screen.getByRole('row', { name: 'Open prod-eks' })).getByText('Unreachable'),
    ).toBeInTheDocument();
    expect(requests.calls()).toContain(`POST ${KUBERNETES_PATHS.check('k1')}`);

    await user.click(within(panel).getByRole('button', { name: 'Check connection' }));
    await waitFor(
      () =>
        expect(within(panel).getByRole('alert', { name: 'Connection check' })).toHaveTextContent(
          'The API server answered (Thu 26 Nov, 12:05 UTC).',
        ),
      SLOW,
    );
    expect(
      within(screen.getByRole('row', { name: 'Open prod-eks' })).getByText('Reachable'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: 'Unreachable clusters' })).toBeNull();
  });

  it('adds a cluster with a token and shows the server’s 400 at its field', { timeout: 60_000 }, async () => {
    let calls = 0;
    server.use(
      http.post(`*${KUBERNETES_PATHS.clusters}`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              {
                detail: 'api_server_url: Finlens may not connect to this address: loopback.',
                error: 'api_server_url: Finlens may not connect to this address: loopback.',
                errors: { api_server_url: ['Finlens may not connect to this address: loopback.'] },
              },
              { status: 400 },
            )
          : HttpResponse.json(CLUSTER, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(PAGE, { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Add cluster' }, SLOW));
    const form = await screen.findByRole('form', { name: 'Add cluster' }, SLOW);
    await user.type(within(form).getByLabelText('Name'), 'prod-eks');
    await user.type(within(form).getByLabelText('API server URL'), 'https://127.0.0.1:6443');
    await user.type(within(form).getByLabelText('CA certificate (PEM)'), '-----BEGIN CERTIFICATE-----');
    await user.type(within(form).getByLabelText('Service account token'), 'eyJ.token');
    await user.click(within(form).getByRole('button', { name: 'Add cluster' }));
    expect(
      await within(form).findByText('Finlens may not connect to this address: loopback.', undefined, SLOW),
    ).toBeInTheDocument();
    expect(requests.bodyOf(`POST ${KUBERNETES_PATHS.clusters}`)).toEqual({
      name: 'prod-eks',
      project: 'p1',
      api_server_url: 'https://127.0.0.1:6443',
      ca_certificate: '-----BEGIN CERTIFICATE-----',
      token: 'eyJ.token',
    });
    await user.click(within(form).getByRole('button', { name: 'Add cluster' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add cluster' })).toBeNull(), SLOW);
  });
});
