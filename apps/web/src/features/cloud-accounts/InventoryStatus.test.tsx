import type { AccountInventory } from '@finlens/contracts/inventory';
import { formatUtcDate } from '@finlens/cost-model/format';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEST_PROFILE } from '../../test/identity-fixtures';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { account, serveAccounts } from './cloud-account-fixtures.test-helper';

const requests = recordRequests();
const CLOUD_TAB = '/v3/settings?tab=cloud-accounts';
const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();

const pass = (fields: Partial<NonNullable<AccountInventory['last_pass']>>) => ({
  pass_id: 'pass-1',
  status: 'succeeded' as const,
  last_collected_at: fiveMinutesAgo,
  regions: 2,
  regions_done: 2,
  resources: 4,
  errors: [],
  ...fields,
});

const READY_WITH_ERRORS: AccountInventory = {
  state: 'ready',
  reason: null,
  counts: { 'ec2-instance': 3, 's3-bucket': 1 },
  last_pass: pass({
    status: 'partial',
    errors: [
      {
        account_id: '210987654321',
        account_name: 'Shop',
        region: 'eu-west-1',
        service: 'rds',
        operation: 'DescribeDBInstances',
        iam_action: 'rds:DescribeDBInstances',
        code: 'AccessDenied',
        message: 'User is not authorized',
      },
    ],
  }),
};

const AWAITING: AccountInventory = {
  state: 'awaiting_configuration',
  reason: 'no role or access keys',
  counts: {},
  last_pass: null,
};

/** The first screen of a file also loads the lazy settings page, slow on a busy machine. */
async function inventoryOf(name: string) {
  return screen.findByRole('group', { name: `Inventory of ${name}` }, { timeout: 10_000 });
}

describe('Cloud Accounts tab: inventory collection', () => {
  it('shows the state, when it was collected (exact time on hover), the counts and what to do about errors', async () => {
    serveAccounts([account({ inventory: READY_WITH_ERRORS })]);
    const { user } = renderWithProviders(CLOUD_TAB, { signedIn: true });
    const group = await inventoryOf('Payer');
    expect(within(group).getByText('Ready')).toBeInTheDocument();
    expect(
      within(group).getByText('4 resources in 2 regions: 3 EC2 instances, 1 S3 bucket'),
    ).toBeInTheDocument();
    const when = within(group).getByText('5 minutes ago');
    await user.hover(when);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      `${formatUtcDate(fiveMinutesAgo, 'isoDateTime').replace('T', ' ')} UTC`,
    );
    const item = within(group).getByRole('listitem');
    expect(item).toHaveTextContent(
      'AccessDenied on rds:DescribeDBInstances in account Shop (210987654321), eu-west-1 — update the IAM policy (IAM Policy Update',
    );
    expect(within(item).getByRole('link', { name: 'IAM Policy Update' })).toHaveAttribute(
      'href',
      '/v3/settings?tab=iam-policy-update',
    );
  });

  it('disables Collect now with the reason while the account awaits configuration', async () => {
    serveAccounts([account({ inventory: AWAITING })]);
    renderWithProviders(CLOUD_TAB, { signedIn: true });
    const group = await inventoryOf('Payer');
    expect(within(group).getByText('Awaiting configuration')).toBeInTheDocument();
    const button = within(group).getByRole('button', { name: 'Collect now' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Collect now is unavailable: no role or access keys. Add the missing settings with Edit.',
    );
  });

  it('collects now from the keyboard: queued, then collecting with progress, then ready', async () => {
    const states: AccountInventory[] = [
      { state: 'not_collected', reason: null, counts: {}, last_pass: null },
      {
        state: 'collecting',
        reason: null,
        counts: {},
        last_pass: pass({ pass_id: 'pass-2', status: 'running', regions_done: 1, last_collected_at: null }),
      },
      {
        state: 'ready',
        reason: null,
        counts: { 'ec2-instance': 2 },
        last_pass: pass({ pass_id: 'pass-2', last_collected_at: new Date().toISOString() }),
      },
    ];
    let posted = false;
    let reads = 0;
    server.use(
      http.get('*/c/cloud_accounts/', () => {
        // Before the POST and right after it (queued: the pass has not started) never collected; then it runs and ends.
        const inventory = states[posted ? Math.min(reads++, 2) : 0];
        return HttpResponse.json([account({ inventory })]);
      }),
      http.post('*/c/cloud_accounts/:id/collect_now/', () => {
        posted = true;
        return HttpResponse.json({ pass_id: 'pass-2', status: 'queued' }, { status: 202 });
      }),
    );
    const { user } = renderWithProviders(CLOUD_TAB, { signedIn: true });
    const group = await inventoryOf('Payer');
    expect(within(group).getByText('Not collected yet')).toBeInTheDocument();
    within(group).getByRole('button', { name: 'Collect now' }).focus();
    await user.keyboard('{Enter}');
    expect(await within(group).findByText('Queued')).toBeInTheDocument();
    expect(requests.calls()).toContain('POST /c/cloud_accounts/p1/collect_now/');
    expect(await within(group).findByText('1 of 2 regions done', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'Collect now' })).toBeDisabled();
    expect(await within(group).findByText('Ready', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(within(group).getByText('just now')).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'Collect now' })).toBeEnabled();
  });

  it('shows a member the state without Collect now, and the AWS Accounts tab leaves inventory out', async () => {
    server.use(http.get('*/c/current/user/', () => HttpResponse.json({ ...TEST_PROFILE, is_admin: false })));
    serveAccounts([account({ inventory: READY_WITH_ERRORS })]);
    const { router } = renderWithProviders(CLOUD_TAB, { signedIn: true });
    const group = await inventoryOf('Payer');
    expect(within(group).queryByRole('button', { name: 'Collect now' })).toBeNull();
    await router.navigate('/v3/settings?tab=aws-accounts');
    expect(
      await screen.findByRole('table', { name: 'AWS Accounts' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Inventory of Payer' })).toBeNull());
  });
});
