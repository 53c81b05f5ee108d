import { AUTH_PATHS } from '@finlens/contracts/auth';
import {
  COMMITMENT_ALERT_DEFAULTS,
  type CommitmentAlerts,
  type CommitmentDashboard,
  type CommitmentInventory,
  type ConvertibleAnalysis,
  COMMITMENTS_PATHS as P,
  type PurchaseAnalysis,
  type RateOverrideFigure,
  type RateTable,
  type ReservationAnalysis,
  type ShareSave,
  type ShareSavePartner,
} from '@finlens/contracts/commitments';
import { DESCRIBED_PLAN, DESCRIBED_RESERVATION } from '@finlens/contracts/commitments-examples.test-helper';
import { SCHEDULER_PATHS } from '@finlens/contracts/scheduler';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEST_PROFILE } from '../../test/identity-fixtures';
import { server } from '../../test/msw-server';
import { renderElement, renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { SCHEDULE } from '../scheduler/scheduler-fixtures.test-helper';
import {
  RECOMMENDATIONS_RECHECK_MS,
  RECOMMENDATIONS_RECHECK_READS,
  recheckWhileNoRecommendations,
} from './api/commitments-query';
import { shortId } from './CommitmentArn';
import { reservationCurveChart } from './commitment-charts';
import { formatRate } from './commitment-format';
import { RateTableDialog } from './RateTableDialog';
import { ReservationAnalysisSection } from './ReservationAnalysisSection';
import { PartnerShareSaveSection, ShareSaveSection } from './ShareSaveSection';

const requests = recordRequests();
const ARN = 'arn:aws:ec2:us-east-1:111111111111:reserved-instances/ri-under-used';

const INVENTORY: CommitmentInventory = {
  as_of: '2026-11-26T00:00:00.000Z',
  reservations: [
    {
      arn: ARN,
      owner_account: '111111111111',
      service: 'AmazonEC2',
      instance_type: 'm5.large',
      platform: 'Linux',
      region: 'us-east-1',
      availability_zone: null,
      count: 2,
      start: '2025-12-16T00:00:00.000Z',
      end: '2026-12-16T00:00:00.000Z',
      term_years: 1,
      payment_option: 'No Upfront',
      offering_class: 'convertible',
      upfront_value: 0,
      recurring_hourly_per_instance: 0.06,
      normalised_units_per_hour: 8,
      accounts: ['111111111111', '222222222222'],
      days_to_expiry: 20,
      utilisation: 0.5,
      from_account: null,
    },
  ],
  savings_plans: [],
  commitment_discounts: [],
  expiries: [{ arn: ARN, kind: 'reservation', end: '2026-12-16T00:00:00.000Z', days_to_expiry: 20 }],
  enrichment: { status: 'ok', message: null, described: 0, refused: [] },
};

const figures = {
  utilisation: 0.5,
  coverage: 0.25,
  effective_savings_rate: 0.125,
  on_demand_equivalent: 100,
  actual_cost: 87.5,
  net_savings: 12.5,
  unused_cost: 21.6,
};
const DASHBOARD: CommitmentDashboard = {
  periods: [{ period: '2026-11-25T00:00:00.000Z', ...figures }],
  totals: { ...figures, spot_cost: 0.3, spot_savings: 0 },
  groups: [
    {
      key: ARN,
      utilisation: 0.5,
      coverage: 0.5,
      on_demand_equivalent: 34.56,
      net_savings: 12.96,
      unused_cost: 21.6,
    },
  ],
  expiries: INVENTORY.expiries,
};

const CONVERTIBLE: ConvertibleAnalysis = {
  results: [
    {
      arn: ARN,
      instance_type: 'm5.large',
      region: 'us-east-1',
      count: 2,
      utilisation: 0.5,
      remaining_value: 57.6,
      end: '2026-12-16T00:00:00.000Z',
      exchange: {
        target_instance_type: 'm5.xlarge',
        wanted_units_per_hour: 16,
        instances: 2,
        minimum_instances: 1,
        new_value: 115.2,
        true_up: 57.6,
        remaining_hours: 480,
        utilisation_before: 0.5,
        utilisation_after: 1,
        coverage_before: 0.25,
        coverage_after: 1,
      },
    },
  ],
};

const OFFICE_HOURS = { id: 's1', name: 'Office hours', stopped_hours_per_week: 108, resources: 2 };
const analysis = (
  commitment: number,
  hours: number,
  applied = true,
  recommended = true,
): PurchaseAnalysis => ({
  window: { start: '2026-11-01T00:00:00.000Z', end: '2026-11-08T00:00:00.000Z' },
  hourly_on_demand: Array.from({ length: hours }, (_, h) => (h % 2 === 0 ? 0.192 : 0.096)),
  rate_ratio: 0.625,
  rate_source: 'bill',
  rate_provenance: null,
  schedules: {
    applied,
    schedules: [OFFICE_HOURS],
    stopped_resource_hours_per_week: 216,
    removed_on_demand: applied ? 41.47 : 0,
  },
  recommendations: {
    applied: recommended,
    count: 3,
    by_type: [
      { type: 'ec2-rightsizing', count: 2, on_demand_monthly_saving: 140.16 },
      { type: 'ec2-idle', count: 1, on_demand_monthly_saving: 70.08 },
    ],
    removed_on_demand: recommended ? 16.13 : 0,
  },
  recommendation: {
    commitment,
    covered_on_demand_per_hour: commitment / 0.625,
    savings: 6.048,
    on_demand_cost: 24.192,
    break_even_utilisation: 0.625,
    expected_utilisation: 1,
    expected_coverage: 0.667,
    band: { low: 0.05, high: 0.07, tolerance: 0.05 },
    curve: [{ commitment: 0, savings: 0, utilisation: null, coverage: 0 }],
  },
});

const RESERVATIONS: ReservationAnalysis = {
  window: { start: '2026-11-01T00:00:00.000Z', end: '2026-11-08T00:00:00.000Z' },
  schedules: { applied: true, schedules: [], stopped_resource_hours_per_week: 0, removed_on_demand: 0 },
  recommendations: { applied: true, count: 0, by_type: [], removed_on_demand: 0 },
  results: [
    {
      service: 'AmazonRDS',
      region: 'eu-west-1',
      family: 'db.r6g',
      operating_system: 'PostgreSQL',
      tenancy: null,
      licence_model: 'No license required',
      size_flexible: true,
      instance_type: 'db.r6g.large',
      units_per_instance: 4,
      hourly_units: [8, 4],
      on_demand_rate_per_unit: 0.06,
      rate_ratio: 0.625,
      rate_source: 'bill',
      rate_provenance: null,
      recommendation: {
        instances: 1,
        normalised_units: 4,
        commitment: 0.15,
        savings: 12.6,
        on_demand_cost: 60.48,
        break_even_utilisation: 0.625,
        expected_utilisation: 1,
        expected_coverage: 0.667,
      },
    },
    {
      service: 'AmazonEC2',
      region: 'us-east-1',
      family: 'm5',
      operating_system: 'Windows',
      tenancy: 'Shared',
      licence_model: 'No License required',
      size_flexible: false,
      instance_type: 'm5.large',
      units_per_instance: 4,
      hourly_units: [4],
      on_demand_rate_per_unit: 0.024,
      rate_ratio: null,
      rate_source: 'none',
      rate_provenance: null,
      recommendation: null,
    },
    {
      service: 'AmazonEC2',
      region: 'us-east-1',
      family: 'c5',
      operating_system: 'Linux',
      tenancy: 'Shared',
      licence_model: 'No License required',
      size_flexible: true,
      instance_type: 'c5.xlarge',
      units_per_instance: 8,
      hourly_units: [8, 8],
      on_demand_rate_per_unit: 0.02125,
      rate_ratio: 0.67,
      rate_source: 'table',
      rate_provenance: 'estimate',
      recommendation: {
        instances: 1,
        normalised_units: 8,
        commitment: 0.1139,
        savings: 9.43,
        on_demand_cost: 28.56,
        break_even_utilisation: 0.67,
        expected_utilisation: 1,
        expected_coverage: 1,
      },
    },
  ],
};

const ALERTS: CommitmentAlerts = {
  as_of: '2026-11-26T00:00:00.000Z',
  newest_day: '2026-11-25',
  settings: COMMITMENT_ALERT_DEFAULTS,
  alerts: [
    {
      key: `expiry:${ARN}:2026-12-16T00:00:00.000Z:30`,
      kind: 'expiry',
      severity: 'warning',
      subject: 'm5.large × 2 (AmazonEC2, us-east-1) expires in 20 days',
      text: 'The reservation ends on 2026-12-16 (the 30-day notice).',
      arn: ARN,
      commitment_kind: 'reservation',
      end: '2026-12-16T00:00:00.000Z',
      days_left: 20,
      utilisation: null,
      unused_cost: null,
      coverage_previous: null,
      coverage_current: null,
    },
  ],
};

function answer() {
  server.use(
    http.get(`*${P.alerts}`, () => HttpResponse.json(ALERTS)),
    http.get(`*${P.inventory}`, () => HttpResponse.json(INVENTORY)),
    http.get(`*${P.dashboard}`, ({ request }) => {
      const group = new URL(request.url).searchParams.get('group_by');
      return HttpResponse.json(
        group === 'account'
          ? { ...DASHBOARD, groups: [{ ...DASHBOARD.groups[0], key: '222222222222' }] }
          : DASHBOARD,
      );
    }),
    http.get(`*${P.convertible}`, () => HttpResponse.json(CONVERTIBLE)),
    http.get(`*${P.reservationAnalysis}`, () => HttpResponse.json(RESERVATIONS)),
    http.get(`*${P.purchaseAnalysis}`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const applied = query.get('schedules') !== 'ignore';
      const recommended = query.get('recommendations') !== 'ignore';
      return HttpResponse.json(
        query.get('look_back') === '60'
          ? analysis(0.09, 1440, applied, recommended)
          : analysis(0.06, 720, applied, recommended),
      );
    }),
  );
}

