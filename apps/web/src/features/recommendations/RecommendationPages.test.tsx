import type { Recommendation, RecommendationsList } from '@finlens/contracts/recommendations';
import type { LedgerEntryDetail, LedgerTransitionBody } from '@finlens/contracts/savings-ledger';
import { cleanup, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEST_PACKAGE } from '../../test/identity-fixtures';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { EVALUATION, RIGHTSIZING, RIGHTSIZING_RULE } from './recommendation-fixtures.test-helper';

const requests = recordRequests();
const SLOW = { timeout: 20_000 };
const DETAIL_PATH = `/v3/essentials/rightsizing-details/ec2-rightsizing/${encodeURIComponent(RIGHTSIZING.id)}`;

const LIST: RecommendationsList = {
  count: 1,
  page: 1,
  page_size: 25,
  total_estimated_monthly_saving: 80.3,
  total_on_demand_monthly_saving: 90.5,
  by_type: [
    {
      type: 'ec2-rightsizing',
      name: 'EC2 rightsizing',
      group: 'rightsizing',
      finding: 'underutilized',
      count: 1,
      estimated_monthly_saving: 80.3,
      on_demand_monthly_saving: 90.5,
    },
  ],
  evaluation: EVALUATION,
  results: [RIGHTSIZING],
};

const fact = (key: string, label: string, value: number | string) => ({
  key,
  label,
  value,
  threshold_key: null,
  threshold: null,
});

/** An orphaned snapshot (Storage, unused) whose saving is its own snapshot lines, as the rule's evidence says. */
const ORPHAN: Recommendation = {
  ...RIGHTSIZING,
  id: 'ebs-snapshot-orphaned:123:snap-0orphan',
  type: 'ebs-snapshot-orphaned',
  rule_key: 'ebs-snapshot-orphaned',
  group: 'storage',
  finding: 'unused',
  title: 'Delete orphaned snapshot snap-0orphan',
  resource_kind: 'ebs-snapshot',
  resource_id: 'snap-0orphan',
  resource_key: '123|snap-0orphan',
  resource_name: null,
  resource_type: 'snapshot',
  evidence: {
    start_date: '2026-11-24',
    end_date: '2026-11-24',
    metrics: [],
    facts: [
      fact('size_gib', 'Size (GiB)', 500),
      fact('billed_gb', 'Stored (GB, its own SnapshotUsage lines in the bill)', 42.5),
      fact('billed_monthly', 'Billed a month (USD effective, its own snapshot lines)', 2.13),
    ],
  },
  saving: { ...RIGHTSIZING.saving, estimated_monthly_saving: 2.13, basis: 'bill' },
  action: { kind: 'delete', description: 'Delete the snapshot.', target: {}, reversible: false },
};

/** An idle database (Idle Resources, unused) whose saving is net of its final snapshot. */
const IDLE_DB: Recommendation = {
  ...ORPHAN,
  id: 'rds-idle:123:orders',
  type: 'rds-idle',
  rule_key: 'rds-idle',
  group: 'idle-resources',
  title: 'Snapshot and delete idle database orders',
  resource_kind: 'rds-instance',
  resource_id: 'orders',
  resource_key: '123|orders',
  resource_type: 'db.m5.large',
  evidence: {
    ...ORPHAN.evidence,
    facts: [
      fact('allocated_storage_gib', 'Allocated storage (GiB)', 200),
      fact('final_snapshot_monthly', 'Final snapshot kept (USD a month, effective)', 13.57),
    ],
  },
};

const listOf = (rec: Recommendation): RecommendationsList => ({
  ...LIST,
  total_estimated_monthly_saving: rec.saving.estimated_monthly_saving,
  total_on_demand_monthly_saving: rec.saving.on_demand_monthly_saving,
  by_type: [],
  results: [rec],
});

function entry(overrides: Partial<LedgerEntryDetail>): LedgerEntryDetail {
  return {
    id: 'e1',
    source: 'recommendation',
    recommendation_id: RIGHTSIZING.id,
    schedule_id: null,
    closed_at: null,
    type: 'ec2-rightsizing',
    title: RIGHTSIZING.title,
    project_id: 'p1',
    account_id: '123',
    region: 'us-east-1',
    resource_id: 'i-0abc',
    resource_kind: 'ec2-instance',
    state: 'accepted',
    status_reason: null,
    snoozed_until: null,
    estimated_monthly_saving: 80.3,
    on_demand_monthly_saving: 90.5,
    current_monthly_cost: 140.16,
    showback_values: [],
    proposed_by: 'member@example.com',
    approved_by: null,
    applied_at: null,
    applied_via: null,
    apply_status: 'idle',
    apply_error: null,
    safety_snapshot_id: null,
    verification: null,
    available_actions: ['dismiss', 'approve', 'reject'],
    updated_at: '2026-11-25T07:00:00.000Z',
    events: [],
    ...overrides,
  };
}

