import {
  COMMITMENT_ALERT_DEFAULTS,
  COMMITMENTS_PATHS,
  type CommitmentAlerts,
  type CommitmentDashboard,
  type CommitmentInventory,
  type ConvertibleAnalysis,
  type PurchaseAnalysis,
  type ReservationAnalysis,
} from '@finlens/contracts/commitments';
import {
  type AsgDashboard,
  COMPUTE_COPILOT_PATHS,
  type CopilotResource,
  type DatabricksDashboard,
  type Visibility,
  type VisibilityGroup,
} from '@finlens/contracts/compute-copilot';
import {
  type Allocation,
  CONTAINERS_PATHS,
  type ContainersReconciliation,
  type ContainersSummary,
  type Rightsizing,
} from '@finlens/contracts/containers';
import type { PublicConfig } from '@finlens/contracts/public-config';
import { RECOMMENDATIONS_PATHS, type RuleChanges } from '@finlens/contracts/recommendations';
import type { ResourcesCostList } from '@finlens/contracts/resources-cost';
import { TEAM_PATHS } from '@finlens/contracts/team';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { SMALL_RESULT } from '../features/cost-explorer/explorer-fixtures.test-helper';
import { INSIGHTS } from '../features/insights/insights-fixtures.test-helper';
import { emptyRecommendationHandlers } from '../features/recommendations/recommendation-fixtures.test-helper';
import { emptySchedulerHandlers } from '../features/scheduler/scheduler-fixtures.test-helper';
import {
  TEST_CLIENT,
  TEST_COST_SUMMARY,
  TEST_PACKAGE,
  TEST_PAYMENT,
  TEST_POLICY,
  TEST_PROFILE,
  TEST_PROJECTS,
  TEST_STATUS,
} from './identity-fixtures';

export const TEST_PUBLIC_CONFIG: PublicConfig = {
  supportEmail: 'help@finlens.test',
  docsUrl: 'https://docs.finlens.test/',
  version: '0.0.0-test',
};

const NO_COMMITMENT_FIGURES = {
  utilisation: null,
  coverage: null,
  effective_savings_rate: null,
  on_demand_equivalent: 0,
  actual_cost: 0,
  net_savings: 0,
  unused_cost: 0,
  spot_cost: 0,
  spot_savings: 0,
};

/** The start-up chain of every signed-in screen (spec §4), answered for the test user's client. */
const startupHandlers = [
  http.get('*/c/current/user/', () => HttpResponse.json(TEST_PROFILE)),
  http.get('*/c/admin/clients/:id/', () => HttpResponse.json(TEST_CLIENT)),
  http.get('*/c/admin/status/', () => HttpResponse.json(TEST_STATUS)),
  http.get('*/c/admin/projectaws/', () => HttpResponse.json(TEST_PROJECTS)),
  http.get('*/c/policy_version/', () => HttpResponse.json(TEST_POLICY)),
  http.get('*/payment/payment-method/', () => HttpResponse.json(TEST_PAYMENT)),
  http.get('*/payment/package/', () => HttpResponse.json(TEST_PACKAGE)),
  http.get('*/c/cost_page/cost_summary/', () => HttpResponse.json(TEST_COST_SUMMARY)),
];

