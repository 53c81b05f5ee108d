import type { ImportRun } from '@finlens/contracts/cloud-accounts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEST_PROFILE } from '../../test/identity-fixtures';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { account, SUBSCRIPTION, serveAccounts } from './cloud-account-fixtures.test-helper';

const requests = recordRequests();
const AWS_TAB = '/v3/settings?tab=aws-accounts';

const PAYER = account({});
const WAITING = account({
  id: 'p2',
  name: 'Sandbox',
  status: 'awaiting_configuration',
  account_id: '210987654321',
  billing: { last_ingestion_datetime: null },
});
const RUN: ImportRun = {
  id: 'r1',
  status: 'failed',
  source: 'upload:costs.csv',
  format: null,
  started_at: '2026-11-21T08:00:00.000Z',
  finished_at: '2026-11-21T08:00:05.000Z',
  files: null,
  rows: null,
  periods: [],
  totals: [],
  error: {
    message: 'costs.csv, row 3, column cost: not a number',
    file: 'costs.csv',
    row: 3,
    column: 'cost',
  },
};

async function accountsTable() {
  return screen.findByRole('table', { name: 'AWS Accounts' });
}

describe('AWS Accounts tab', () => {
  it('shows how to connect the first account when there is none', async () => {
    serveAccounts([]);
    renderWithProviders(AWS_TAB, { signedIn: true });
    expect(await screen.findByText('Connect your first AWS account')).toBeInTheDocument();
    expect(screen.getByText(/Download the CloudFormation template/)).toBeInTheDocument();
  });

  it('filters configured and awaiting accounts through the URL', async () => {
    serveAccounts([PAYER, WAITING]);
    const { user, router } = renderWithProviders(AWS_TAB, { signedIn: true });
    expect(await within(await accountsTable()).findByText('Sandbox')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'AWS Accounts Configured' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'AWS Accounts' })).queryByText('Sandbox')).toBeNull(),
    );
    expect(router.state.location.search).toContain('accounts=configured');
    await user.click(screen.getByRole('button', { name: 'AWS Accounts Awaiting Configuration' }));
    expect(await within(await accountsTable()).findByText('Sandbox')).toBeInTheDocument();
    expect(within(await accountsTable()).queryByText('Payer')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'All Accounts' }));
    expect(await within(await accountsTable()).findByText('Payer')).toBeInTheDocument();
  });

  it('shows the bucket rule messages while typing and posts a new account', async () => {
    serveAccounts([]);
    server.use(http.post('*/c/cloud_accounts/', () => HttpResponse.json(PAYER, { status: 201 })));
    const { user } = renderWithProviders(AWS_TAB, { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Add AWS account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add AWS account' });
    const bucket = within(dialog).getByLabelText('CUR bucket');
    await user.type(bucket, 'ab');
    expect(
      within(dialog).getByText('Must be at least 3 and no more than 63 characters long.'),
    ).toBeInTheDocument();
    await user.clear(bucket);
    await user.type(bucket, '10.0.0.1');
    expect(
      within(dialog).getByText('Must not be formatted as an IP address (for example, 192.168.5.4).'),
    ).toBeInTheDocument();
    await user.clear(bucket);
    await user.type(bucket, 'acme-cur');
    await user.type(within(dialog).getByLabelText('Account name'), 'Payer');
    await user.type(within(dialog).getByLabelText('AWS account ID'), '123456789012');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.bodyOf('POST /c/cloud_accounts/')).toEqual({
      name: 'Payer',
      settings: {
        cloud_type: 'aws',
        account_id: '123456789012',
        bucket: 'acme-cur',
        prefix: '',
        region: 'us-east-1',
        endpoint: null,
        role_arn: null,
      },
    });
  });

  it('tests the connection, queues an import, offers the templates and shows the import history', async () => {
    serveAccounts([PAYER]);
    server.use(
      http.post('*/c/cloud_accounts/p1/check/', () =>
        HttpResponse.json({ ok: false, periods: [], problems: ['Access Denied'] }),
      ),
      http.post('*/c/cloud_accounts/p1/import_now/', () =>
        HttpResponse.json({ job_id: 'j1' }, { status: 202 }),
      ),
      http.get('*/c/cloud_accounts/p1/imports/', () => HttpResponse.json([RUN])),
    );
    const { user } = renderWithProviders(AWS_TAB, { signedIn: true });
    const table = await accountsTable();
    await user.click(await within(table).findByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Import now' }));
    expect(await screen.findByText('Import queued.')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'CloudFormation' })).toHaveAttribute(
      'href',
      '/c/cloud_accounts/p1/cloudformation/',
    );
    await user.click(within(table).getByRole('button', { name: 'History' }));
    const history = await screen.findByRole('table', { name: 'Import history' });
    expect(within(history).getByText('failed')).toBeInTheDocument();
    expect(within(history).getByText(RUN.error?.message ?? '')).toBeInTheDocument();
  });

  it('uploads a billing file into an account and reports the run', async () => {
    serveAccounts([PAYER]);
    server.use(
      http.post('*/c/billing/upload/', () =>
        HttpResponse.json(
          {
            ...RUN,
            status: 'succeeded',
            rows: 19,
            periods: ['2026-10'],
            totals: [{ billingPeriod: '2026-10-01', rows: 19, totals: { unblended: 12.5 } }],
            error: null,
          },
          { status: 201 },
        ),
      ),
    );
    const { user } = renderWithProviders(AWS_TAB, { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Upload billing file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload a billing file' });
    await user.upload(within(dialog).getByLabelText('Billing file'), new File(['a,b\n'], 'costs.csv'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(
      await within(dialog).findByText('Imported 19 rows for 2026-10 (unblended $12.50).'),
    ).toBeInTheDocument();
    expect(requests.calls()).toContain('POST /c/billing/upload/');
  });

  it('hides the admin actions from members', async () => {
    server.use(http.get('*/c/current/user/', () => HttpResponse.json({ ...TEST_PROFILE, is_admin: false })));
    serveAccounts([PAYER]);
    renderWithProviders(AWS_TAB, { signedIn: true });
    const table = await accountsTable();
    expect(within(table).getByRole('button', { name: 'History' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add AWS account' })).toBeNull();
  });
});

describe('Cloud Accounts tab', () => {
  it('lists the accounts of every cloud', async () => {
    serveAccounts([PAYER, SUBSCRIPTION]);
    renderWithProviders('/v3/settings?tab=cloud-accounts', { signedIn: true });
    const table = await screen.findByRole('table', { name: 'Cloud Accounts' });
    expect(within(table).getByText('Subscription')).toBeInTheDocument();
    expect(within(table).getByText('Payer')).toBeInTheDocument();
  });

  it('shows the catalogue message when the list fails', async () => {
    server.use(http.get('*/c/cloud_accounts/', () => HttpResponse.json({ detail: 'boom' }, { status: 503 })));
    renderWithProviders('/v3/settings?tab=cloud-accounts', { signedIn: true });
    expect(await screen.findByText('boom')).toBeInTheDocument();
  });
});