/** The ledger as the server moves it: approve, the dry run, then apply. */
function ledgerServer() {
  let current = entry({});
  const path = '*/c/savings_ledger/entries/:id/';
  server.use(
    http.get(path, () => HttpResponse.json(current)),
    http.post(`${path}transition/`, async ({ request }) => {
      const body = (await request.json()) as LedgerTransitionBody;
      if (body.action === 'approve') {
        current = entry({
          state: 'approved',
          approved_by: 'admin@example.com',
          available_actions: ['reject', 'apply'],
        });
        return HttpResponse.json({ entry: current, check: null });
      }
      if (body.action === 'apply' && body.dry_run) {
        const check = {
          can_apply: true,
          reason: null,
          via: 'simulated',
          resource_state: 'running',
          steps: ['Stop i-0abc', 'Change i-0abc to m7g.large', 'Start i-0abc'],
        };
        return HttpResponse.json({ entry: current, check });
      }
      current = entry({
        state: 'applied',
        approved_by: 'admin@example.com',
        applied_at: '2026-11-25T08:00:00.000Z',
        applied_via: 'cloud',
        apply_status: 'succeeded',
        available_actions: [],
      });
      return HttpResponse.json({ entry: current, check: null });
    }),
  );
}

describe('recommendation screens', () => {
  it('explains what to connect before anything was evaluated', SLOW, async () => {
    renderWithProviders('/v3/essentials/rightsizing/', { signedIn: true });
    expect(await screen.findByText(/No recommendations yet\. Connect a cloud account/)).toBeVisible();
    expect(requests.calls().find((c) => c.startsWith('GET /c/recommendations/'))).toContain(
      'group=rightsizing',
    );
  });

  it('lists by type with totals, sorts by saving and opens a row from the keyboard', SLOW, async () => {
    server.use(http.get('*/c/recommendations/', () => HttpResponse.json(LIST)));
    const { user, router } = renderWithProviders('/v3/cost/recommendations/?account_id=123', {
      signedIn: true,
    });
    const table = await screen.findByRole('table', { name: 'Recommendations' });
    expect(screen.getByText('$80.30 per month from 1 recommendations')).toBeVisible();
    expect(screen.getByRole('link', { name: 'EC2 rightsizing: 1 · $80.30' })).toHaveAttribute(
      'href',
      '/v3/cost/recommendations/ec2-rightsizing',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain('account_id=123');
    await user.click(screen.getByRole('button', { name: 'Monthly saving' }));
    await screen.findByRole('table', { name: 'Recommendations' });
    const last = requests
      .calls()
      .filter((c) => c.startsWith('GET /c/recommendations/'))
      .at(-1);
    expect(last).toContain('sort=saving');
    expect(last).toContain('order=asc');
    const row = within(table).getByRole('row', { name: `Open ${RIGHTSIZING.title}` });
    row.focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe(DETAIL_PATH);
  });

  it(
    'Unused, Underutilized, Storage and Idle Resources each fix their filter; a row opens its group’s detail page with the facts behind its saving',
    SLOW,
    async () => {
      server.use(
        http.get('*/c/recommendations/', ({ request }) =>
          HttpResponse.json(
            listOf(new URL(request.url).searchParams.get('group') === 'idle-resources' ? IDLE_DB : ORPHAN),
          ),
        ),
        http.get('*/c/recommendations/:id/', ({ params }) =>
          HttpResponse.json({
            recommendation: params.id === IDLE_DB.id ? IDLE_DB : ORPHAN,
            rule: RIGHTSIZING_RULE,
            history: [],
          }),
        ),
        http.get('*/c/savings_ledger/entries/:id/', () =>
          HttpResponse.json(entry({ state: 'open', available_actions: [] })),
        ),
      );
      const pages = [
        ['/v3/cost/unused/', 'Unused Resources', 'finding=unused'],
        ['/v3/cost/underutilized-resources/', 'Underutilized Resources', 'finding=underutilized'],
        ['/v3/essentials/storage/', 'Storage Optimization', 'group=storage'],
        ['/v3/essentials/idle-resources/', 'Idle Resources', 'group=idle-resources'],
      ] as const;
      for (const [path, title, filter] of pages) {
        cleanup();
        renderWithProviders(path, { signedIn: true });
        expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
        await screen.findByRole('table', { name: 'Recommendations' });
        const asked = requests
          .calls()
          .filter((c) => c.startsWith('GET /c/recommendations/?'))
          .at(-1);
        expect(asked, path).toContain(filter);
      }
      const opened = [
        [
          ORPHAN,
          '/v3/essentials/storage/',
          'Storage Details',
          'storage-details',
          /Stored \(GB, its own SnapshotUsage lines in the bill\): 42\.5/,
        ],
        [
          IDLE_DB,
          '/v3/essentials/idle-resources/',
          'Idle Resources Details',
          'idle-resources-details',
          /Final snapshot kept \(USD a month, effective\): 13\.57/,
        ],
      ] as const;
      for (const [rec, path, title, page, facts] of opened) {
        cleanup();
        const { user, router } = renderWithProviders(path, { signedIn: true });
        const table = await screen.findByRole('table', { name: 'Recommendations' });
        await user.click(within(table).getByRole('row', { name: `Open ${rec.title}` }));
        expect(router.state.location.pathname).toBe(
          `/v3/essentials/${page}/${rec.type}/${encodeURIComponent(rec.id)}`,
        );
        expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
        const evidence = await screen.findByRole('region', { name: 'Evidence' });
        expect(within(evidence).getByText(facts)).toBeVisible();
      }
    },
  );

  it(
    'Cost Saving Recommendations (an Inform paid item) without inform_paid explains the package; Unused Resources is not gated',
    SLOW,
    async () => {
      server.use(
        http.get('*/payment/package/', () => HttpResponse.json({ ...TEST_PACKAGE, inform_paid: false })),
        http.get('*/c/recommendations/', () => HttpResponse.json(listOf(ORPHAN))),
      );
      renderWithProviders('/v3/cost/recommendations/', { signedIn: true });
      const region = await screen.findByRole('region', { name: 'Inform paid package' });
      expect(
        within(region).getByText('Cost Saving Recommendations is part of the Inform paid package'),
      ).toBeVisible();
      expect(requests.calls().some((c) => c.startsWith('GET /c/recommendations/'))).toBe(false);
      cleanup();
      renderWithProviders('/v3/cost/unused/', { signedIn: true });
      expect(await screen.findByRole('table', { name: 'Recommendations' })).toBeVisible();
      expect(screen.queryByRole('region', { name: 'Inform paid package' })).toBeNull();
    },
  );

  it('shows the evidence chart, approves, dry-runs and applies through the cloud', SLOW, async () => {
    server.use(
      http.get('*/c/recommendations/:id/', () =>
        HttpResponse.json({
          recommendation: {
            ...RIGHTSIZING,
            showback_values: [{ showback_id: 's1', showback_name: 'Teams', value: 'shop' }],
          },
          rule: RIGHTSIZING_RULE,
          history: [],
        }),
      ),
      http.get('*/c/inventory/resources/:id/metrics/', () =>
        HttpResponse.json({
          project_id: 'p1',
          account_id: '123',
          region: 'us-east-1',
          kind: 'ec2-instance',
          resource_id: 'i-0abc',
          granularity: 'daily',
          start_date: '2026-11-11',
          end_date: '2026-11-24',
          series: [
            {
              metric: 'cpu-utilization',
              unit: 'percent',
              storage_class: null,
              points: [{ timestamp: '2026-11-11T00:00:00Z', value: 5, p95: 12, max: 20 }],
            },
          ],
        }),
      ),
    );
    ledgerServer();
    const { user } = renderWithProviders(DETAIL_PATH, { signedIn: true });
    expect(await screen.findByRole('img', { name: 'cpu-utilization evidence' })).toBeInTheDocument();
    expect(
      screen.getByText('cpu-utilization p95: 12.50 percent < threshold 40 percent (336 hourly values)'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Teams: shop' })).toHaveAttribute(
      'href',
      '/v3/cost/recommendations/?showback_value=s1%3Ashop',
    );
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(await screen.findByRole('button', { name: 'Apply…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply through the cloud' });
    expect(within(dialog).getByText('Change i-0abc to m7g.large')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const ledger = await screen.findByRole('region', { name: 'Savings ledger' });
    expect(await within(ledger).findByText('applied')).toBeVisible();
    const posted = requests.log.filter((r) => r.call.startsWith('POST')).map((r) => r.body);
    expect(posted).toEqual([
      { action: 'approve' },
      { action: 'apply', dry_run: true },
      { action: 'apply', dry_run: false },
    ]);
  });
});
