import {
  type EssentialsSummary,
  RECOMMENDATIONS_PATHS,
  type Recommendation,
  type RecommendationsList,
  type Rule,
  type RulesList,
} from '@finlens/contracts/recommendations';
import { type LedgerTotals, SAVINGS_LEDGER_PATHS } from '@finlens/contracts/savings-ledger';
import { HttpResponse, http } from 'msw';

const NOT_FOUND = () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 });

export const EVALUATION = {
  id: 'ev1',
  evaluated_at: '2026-11-25T06:00:00.000Z',
  trigger: 'collection' as const,
  resources: 12,
  violations: 1,
  duration_ms: 40,
};

/** Nothing evaluated yet: the answers a new client gets (the route walk renders every page with them). */
export const emptyRecommendationHandlers = [
  http.get(`*${RECOMMENDATIONS_PATHS.list}`, () =>
    HttpResponse.json({
      count: 0,
      page: 1,
      page_size: 25,
      total_estimated_monthly_saving: 0,
      total_on_demand_monthly_saving: 0,
      by_type: [],
      evaluation: null,
      results: [],
    } satisfies RecommendationsList),
  ),
  http.get(`*${RECOMMENDATIONS_PATHS.essentialsSummary}`, () =>
    HttpResponse.json({
      groups: [],
      total_estimated_monthly_saving: 0,
      weekly_saving: 0,
      evaluation: null,
    } satisfies EssentialsSummary),
  ),
  http.get(`*${RECOMMENDATIONS_PATHS.rules}`, () =>
    HttpResponse.json({ results: [], evaluation: null } satisfies RulesList),
  ),
  http.get('*/c/rules/:key/dashboard/', NOT_FOUND),
  http.get('*/c/recommendations/:id/', NOT_FOUND),
  http.get(`*${SAVINGS_LEDGER_PATHS.remediation}`, () => HttpResponse.json({ policies: [] })),
  http.get(`*${SAVINGS_LEDGER_PATHS.totals}`, () =>
    HttpResponse.json({
      group_by: 'month',
      rows: [],
      estimated_monthly_saving: 0,
      applied_monthly_saving: 0,
      realised_monthly_saving: 0,
      realised_to_date: 0,
    } satisfies LedgerTotals),
  ),
];

/** An EC2 rightsizing recommendation with its CPU evidence. */
export const RIGHTSIZING: Recommendation = {
  id: 'ec2-rightsizing:123:i-0abc',
  type: 'ec2-rightsizing',
  rule_key: 'ec2-rightsizing',
  group: 'rightsizing',
  finding: 'underutilized',
  title: 'Rightsize web-1 from m5.xlarge to m7g.large',
  project_id: 'p1',
  account_id: '123',
  account_name: 'Shop',
  region: 'us-east-1',
  resource_kind: 'ec2-instance',
  resource_id: 'i-0abc',
  resource_key: '123|i-0abc',
  resource_name: 'web-1',
  resource_type: 'm5.xlarge',
  tags: { team: 'shop' },
  showback_values: [],
  evidence: {
    start_date: '2026-11-11',
    end_date: '2026-11-24',
    metrics: [
      {
        metric: 'cpu-utilization',
        storage_class: null,
        statistic: 'p95',
        observed: 12.5,
        threshold_key: 'cpu_p95_max_percent',
        threshold: 40,
        comparison: '<',
        unit: 'percent',
        points: 336,
      },
    ],
    facts: [{ key: 'state', label: 'State', value: 'running', threshold_key: null, threshold: null }],
  },
  saving: {
    current_monthly_cost: 140.16,
    estimated_monthly_saving: 80.3,
    on_demand_monthly_saving: 90.5,
    effective_rate: 0.887,
    basis: 'catalogue',
    covered_by_commitment: false,
  },
  risk: 'low',
  action: {
    kind: 'modify',
    description: 'Change m5.xlarge to m7g.large',
    target: { instance_type: 'm7g.large' },
    reversible: true,
  },
  might_be_wrong_because: ['Memory is not collected: a memory-bound workload may need the larger size.'],
  first_seen_at: '2026-11-20T06:00:00.000Z',
  evaluated_at: '2026-11-25T06:00:00.000Z',
  resolved_at: null,
  status: 'open',
  status_reason: null,
  snoozed_until: null,
  status_changed_at: null,
  status_changed_by: null,
};

export const RIGHTSIZING_RULE: Rule = {
  key: 'ec2-rightsizing',
  name: 'EC2 rightsizing',
  description: 'An instance whose p95 CPU stays under the threshold fits a smaller size.',
  anchor: 'AWS Compute Optimizer',
  group: 'rightsizing',
  finding: 'underutilized',
  resource_kinds: ['ec2-instance'],
  enabled: true,
  thresholds: [],
  open_violations: 1,
  cost_at_stake: 80.3,
};