describe('Commitment pages', () => {
  it("shortId: a commitment ARN's resource id (after the last / or :), other text as it is", () => {
    expect(shortId(ARN)).toBe('ri-under-used');
    expect(shortId('arn:aws:rds:eu-west-1:111111111111:ri:nightly-reports')).toBe('nightly-reports');
    expect(shortId('arn:aws:savingsplans::111111111111:savingsplan/3f0c-9a')).toBe('3f0c-9a');
    expect(shortId('222222222222')).toBe('222222222222');
  });

  it('reads a purchase analysis again every 30 s while it counts no recommendation (the first evaluation may come after the page opened), not once it counts one, nor after 20 reads', () => {
    const none = { ...analysis(0.06, 2), recommendations: { ...RESERVATIONS.recommendations, count: 0 } };
    expect(RECOMMENDATIONS_RECHECK_MS).toBe(30_000);
    expect(RECOMMENDATIONS_RECHECK_READS).toBe(20);
    expect(recheckWhileNoRecommendations(none, 1)).toBe(30_000);
    expect(recheckWhileNoRecommendations(RESERVATIONS, 1)).toBe(30_000);
    expect(recheckWhileNoRecommendations(analysis(0.06, 2), 1)).toBe(false);
    // Not while the first answer is still on its way (the query asks then anyway).
    expect(recheckWhileNoRecommendations(undefined, 0)).toBe(false);
    // A project with no recommendation at all stops being read after 20 answers (10 minutes).
    expect(recheckWhileNoRecommendations(none, 19)).toBe(30_000);
    expect(recheckWhileNoRecommendations(none, 20)).toBe(false);
  });

  it('Commitment Inventory lists the reservations with their utilisation and the expiry calendar', {
    timeout: 30_000,
  }, async () => {
    answer();
    renderWithProviders('/v3/cost/reserved/', { signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Commitment Inventory' }, { timeout: 20_000 });
    const reservations = await screen.findByRole('table', { name: 'Reserved instances' });
    const row = within(reservations).getByRole('row', { name: /ri-under-used/ });
    expect(row).toHaveTextContent('m5.large');
    expect(row).toHaveTextContent('No Upfront');
    expect(row).toHaveTextContent('$0.06/h');
    expect(row).toHaveTextContent('50.0 %');
    // Not described by its account: the platform its fee rows name, unmarked.
    expect(row).toHaveTextContent('Linux');
    expect(row).not.toHaveTextContent('(account)');
    expect(screen.getByRole('table', { name: 'Expiring commitments' })).toHaveTextContent('2026-12-16');
    expect(screen.getByRole('table', { name: 'Savings plans' })).toHaveTextContent('No results found');
    // No FOCUS bill: no table of its commitment discounts.
    expect(screen.queryByRole('table', { name: 'Commitment discounts' })).toBeNull();
  });

  it('Commitment Inventory lists the commitment discounts a FOCUS bill describes', {
    timeout: 30_000,
  }, async () => {
    answer();
    const focus: CommitmentInventory = {
      ...INVENTORY,
      commitment_discounts: [
        {
          id: 'focus-ri-1',
          name: 'web tier',
          type: 'Reserved Instance',
          category: 'Usage',
          unit: 'Hours',
          owner_account: '111111111111',
          accounts: ['111111111111', '222222222222'],
          first_period: '2026-10-01',
          last_period: '2026-11-01',
          purchase_cost: 60,
          purchased_quantity: 1000,
          used_quantity: 750,
          unused_quantity: 250,
          utilisation: 0.75,
          effective_cost: 60,
          on_demand_equivalent: 72,
          net_savings: 12,
        },
      ],
    };
    server.use(http.get(`*${P.inventory}`, () => HttpResponse.json(focus)));
    renderWithProviders('/v3/cost/reserved/', { signedIn: true });
    const table = await screen.findByRole('table', { name: 'Commitment discounts' }, { timeout: 20_000 });
    const row = within(table).getByRole('row', { name: /focus-ri-1/ });
    for (const text of ['web tier', 'Reserved Instance', 'Usage', '2026-10-01 – 2026-11-01', '1,000 Hours'])
      expect(row).toHaveTextContent(text);
    expect(row).toHaveTextContent('750 Hours');
    expect(row).toHaveTextContent('$12.00');
    expect(row).toHaveTextContent('75.0 %');
  });

  it('Commitment Inventory: State, Scope and the class and end the owner account describes, marked (account)', {
    timeout: 30_000,
  }, async () => {
    answer();
    const [ri] = INVENTORY.reservations;
    const described: CommitmentInventory = {
      ...INVENTORY,
      reservations: [
        {
          ...(ri as CommitmentInventory['reservations'][number]),
          from_account: DESCRIBED_RESERVATION,
        },
      ],
      enrichment: { status: 'ok', message: null, described: 1, refused: [] },
    };
    server.use(http.get(`*${P.inventory}`, () => HttpResponse.json(described)));
    renderWithProviders('/v3/cost/reserved/', { signedIn: true });
    const reservations = await screen.findByRole(
      'table',
      { name: 'Reserved instances' },
      { timeout: 20_000 },
    );
    const headers = within(reservations)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['State', 'Platform / engine', 'Scope', 'Class', 'Ends']));
    const row = within(reservations).getByRole('row', { name: /ri-under-used/ });
    const cell = (label: string) => within(row).getAllByRole('cell')[headers.indexOf(label)];
    expect(cell('State')).toHaveTextContent('active');
    expect(cell('Platform / engine')).toHaveTextContent('Linux/UNIX (account)');
    expect(cell('Scope')).toHaveTextContent('Zone us-east-1c');
    expect(cell('Class')).toHaveTextContent('convertible (account)');
    expect(cell('Ends')).toHaveTextContent('2027-01-10 (account)');
    expect(
      screen.getByText(/described by the owner account; every figure comes from the bill/),
    ).toBeVisible();
    expect(screen.queryByRole('alert', { name: 'Reservation enrichment' })).toBeNull();
  });

  it('Commitment Inventory: a savings plan with its state, term, payment option and dates as the owner account describes them', {
    timeout: 30_000,
  }, async () => {
    answer();
    const planArn = 'arn:aws:savingsplans::111111111111:savingsplan/3f0c-9a';
    const plan: CommitmentInventory['savings_plans'][number] = {
      arn: planArn,
      owner_account: '111111111111',
      offering_type: 'ComputeSavingsPlans',
      payment_option: 'No Upfront',
      term: '1yr',
      start: '2026-01-05T00:00:00Z',
      end: '2027-01-05T00:00:00Z',
      region: null,
      instance_family: null,
      hourly_commitment: 1.5,
      upfront_share: 0,
      accounts: ['222222222222'],
      days_to_expiry: 40,
      utilisation: 0.9,
      from_account: DESCRIBED_PLAN,
    };
    const described: CommitmentInventory = {
      ...INVENTORY,
      savings_plans: [plan, { ...plan, arn: `${planArn}-b`, from_account: null }],
      enrichment: { status: 'ok', message: null, described: 1, refused: [] },
    };
    server.use(http.get(`*${P.inventory}`, () => HttpResponse.json(described)));
    renderWithProviders('/v3/cost/reserved/', { signedIn: true });
    const plans = await screen.findByRole('table', { name: 'Savings plans' }, { timeout: 20_000 });
    const headers = within(plans)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    const cellOf = (name: RegExp) => {
      const row = within(plans).getByRole('row', { name });
      return (label: string) => within(row).getAllByRole('cell')[headers.indexOf(label)];
    };
    const ours = cellOf(/3f0c-9a(?!-b)/);
    expect(ours('State')).toHaveTextContent('active');
    expect(ours('Term')).toHaveTextContent('1yr (account)');
    expect(ours('Payment option')).toHaveTextContent('No Upfront (account)');
    expect(ours('Starts')).toHaveTextContent('2026-01-05 (account)');
    expect(ours('Ends')).toHaveTextContent('2027-01-05 (account)');
    // The same commitment as the bill's is not repeated.
    expect(ours('Commitment')).toHaveTextContent('$1.50/h');
    expect(ours('Commitment')).not.toHaveTextContent('(account)');
    const other = cellOf(/3f0c-9a-b/);
    expect(other('State')).toHaveTextContent('—');
    expect(other('Ends')).toHaveTextContent('2027-01-05');
    expect(other('Ends')).not.toHaveTextContent('(account)');
  });

  it('Commitment Inventory warns when enrichment is not granted, naming the refused calls; partial and unavailable say so', {
    timeout: 30_000,
  }, async () => {
    answer();
    const refused = [
      {
        account_id: '111111111111',
        region: 'us-east-1',
        operation: 'DescribeReservedInstances',
        code: 'UnauthorizedOperation',
        message: 'You are not authorized to perform this operation.',
        iam_action: 'ec2:DescribeReservedInstances',
      },
    ];
    const notGranted =
      'Enrichment is not granted: the owner account refuses to describe its reservations. Grant ec2:DescribeReservedInstances and rds:DescribeReservedDBInstances (IAM policy 2026-11-27.3, Settings → Cloud Accounts) to see each reservation’s state, exact start and end, scope and platform. Every figure still comes from the bill.';
    let enrichment: CommitmentInventory['enrichment'] = {
      status: 'not_granted',
      message: notGranted,
      described: 0,
      refused,
    };
    server.use(http.get(`*${P.inventory}`, () => HttpResponse.json({ ...INVENTORY, enrichment })));
    const { unmount } = renderWithProviders('/v3/cost/reserved/', { signedIn: true });
    const warning = await screen.findByRole('alert', { name: 'Reservation enrichment' }, { timeout: 20_000 });
    expect(warning).toHaveTextContent(notGranted);
    expect(warning).toHaveTextContent(
      'DescribeReservedInstances in 111111111111 us-east-1: UnauthorizedOperation (needs ec2:DescribeReservedInstances)',
    );
    // The bill's figures are still there; State and Scope say nothing was described.
    const row = within(screen.getByRole('table', { name: 'Reserved instances' })).getByRole('row', {
      name: /ri-under-used/,
    });
    expect(row).toHaveTextContent('convertible');
    expect(row).not.toHaveTextContent('(account)');
    unmount();

    enrichment = {
      status: 'unavailable',
      message:
        'The owner accounts could not describe their reservations. Every figure still comes from the bill.',
      described: 0,
      refused: [],
    };
    const again = renderWithProviders('/v3/cost/reserved/', { signedIn: true });
    const info = await screen.findByRole('alert', { name: 'Reservation enrichment' }, { timeout: 20_000 });
    expect(info).toHaveTextContent('could not describe their reservations');
    expect(within(info).queryByRole('listitem')).toBeNull();
    again.unmount();

    enrichment = {
      status: 'partial',
      message: 'Only some reservations are described by their account.',
      described: 1,
      refused,
    };
    renderWithProviders('/v3/cost/reserved/', { signedIn: true });
    expect(
      await screen.findByRole('alert', { name: 'Reservation enrichment' }, { timeout: 20_000 }),
    ).toHaveTextContent('Only some reservations are described by their account.');
  });

  it('Commitment Management shows the figures, the expiries and the purchase analysis; the look-back switches', {
    timeout: 30_000,
  }, async () => {
    answer();
    renderWithProviders('/v3/compute-copilot/cm/dashboard/', { signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Commitment Management' }, { timeout: 20_000 });
    expect(await screen.findByRole('group', { name: 'Utilisation' })).toHaveTextContent('50.0 %');
    expect(screen.getByRole('group', { name: 'Effective savings rate' })).toHaveTextContent('12.5 %');
    expect(screen.getByRole('group', { name: 'Net savings' })).toHaveTextContent('$12.50');
    expect(
      screen.getByRole('img', { name: 'Utilisation, coverage and effective savings rate per day' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Expiring commitments' })).toHaveTextContent(
      'ri-under-used',
    );
    const alerts = await screen.findByRole('region', { name: 'Commitment alerts' });
    expect(await within(alerts).findByRole('alert')).toHaveTextContent(
      'm5.large × 2 (AmazonEC2, us-east-1) expires in 20 days',
    );
    expect(alerts).toHaveTextContent('Under-used below 80.0 %');
    expect(await screen.findByLabelText('Recommendation')).toHaveTextContent('Commit $0.06/h');
    expect(screen.getByLabelText('Recommendation')).toHaveTextContent(
      'Rate: 62.5 % of on demand (from the bill).',
    );
    expect(
      screen.getByRole('img', { name: 'Hourly on-demand spend and the recommended commitment' }),
    ).toBeInTheDocument();
    const toBuy = await screen.findByRole('table', { name: 'Reserved instances to buy' });
    const rds = within(toBuy).getByRole('row', { name: /db\.r6g/ });
    expect(rds).toHaveTextContent('1 × db.r6g.large');
    expect(rds).toHaveTextContent('$12.60');
    expect(rds).toHaveTextContent('62.5 % of on demand (from the bill)');
    // The on-demand price per unit-hour and the break-even utilisation the purchase is judged by.
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    const headers = within(toBuy)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(cells(rds)[headers.indexOf('On demand')]).toBe('$0.06/h per unit');
    expect(cells(rds)[headers.indexOf('Break-even')]).toBe('62.5 %');
    expect(cells(within(toBuy).getByRole('row', { name: /m5/ }))[headers.indexOf('On demand')]).toBe(
      '$0.024/h per unit',
    );
    expect(within(toBuy).getByRole('row', { name: /m5/ })).toHaveTextContent('None known');
    expect(within(toBuy).getByRole('row', { name: /m5/ })).toHaveTextContent(
      'Windows · Shared · No License required',
    );
    expect(within(toBuy).getByRole('row', { name: /c5/ })).toHaveTextContent(
      '67.0 % of on demand (from the rate table: an estimate)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'By month' }));
    expect(
      await screen.findByRole('img', { name: 'Utilisation, coverage and effective savings rate per month' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'By hour' })).toBeDisabled();
    const grains = requests
      .calls()
      .filter((call) => call.startsWith(`GET ${P.dashboard}`))
      .map((call) => new URL(call.slice(4), 'http://x').searchParams.get('granularity'));
    expect(grains).toEqual(['day', 'month']);
    await userEvent.click(screen.getByRole('button', { name: '60 days' }));
    expect(await screen.findByText(/Commit \$0\.09\/h/)).toBeInTheDocument();
    const lookBacks = requests
      .calls()
      .filter((call) => call.startsWith(`GET ${P.purchaseAnalysis}`))
      .map((call) => new URL(call.slice(4), 'http://x').searchParams.get('look_back'));
    expect(lookBacks).toEqual(['30', '60']);
    // The schedule-aware what-if: on by default, the switch asks both analyses for the bill as it is.
    expect(screen.getByLabelText('Schedules accounted for')).toHaveTextContent(
      'Accounting for 1 schedule (Office hours): 216 hours a week stopped ($41.47 of on-demand spend taken out of the look-back).',
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Account for resource schedules' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Schedules accounted for')).toHaveTextContent(
        '1 schedule (Office hours) would stop 216 hours a week; the analysis reads the bill as it is.',
      ),
    );
    const asked = (path: string) =>
      requests
        .calls()
        .filter((call) => call.startsWith(`GET ${path}`))
        .map((call) => new URL(call.slice(4), 'http://x').searchParams.get('schedules'));
    expect(asked(P.purchaseAnalysis).at(-1)).toBe('ignore');
    expect(asked(P.reservationAnalysis).at(-1)).toBe('ignore');
    // Recommendations not yet applied: their own line and switch beside the schedules'.
    const pending = screen.getByLabelText('Recommendations accounted for');
    expect(pending).toHaveTextContent(
      'Accounting for 3 recommendations not yet applied (EC2 rightsizing × 2, Idle EC2 instances × 1): $210.24 a month at on-demand prices ($16.13 of on-demand spend taken out of the look-back).',
    );
    await userEvent.click(
      screen.getByRole('switch', { name: 'Account for recommendations not yet applied' }),
    );
    await waitFor(() =>
      expect(screen.getByLabelText('Recommendations accounted for')).toHaveTextContent(
        '3 recommendations not yet applied (EC2 rightsizing × 2, Idle EC2 instances × 1) would save $210.24 a month at on-demand prices; the analysis leaves that usage in.',
      ),
    );
    const askedFor = (path: string) =>
      requests
        .calls()
        .filter((call) => call.startsWith(`GET ${path}`))
        .map((call) => new URL(call.slice(4), 'http://x').searchParams.get('recommendations'));
    expect(askedFor(P.purchaseAnalysis).at(-1)).toBe('ignore');
    expect(askedFor(P.reservationAnalysis).at(-1)).toBe('ignore');
  });

  it('Commitment Management: the breakdown table with CSV export follows "Breakdown by"; term, payment option and the project filter reach the calls', {
    timeout: 60_000,
  }, async () => {
    answer();
    renderWithProviders('/v3/compute-copilot/cm/dashboard/', { signedIn: true });
    const grid = await screen.findByRole('region', { name: 'Commitment breakdown' }, { timeout: 20_000 });
    // The ARN on one line: the reservation's id, the whole ARN on hover and on the copy button.
    const id = await within(grid).findByTitle(ARN);
    expect(id).toHaveTextContent(/^ri-under-used$/);
    expect(within(grid).queryByText(ARN)).toBeNull();
    const user = userEvent.setup();
    await user.click(within(grid).getByRole('button', { name: 'Copy the ARN of ri-under-used' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(ARN);
    expect(within(grid).getByRole('button', { name: 'Copied the ARN of ri-under-used' })).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Breakdown by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Account' }));
    expect(await within(grid).findByText('222222222222')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Term' }));
    await userEvent.click(await screen.findByRole('option', { name: '3 years' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Payment option' }));
    await userEvent.click(await screen.findByRole('option', { name: 'All Upfront' }));
    await screen.findByLabelText('Recommendation');
    const params = (path: string) =>
      requests
        .calls()
        .filter((call) => call.startsWith(`GET ${path}`))
        .map((call) => new URL(call.slice(4), 'http://x').searchParams);
    expect(params(P.dashboard).map((q) => q.get('group_by'))).toContain('account');
    const days = params(P.dashboard).map(
      (q) => (Date.parse(q.get('end_date') ?? '') - Date.parse(q.get('start_date') ?? '')) / 86_400_000 + 1,
    );
    expect(days).toContain(30);
    const last = params(P.purchaseAnalysis).at(-1);
    expect([last?.get('term'), last?.get('payment_option')]).toEqual(['3yr', 'All Upfront']);
    const reserved = params(P.reservationAnalysis).at(-1);
    expect([reserved?.get('term'), reserved?.get('payment_option')]).toEqual(['3yr', 'All Upfront']);
    // The project filter reaches every call of the page.
    expect(params(P.dashboard).at(-1)?.get('project_ids')).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: 'Projects' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Production' }));
    await waitFor(() => {
      for (const path of [P.dashboard, P.inventory, P.alerts, P.purchaseAnalysis, P.reservationAnalysis])
        expect(params(path).at(-1)?.get('project_ids'), path).toBe('p1');
    });
  });

  it('Reserved instances by normalised units: a chosen row draws its hourly units under the recommended reservation; the CSV link follows the query', {
    timeout: 30_000,
  }, async () => {
    answer();
    const [, , c5Row] = RESERVATIONS.results;
    if (c5Row?.recommendation == null) throw new Error('fixture');
    const t3 = {
      ...c5Row,
      family: 't3',
      instance_type: 't3.medium',
      units_per_instance: 2,
      recommendation: {
        ...c5Row.recommendation,
        instances: 0,
        normalised_units: 0,
        commitment: 0,
        savings: 0,
      },
    };
    server.use(
      http.get(`*${P.reservationAnalysis}`, () =>
        HttpResponse.json({ ...RESERVATIONS, results: [t3, ...RESERVATIONS.results] }),
      ),
    );
    const query = { look_back: '7', term: '3yr', payment_option: 'All Upfront', project_ids: 'p1' } as const;
    renderElement(<ReservationAnalysisSection query={query} />, { signedIn: true });
    const toBuy = await screen.findByRole(
      'table',
      { name: 'Reserved instances to buy' },
      { timeout: 20_000 },
    );
    const rds = 'db.r6g, PostgreSQL · No license required (AmazonRDS, eu-west-1)';
    const c5 = 'c5, Linux · Shared · No License required (AmazonEC2, us-east-1)';
    // The first curve is drawn until another is chosen.
    expect(
      screen.getByRole('img', {
        name: `Hourly on-demand normalised units of ${rds} and the 4 units/h recommended`,
      }),
    ).toBeInTheDocument();
    const drawC5 = within(toBuy).getByRole('button', { name: `Draw the hourly units of ${c5}` });
    expect(drawC5).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(drawC5);
    expect(
      await screen.findByRole('img', {
        name: `Hourly on-demand normalised units of ${c5} and the 8 units/h recommended`,
      }),
    ).toBeInTheDocument();
    expect(drawC5).toHaveAttribute('aria-pressed', 'true');
    expect(within(toBuy).getByRole('row', { name: /c5/ })).toHaveClass('Mui-selected');
    expect(within(toBuy).getByRole('row', { name: /db\.r6g/ })).not.toHaveClass('Mui-selected');
    // A curve without a known rate is drawn alone, saying why.
    await userEvent.click(within(toBuy).getByRole('button', { name: /Draw the hourly units of m5/ }));
    expect(
      await screen.findByRole('img', {
        name: /of m5, Windows .*: no reservation recommended \(no rate known\)$/,
      }),
    ).toBeInTheDocument();
    // A family under break-even (a rate, no instance) is listed only on request.
    expect(within(toBuy).queryByRole('row', { name: /t3/ })).toBeNull();
    await userEvent.click(
      screen.getByRole('button', { name: 'Show the 1 with nothing to buy (under break-even)' }),
    );
    expect(within(toBuy).getByRole('row', { name: /t3/ })).toHaveTextContent('0 × t3.medium');
    const href = screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '';
    expect(href.startsWith(`${P.reservationAnalysis}?`)).toBe(true);
    expect(Object.fromEntries(new URL(href, 'http://x').searchParams)).toEqual({ ...query, format: 'csv' });
  });

  it('Reserved instances by normalised units: the chart holds the hourly units and the recommended units flat on them', () => {
    const [rds, m5] = RESERVATIONS.results;
    if (rds === undefined || m5 === undefined) throw new Error('fixture');
    expect(reservationCurveChart(RESERVATIONS.window, rds)).toEqual({
      categories: ['2026-11-01 00', '2026-11-01 01'],
      series: [
        { name: 'On-demand normalised units', values: [8, 4] },
        { name: 'Recommended reserved units', values: [4, 4], reference: true },
      ],
    });
    expect(reservationCurveChart(RESERVATIONS.window, m5).series.map((s) => s.name)).toEqual([
      'On-demand normalised units',
    ]);
  });

  it('Commitment Management: an admin changes the alert settings in percent and days; a 400 lands under its field', {
    timeout: 60_000,
  }, async () => {
    answer();
    const bodies: unknown[] = [];
    let saved = COMMITMENT_ALERT_DEFAULTS;
    server.use(
      http.get(`*${P.alerts}`, () => HttpResponse.json({ ...ALERTS, settings: saved })),
      http.put(`*${P.alertSettings}`, async ({ request }) => {
        const body = (await request.json()) as typeof saved;
        bodies.push(body);
        // The server's own rule the form does not know: no lead time twice.
        if (new Set(body.expiry_days).size < body.expiry_days.length)
          return HttpResponse.json(
            { detail: 'Invalid input.', errors: { 'expiry_days.1': ['Enter each lead time once.'] } },
            { status: 400 },
          );
        saved = body;
        return HttpResponse.json(body);
      }),
    );
    renderWithProviders('/v3/compute-copilot/cm/dashboard/', { signedIn: true });
    const alerts = await screen.findByRole('region', { name: 'Commitment alerts' }, { timeout: 20_000 });
    const open = await within(alerts).findByRole('button', { name: 'Alert settings' });
    await waitFor(() => expect(open).toBeEnabled());
    await userEvent.click(open);
    const form = await screen.findByRole('form', { name: 'Commitment alert settings' });
    const field = (name: string) => within(form).getByRole('textbox', { name });
    expect(field('Expiry notices (days before the end)')).toHaveValue('90, 30, 7');
    expect(field('Under-used below')).toHaveValue('80');
    expect(field('Coverage drop of at least')).toHaveValue('10');
    expect(field('Announce purchases of the last')).toHaveValue('14');

    await userEvent.clear(field('Under-used below'));
    await userEvent.type(field('Under-used below'), '150');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a percentage from 0 to 100.')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await userEvent.clear(field('Under-used below'));
    await userEvent.type(field('Under-used below'), '65');
    await userEvent.clear(field('Expiry notices (days before the end)'));
    await userEvent.type(field('Expiry notices (days before the end)'), '60, 60');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter each lead time once.')).toBeInTheDocument();
    expect(field('Expiry notices (days before the end)')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(field('Expiry notices (days before the end)'));
    await userEvent.type(field('Expiry notices (days before the end)'), '60 14');
    await userEvent.clear(field('Coverage drop of at least'));
    await userEvent.type(field('Coverage drop of at least'), '7');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Commitment alert settings' })).toBeNull());
    expect(bodies.at(-1)).toEqual({
      expiry_days: [60, 14],
      utilisation_below: 0.65,
      coverage_drop_points: 0.07,
      purchase_days: 14,
    });
    // The alerts are judged again under the saved settings.
    expect(await within(alerts).findByText(/Under-used below 65\.0 %/)).toBeInTheDocument();
    expect(alerts).toHaveTextContent('expiry notices 60, 14 days ahead');
  });

  it('Rate table: an admin sets their organisation’s figures in percent; a blank field keeps the table’s; a 400 lands under its cell', {
    timeout: 60_000,
  }, async () => {
    const rds = { kind: 'rds_ri', term: '1yr', payment_option: 'No Upfront' } as const;
    let saved: RateTable = {
      table: [
        {
          kind: 'ec2_standard_ri',
          term: '3yr',
          payment_option: 'All Upfront',
          rate_ratio: 0.39,
          provenance: 'estimate',
        },
        { ...rds, rate_ratio: 0.657, provenance: 'catalogue' },
      ],
      overrides: [{ ...rds, rate_ratio: 0.62 }],
      updated_at: '2026-11-26T00:00:00.000Z',
    };
    const bodies: unknown[] = [];
    server.use(
      http.get(`*${P.rateOverrides}`, () => HttpResponse.json(saved)),
      http.put(`*${P.rateOverrides}`, async ({ request }) => {
        const body = (await request.json()) as { overrides: RateOverrideFigure[] };
        bodies.push(body);
        // A rule the form does not know, to see the server's message land under the cell it names.
        if (body.overrides.some((o) => o.rate_ratio === 0.99))
          return HttpResponse.json(
            { detail: 'Invalid input.', errors: { 'overrides.0.rate_ratio': ['Not sold at that rate.'] } },
            { status: 400 },
          );
        saved = { ...saved, overrides: body.overrides };
        return HttpResponse.json(saved);
      }),
    );
    let closed = false;
    renderElement(<RateTableDialog onClose={() => (closed = true)} />, { signedIn: true });
    const form = await screen.findByRole('form', { name: 'Commitment rate table' }, { timeout: 20_000 });
    const field = (name: string) => within(form).getByRole('textbox', { name: `Your rate for ${name}` });
    const ec2 = 'EC2 standard RI (Linux, shared tenancy), 3yr, All Upfront';
    const rdsName = 'RDS RI (open-source engines), 1yr, No Upfront';
    await waitFor(() => expect(field(rdsName)).toBeEnabled());
    expect(field(rdsName)).toHaveValue('62');
    expect(field(ec2)).toHaveValue('');
    const table = within(form).getByRole('table', { name: 'Rate table' });
    expect(
      within(table).getByRole('row', { name: /EC2 standard RI .* 3 years All Upfront/ }),
    ).toHaveTextContent('39.0 % (an estimate)');
    expect(within(table).getByRole('row', { name: /RDS RI .* 3 years No Upfront/ })).toHaveTextContent(
      'No figure',
    );

    await userEvent.type(field(ec2), '150');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a percentage above 0, at most 100.')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await userEvent.clear(field(ec2));
    await userEvent.type(field(ec2), '99');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Not sold at that rate.')).toBeInTheDocument();
    expect(field(ec2)).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(field(ec2));
    await userEvent.type(field(ec2), '45.5');
    await userEvent.clear(field(rdsName));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(bodies.at(-1)).toEqual({
      overrides: [{ kind: 'ec2_standard_ri', term: '3yr', payment_option: 'All Upfront', rate_ratio: 0.455 }],
    });
    expect(formatRate({ rate_ratio: 0.455, rate_source: 'table', rate_provenance: 'admin' })).toBe(
      '45.5 % of on demand (from your organisation’s rate)',
    );
  });

  it('Rate table: a member reads the figures and cannot change them', { timeout: 30_000 }, async () => {
    server.use(
      http.get('*/c/current/user/', () => HttpResponse.json({ ...TEST_PROFILE, is_admin: false })),
      http.get(`*${P.rateOverrides}`, () =>
        HttpResponse.json({ table: [], overrides: [], updated_at: null } satisfies RateTable),
      ),
    );
    renderElement(<RateTableDialog onClose={() => {}} />, { signedIn: true });
    const form = await screen.findByRole('form', { name: 'Commitment rate table' }, { timeout: 20_000 });
    expect(form).toHaveTextContent('Only admins change them.');
    expect(
      within(form).getByRole('textbox', { name: 'Your rate for Compute Savings Plan, 1yr, No Upfront' }),
    ).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(form).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('Commitment Management: a member sees the alert settings button disabled', {
    timeout: 30_000,
  }, async () => {
    answer();
    server.use(http.get('*/c/current/user/', () => HttpResponse.json({ ...TEST_PROFILE, is_admin: false })));
    renderWithProviders('/v3/compute-copilot/cm/dashboard/', { signedIn: true });
    const alerts = await screen.findByRole('region', { name: 'Commitment alerts' }, { timeout: 20_000 });
    await within(alerts).findByText(/Under-used below/);
    expect(within(alerts).getByRole('button', { name: 'Alert settings' })).toBeDisabled();
  });

  it('Optimization Summary: the effective savings rate as the headline and the savings of each lever', {
    timeout: 30_000,
  }, async () => {
    answer();
    // Two enabled schedules with the scheduler's estimates, one without a bill yet, one disabled (not counted).
    server.use(
      http.get(`*${SCHEDULER_PATHS.schedules}`, () =>
        HttpResponse.json({
          results: [
            SCHEDULE,
            { ...SCHEDULE, id: 's2', estimated_monthly_saving: 38.75 },
            { ...SCHEDULE, id: 's3', estimated_monthly_saving: null },
            { ...SCHEDULE, id: 's4', enabled: false, estimated_monthly_saving: 500 },
          ],
        }),
      ),
    );
    renderWithProviders('/v3/compute-copilot/summary/', { signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Optimization Summary' }, { timeout: 20_000 });
    expect(await screen.findByRole('group', { name: 'Effective savings rate' })).toHaveTextContent('12.5 %');
    expect(screen.getByRole('group', { name: 'Savings from commitments' })).toHaveTextContent('$12.50');
    expect(screen.getByRole('group', { name: 'Unused commitment' })).toHaveTextContent('$21.60');
    const levers = await screen.findByRole('table', { name: 'Savings by lever' });
    expect(within(levers).getByRole('row', { name: /Commitments/ })).toHaveTextContent('$12.50');
    expect(within(levers).getByRole('link', { name: 'Commitments' })).toHaveAttribute(
      'href',
      '/v3/compute-copilot/cm/dashboard/',
    );
    const scheduling = await within(levers).findByRole('row', { name: /Scheduling/ });
    expect(scheduling).toHaveTextContent('3 enabled schedules (estimate)');
    expect(scheduling).toHaveTextContent('$100.00');
    expect(screen.getByRole('img', { name: 'Savings by lever' })).toBeInTheDocument();
    const dashboards = requests.calls().filter((call) => call.startsWith(`GET ${P.dashboard}`));
    expect(new URL(dashboards[0]?.slice(4) ?? '', 'http://x').searchParams.get('group_by')).toBe(
      'commitment',
    );
  });

  it('ShareSave: where allowed, the months with share, fee and net saving; an admin records the share', {
    timeout: 30_000,
  }, async () => {
    const months = (share: number | null) => [
      {
        month: '2026-10',
        realised_savings: 1000,
        share,
        partner_fee: share === null ? null : 1000 * share,
        client_net_saving: share === null ? null : 1000 * (1 - share),
      },
      {
        month: '2026-09',
        realised_savings: -40,
        share,
        partner_fee: share === null ? null : 0,
        client_net_saving: share === null ? null : -40,
      },
    ];
    const report = (share: number | null): ShareSave => ({
      share,
      updated_at: null,
      partner: null,
      months: months(share),
      totals: {
        realised_savings: 960,
        partner_fee: share === null ? null : 1000 * share,
        client_net_saving: share === null ? null : 960 - 1000 * share,
      },
    });
    const bodies: unknown[] = [];
    server.use(
      http.get(`*${P.shareSave}`, () => HttpResponse.json(report(null))),
      http.put(`*${P.shareSave}`, async ({ request }) => {
        const body = (await request.json()) as { share: number | null };
        bodies.push(body);
        if (body.share === 0.99)
          return HttpResponse.json(
            { detail: 'Invalid input.', errors: { share: ['Not what was agreed.'] } },
            { status: 400 },
          );
        return HttpResponse.json(report(body.share));
      }),
    );
    renderElement(<ShareSaveSection />, { signedIn: true });
    const section = await screen.findByRole('region', { name: 'ShareSave' }, { timeout: 20_000 });
    const table = within(section).getByRole('table', { name: 'ShareSave by month' });
    expect(within(table).getByRole('row', { name: /2026-10/ })).toHaveTextContent('$1,000.00');
    expect(within(section).getByRole('group', { name: 'Partner’s fee' })).toHaveTextContent('—');
    expect(within(section).getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `${P.shareSave}?format=csv`,
    );
    const field = within(section).getByRole('textbox', { name: 'Agreed share' });
    await waitFor(() => expect(field).toBeEnabled());
    await userEvent.type(field, '99');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Not what was agreed.')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '25');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(section).getByRole('group', { name: 'Partner’s fee' })).toHaveTextContent('$250.00'),
    );
    expect(bodies).toEqual([{ share: 0.99 }, { share: 0.25 }]);
    // A loss earns no fee; the client keeps the whole (negative) figure.
    const loss = within(section).getByRole('row', { name: /2026-09/ });
    expect(loss).toHaveTextContent('$0.00');
    expect(loss).toHaveTextContent('-$40.00');
  });

  it('ShareSave across your clients: a partner user sees each client’s savings, share, fee and net saving, and the totals; nothing for anyone else', {
    timeout: 30_000,
  }, async () => {
    const months = [
      { month: '2026-10', realised_savings: 1000, share: 0.2, partner_fee: 200, client_net_saving: 800 },
    ];
    const view: ShareSavePartner = {
      partner: 'partner-1',
      clients: [
        {
          client_id: 'c-1',
          client_name: 'Acme',
          share: 0.2,
          updated_at: '2026-11-01T00:00:00.000Z',
          months,
          totals: { realised_savings: 1000, partner_fee: 200, client_net_saving: 800 },
        },
        {
          client_id: 'c-2',
          client_name: 'Globex',
          share: null,
          updated_at: null,
          months: [
            {
              month: '2026-10',
              realised_savings: 50,
              share: null,
              partner_fee: null,
              client_net_saving: null,
            },
          ],
          totals: { realised_savings: 50, partner_fee: null, client_net_saving: null },
        },
      ],
      totals: { realised_savings: 1050, partner_fee: 200, client_net_saving: 800 },
    };
    // A user of no partner: not even asked.
    const hidden = renderElement(<PartnerShareSaveSection />, { signedIn: true });
    await waitFor(() => expect(requests.calls()).toContain(`GET ${AUTH_PATHS.currentUser}`));
    expect(requests.calls()).not.toContain(`GET ${P.shareSavePartner}`);
    expect(screen.queryByRole('region', { name: 'ShareSave across your clients' })).toBeNull();
    hidden.unmount();
    server.use(
      http.get(`*${AUTH_PATHS.currentUser}`, () =>
        HttpResponse.json({ ...TEST_PROFILE, is_partner_user: true, partner_user_role: 'admin' }),
      ),
      http.get(`*${P.shareSavePartner}`, () => HttpResponse.json(view)),
    );
    renderElement(<PartnerShareSaveSection />, { signedIn: true });
    const section = await screen.findByRole(
      'region',
      { name: 'ShareSave across your clients' },
      { timeout: 20_000 },
    );
    const table = within(section).getByRole('table', { name: 'ShareSave by client' });
    const acme = within(table).getByRole('row', { name: /Acme/ });
    expect(acme).toHaveTextContent('20.0 %');
    expect(acme).toHaveTextContent('$1,000.00');
    expect(acme).toHaveTextContent('$200.00');
    expect(acme).toHaveTextContent('$800.00');
    expect(within(table).getByRole('row', { name: /Globex/ })).toHaveTextContent('—');
    expect(within(section).getByRole('group', { name: 'Partner’s fees' })).toHaveTextContent('$200.00');
    expect(within(section).getByRole('group', { name: 'Clients’ realised savings' })).toHaveTextContent(
      '$1,050.00',
    );
    expect(within(section).getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `${P.shareSavePartner}?format=csv`,
    );
  });

  it('Convertible RI lists the under-used convertible reservations with the exchange that fits their use', {
    timeout: 30_000,
  }, async () => {
    answer();
    renderWithProviders('/v3/cri-analysis/', { signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Convertible RI Analysis' }, { timeout: 20_000 });
    const grid = await screen.findByRole('region', { name: 'Convertible reservations' });
    expect(await within(grid).findByText('2 × m5.xlarge')).toBeInTheDocument();
    expect(within(grid).getAllByText('$57.60')).toHaveLength(2);
    expect(within(grid).getByText('25.0 % → 100.0 %')).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });
});