/** Calls of built pages, so the route walk can open every page; feature tests override them. */
const pageHandlers = [
  // Settings opens on AWS Accounts: no accounts yet.
  http.get('*/c/cloud_accounts/', () => HttpResponse.json([])),
  http.get('*/rest-auth/check_email/:email/', ({ params }) =>
    HttpResponse.json({ email: params.email, valid_format: true, sso_login_url: null }),
  ),
  // Settings tab SSO: nothing configured yet.
  http.get('*/c/sso/', () =>
    HttpResponse.json({
      enabled: false,
      issuer: null,
      client_id: null,
      email_domain: null,
      has_client_secret: false,
      redirect_uri: 'http://localhost:8080/rest-auth/sso/callback/',
    }),
  ),
  // Explorer: a small answer whatever the query.
  http.get('*/c/cost_page/dimension_daily_cost/', () => HttpResponse.json(SMALL_RESULT)),
  // Analysis: no reports and no templates.
  http.get('*/c/cost_page/reports/', () => HttpResponse.json([])),
  http.get('*/c/cost_page/reports/global_reports/', () => HttpResponse.json([])),
  // Cost targets: none yet; an unknown target is not found.
  http.get('*/c/cost_page/cost_target/', () => HttpResponse.json([])),
  http.get('*/c/cost_page/cost_target/:id/', () =>
    HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
  ),
  // Showbacks: none yet; an unknown showback (and everything under it) is not found.
  http.get('*/c/showback/showbacks/', () => HttpResponse.json([])),
  http.get('*/c/showback/showbacks/:key/*', () =>
    HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
  ),
  // Chargebacks: no statements yet.
  http.get('*/c/chargeback/statements/', () => HttpResponse.json({ statements: [] })),
  // Insights: a few insights of three kinds.
  http.get('*/c/cost_page/insights/', () => HttpResponse.json(INSIGHTS)),
  http.get('*/c/savings_ledger/entries/', () => HttpResponse.json({ results: [] })),
  // Search: nothing found; Organization overview: no projects beyond the start-up's.
  http.get('*/c/ac/query', () =>
    HttpResponse.json({
      q: '*',
      scope: 'all',
      start_date: '2026-10-23',
      end_date: '2026-11-22',
      currency: 'USD',
      offset: 0,
      limit: 100,
      total: 0,
      hits: [],
      facets: {},
    }),
  ),
  http.get('*/c/ac/auto-complete/', ({ request }) =>
    HttpResponse.json({
      query: new URL(request.url).searchParams.get('query') ?? '',
      suggestions: [],
      start_date: '2026-10-23',
      end_date: '2026-11-22',
    }),
  ),
  http.get('*/c/admin/projectaws_listing/', () => HttpResponse.json([])),
  http.get('*/c/admin/projectaws/organization_accounts/', () => HttpResponse.json([])),
  // Screens with no data yet (the route walk renders every page): empty answers of their contracts.
  http.get('*/c/resources_cost/', () =>
    HttpResponse.json({
      count: 0,
      page: 1,
      page_size: 25,
      cost_type: 'unblended',
      window: null,
      total_cost: 0,
      results: [],
      filter_options: { accounts: [], services: [], types: [], tag_keys: [] },
    } satisfies ResourcesCostList),
  ),
  http.get(`*${COMMITMENTS_PATHS.inventory}`, () =>
    HttpResponse.json({
      as_of: '2026-11-26T00:00:00.000Z',
      reservations: [],
      savings_plans: [],
      commitment_discounts: [],
      expiries: [],
      enrichment: { status: 'ok', message: null, described: 0, refused: [] },
    } satisfies CommitmentInventory),
  ),
  http.get(`*${COMMITMENTS_PATHS.dashboard}`, () =>
    HttpResponse.json({
      periods: [],
      totals: NO_COMMITMENT_FIGURES,
      groups: [],
      expiries: [],
    } satisfies CommitmentDashboard),
  ),
  http.get(`*${COMMITMENTS_PATHS.purchaseAnalysis}`, () =>
    HttpResponse.json({
      window: { start: '2026-10-27T00:00:00.000Z', end: '2026-11-26T00:00:00.000Z' },
      hourly_on_demand: [],
      rate_ratio: null,
      rate_source: 'none',
      rate_provenance: null,
      schedules: { applied: true, schedules: [], stopped_resource_hours_per_week: 0, removed_on_demand: 0 },
      recommendations: { applied: true, count: 0, by_type: [], removed_on_demand: 0 },
      recommendation: null,
    } satisfies PurchaseAnalysis),
  ),
  // ShareSave is invisible to a client without sharesave_allowed (or a listed partner).
  http.get(`*${COMMITMENTS_PATHS.shareSave}`, () =>
    HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
  ),
  // The partner view answers partner users only.
  http.get(`*${COMMITMENTS_PATHS.shareSavePartner}`, () =>
    HttpResponse.json({ detail: 'You do not have permission to perform this action.' }, { status: 403 }),
  ),
  http.get(`*${COMMITMENTS_PATHS.reservationAnalysis}`, () =>
    HttpResponse.json({
      window: { start: '2026-10-27T00:00:00.000Z', end: '2026-11-26T00:00:00.000Z' },
      schedules: { applied: true, schedules: [], stopped_resource_hours_per_week: 0, removed_on_demand: 0 },
      recommendations: { applied: true, count: 0, by_type: [], removed_on_demand: 0 },
      results: [],
    } satisfies ReservationAnalysis),
  ),
  ...emptyRecommendationHandlers,
  ...emptySchedulerHandlers,
  http.get(`*${COMMITMENTS_PATHS.convertible}`, () =>
    HttpResponse.json({ results: [] } satisfies ConvertibleAnalysis),
  ),
  http.get(`*${COMMITMENTS_PATHS.alerts}`, () =>
    HttpResponse.json({
      as_of: '2026-11-26T00:00:00.000Z',
      newest_day: null,
      settings: COMMITMENT_ALERT_DEFAULTS,
      alerts: [],
    } satisfies CommitmentAlerts),
  ),
  ...emptyContainerHandlers(),
  ...emptyCopilotHandlers(),
  http.get('*/c/admin/all_clients/', () =>
    HttpResponse.json([{ id: 'c1', name: 'Acme Corp', role: 'admin', via_partner: false, is_active: true }]),
  ),
  http.get(`*${TEAM_PATHS.mine}`, () => HttpResponse.json([])),
  http.get(`*${TEAM_PATHS.invitations}`, () => HttpResponse.json([])),
];

/** The EKS screens without data. */
function emptyContainerHandlers() {
  const base = { window: null, cost_basis: 'amortized' as const };
  return [
    http.get(`*${CONTAINERS_PATHS.summary}`, () =>
      HttpResponse.json({
        ...base,
        totals: { cost: 0, cpu_cost: 0, memory_cost: 0, idle_cost: 0, node_cost: 0, fargate_cost: 0 },
        clusters: [],
        capacity_types: [],
        daily: [],
        top_namespaces: [],
        top_workloads: [],
        clusters_without_split_data: [],
      } satisfies ContainersSummary),
    ),
    http.get(`*${CONTAINERS_PATHS.allocation}`, () =>
      HttpResponse.json({
        ...base,
        group_by: 'pod_namespace',
        idle: 'separate',
        count: 0,
        total_cost: 0,
        rows: [],
      } satisfies Allocation),
    ),
    http.get(`*${CONTAINERS_PATHS.reconciliation}`, () =>
      HttpResponse.json({
        ...base,
        node_hours: 0,
        mismatch_count: 0,
        missing_nodes: 0,
        node_cost: 0,
        pod_cost: 0,
        mismatches: [],
      } satisfies ContainersReconciliation),
    ),
    http.get(`*${CONTAINERS_PATHS.rightsizing}`, () =>
      HttpResponse.json({
        ...base,
        headroom: 20,
        monthly_saving: 0,
        workloads: [],
        series: null,
      } satisfies Rightsizing),
    ),
  ];
}

/** The Compute Copilot dashboards and the rule changes without data. */
function emptyCopilotHandlers() {
  const noBill = { start_date: null, end_date: null, as_of: null, currency: 'USD' };
  const zero = { effective: 0, on_demand: 0, savings: 0 };
  return [
    http.get(`*${COMPUTE_COPILOT_PATHS.asg}`, () =>
      HttpResponse.json({
        ...noBill,
        totals: {
          effective: 0,
          on_demand: 0,
          groups: 0,
          instances: 0,
          spot_instances: 0,
          monthly_saving: 0,
          instances_awaiting_cpu: 0,
        },
        groups: [],
      } satisfies AsgDashboard),
    ),
    http.get(`*${COMPUTE_COPILOT_PATHS.databricks}`, () =>
      HttpResponse.json({
        ...noBill,
        totals: {
          infrastructure: 0,
          dbu: 0,
          total: 0,
          dbu_unallocated: 0,
          instances: 0,
          instances_awaiting_cpu: 0,
        },
        dbu_lines: [],
        workspaces: [],
        clusters: [],
        jobs: [],
        users: [],
      } satisfies DatabricksDashboard),
    ),
    http.get(`*${COMPUTE_COPILOT_PATHS.visibility}`, () =>
      HttpResponse.json({
        ...noBill,
        totals: { ...zero, savings_rate: null, coverage: null, spot_share: null },
        by_purchase_option: [],
        by_resource_type: [],
        by_instance_type: [],
        periods: [],
        series: [],
      } satisfies Visibility),
    ),
    http.get(`*${COMPUTE_COPILOT_PATHS.visibilityGroup}`, ({ params }) =>
      HttpResponse.json({
        ...noBill,
        type: 'purchase-option',
        id: String(params.id),
        label: String(params.id),
        totals: zero,
        resources: [],
        group_count: 0,
      } satisfies VisibilityGroup),
    ),
    http.get(`*${COMPUTE_COPILOT_PATHS.resource}`, ({ params }) =>
      HttpResponse.json({
        ...noBill,
        resource_id: String(params.id),
        inventory: null,
        totals: zero,
        by_purchase_option: [],
        periods: [],
        series: [],
      } satisfies CopilotResource),
    ),
    http.get(`*${RECOMMENDATIONS_PATHS.ruleChanges}`, () =>
      HttpResponse.json({ count: 0, page: 1, page_size: 50, results: [] } satisfies RuleChanges),
    ),
  ];
}

/** Default answers for calls every screen makes; a test adds its own with `server.use(...)`. */
const handlers = [
  http.get('*/api/public-config', () => HttpResponse.json(TEST_PUBLIC_CONFIG)),
  ...startupHandlers,
  ...pageHandlers,
];

export const server = setupServer(...handlers);
