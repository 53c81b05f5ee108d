import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useStartupStore } from '../../lib/startup-store';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { account, SUBSCRIPTION, serveAccounts } from './cloud-account-fixtures.test-helper';

const requests = recordRequests();
const CLOUD_TAB = '/v3/settings?tab=cloud-accounts';
const AWS_TAB = '/v3/settings?tab=aws-accounts';

const PAYER = account({});
const KEYED = account({
  id: 'p4',
  name: 'Keyed',
  source: {
    ...(PAYER.source as NonNullable<typeof PAYER.source>),
    endpoint: 'http://minio.internal:9000',
    role_arn: null,
    external_id: null,
    has_credentials: true,
  },
});

async function openDialog(path: string, button: string, dialogName: string) {
  const view = renderWithProviders(path, { signedIn: true });
  // The first screen of a run waits for the start-up chain on a cold module cache.
  await view.user.click(await screen.findByRole('button', { name: button }, { timeout: 20_000 }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: dialogName }) };
}

async function editDialog(path: string, accountName: string, dialogName: string) {
  const view = renderWithProviders(path, { signedIn: true });
  const row = (await screen.findByText(accountName, {}, { timeout: 10_000 })).closest('tr') as HTMLElement;
  await view.user.click(within(row).getByRole('button', { name: 'Edit' }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: dialogName }) };
}

/** Replaces a field's text in one paste (typing key by key is slow in jsdom). */
async function fill(user: UserEvent, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

const saved = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

// The first test of the file also pays the cold start (up to 11 s seen on a loaded CI run): a longer budget.
describe('Azure account dialog', { timeout: 40_000 }, () => {
  it('checks the fields before sending, then posts the container and a SAS token', async () => {
    serveAccounts([]);
    server.use(http.post('*/c/cloud_accounts/', () => HttpResponse.json(SUBSCRIPTION, { status: 201 })));
    const { user, dialog } = await openDialog(CLOUD_TAB, 'Add Azure account', 'Add Azure account');
    const field = (label: string) => within(dialog).getByLabelText(label);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(field('Account name')).toHaveAccessibleDescription('This field is required.');
    expect(field('Storage container')).toHaveAccessibleDescription('Must be an Azure container name.');
    expect(field('Connection string')).toHaveAccessibleDescription('This field is required.');
    expect(requests.calls()).not.toContain('POST /c/cloud_accounts/');

    await fill(user, field('Account name'), 'Subscription');
    await fill(user, field('Storage container'), 'Cost_Exports');
    await fill(user, field('Prefix'), '/finops');
    await user.click(within(dialog).getByRole('radio', { name: 'Use a SAS token' }));
    await fill(user, field('Storage account URL'), 'acct.blob.core.windows.net');
    await fill(user, field('SAS token'), 'sv=2024&sig=x');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(field('Storage container')).toHaveAccessibleDescription('Must be an Azure container name.');
    expect(field('Storage account URL')).toHaveAccessibleDescription(
      'Must be the storage account URL, such as https://account.blob.core.windows.net.',
    );
    expect(requests.calls()).not.toContain('POST /c/cloud_accounts/');

    await fill(user, field('Storage container'), 'cost-exports');
    await fill(user, field('Storage account URL'), 'https://acct.blob.core.windows.net');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await saved();
    expect(requests.bodyOf('POST /c/cloud_accounts/')).toEqual({
      name: 'Subscription',
      settings: {
        cloud_type: 'azure',
        container: 'cost-exports',
        prefix: '/finops',
        credentials: {
          kind: 'sas',
          account_url: 'https://acct.blob.core.windows.net',
          sas_token: 'sv=2024&sig=x',
        },
      },
    });
  });

  it('tests the typed settings and shows the server’s message under its field', async () => {
    serveAccounts([]);
    server.use(
      http.post('*/c/cloud_accounts/check/', () =>
        HttpResponse.json({
          ok: true,
          periods: [
            { periodKey: '202610', billingPeriod: '2026-10', files: 1 },
            { periodKey: '202611', billingPeriod: '2026-11', files: 2 },
          ],
          problems: [],
        }),
      ),
      http.post('*/c/cloud_accounts/', () =>
        HttpResponse.json(
          { detail: 'Invalid input.', errors: { 'settings.container': ['Container taken.'] } },
          { status: 400 },
        ),
      ),
    );
    const { user, dialog } = await openDialog(CLOUD_TAB, 'Add Azure account', 'Add Azure account');
    await fill(user, within(dialog).getByLabelText('Account name'), 'Subscription');
    await fill(user, within(dialog).getByLabelText('Storage container'), 'cost-exports');
    await fill(user, within(dialog).getByLabelText('Connection string'), 'AccountName=a;AccountKey=k');
    await user.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect(await within(dialog).findByText('Connected: 2 billing period(s) found.')).toBeInTheDocument();
    expect(requests.bodyOf('POST /c/cloud_accounts/check/')).toEqual({
      cloud_type: 'azure',
      container: 'cost-exports',
      prefix: '',
      credentials: { kind: 'connection-string', connection_string: 'AccountName=a;AccountKey=k' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Storage container')).toHaveAccessibleDescription(
        'Container taken.',
      ),
    );
  });

  it('edits without echoing the credentials: left empty, the stored ones are kept', async () => {
    serveAccounts([PAYER, SUBSCRIPTION]);
    server.use(http.patch('*/c/cloud_accounts/p3/', () => HttpResponse.json(SUBSCRIPTION)));
    const { user, dialog } = await editDialog(CLOUD_TAB, 'Subscription', 'Edit Azure account');
    const secret = within(dialog).getByLabelText('Connection string');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveAccessibleDescription(
      'Credentials are stored; leave these fields empty to keep them.',
    );
    expect(within(dialog).getByLabelText('Storage container')).toHaveValue('cost-exports');
    await fill(user, within(dialog).getByLabelText('Prefix'), 'finops/ea');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await saved();
    expect(requests.bodyOf('PATCH /c/cloud_accounts/p3/')).toEqual({
      name: 'Subscription',
      settings: { cloud_type: 'azure', container: 'cost-exports', prefix: 'finops/ea' },
    });
  });

  it('is hidden, with the Azure accounts, when the Azure flag is off', async () => {
    serveAccounts([PAYER, SUBSCRIPTION]);
    renderWithProviders(CLOUD_TAB, { signedIn: true });
    const table = await screen.findByRole('table', { name: 'Cloud Accounts' });
    expect(within(table).getByText('Subscription')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Azure account' })).toBeInTheDocument();
    useStartupStore.setState({ configCatAzure: false });
    await waitFor(() => expect(within(table).queryByText('Subscription')).toBeNull());
    expect(within(table).getByText('Payer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Azure account' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add AWS account' })).toBeInTheDocument();
  });
});

describe('AWS account dialog with access keys', () => {
  it('posts access keys instead of a role', async () => {
    serveAccounts([]);
    server.use(http.post('*/c/cloud_accounts/', () => HttpResponse.json(KEYED, { status: 201 })));
    const { user, dialog } = await openDialog(AWS_TAB, 'Add AWS account', 'Add AWS account');
    await fill(user, within(dialog).getByLabelText('Account name'), 'Keyed');
    await fill(user, within(dialog).getByLabelText('AWS account ID'), '123456789012');
    await fill(user, within(dialog).getByLabelText('CUR bucket'), 'acme-cur');
    await user.click(within(dialog).getByRole('radio', { name: 'Access keys' }));
    expect(within(dialog).queryByLabelText('Role ARN')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByLabelText('Secret access key')).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(requests.calls()).not.toContain('POST /c/cloud_accounts/');
    await fill(user, within(dialog).getByLabelText('Access key ID'), 'AKIAEXAMPLE');
    await fill(user, within(dialog).getByLabelText('Secret access key'), 's3cr3t');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await saved();
    expect(requests.bodyOf('POST /c/cloud_accounts/')).toEqual({
      name: 'Keyed',
      settings: {
        cloud_type: 'aws',
        account_id: '123456789012',
        bucket: 'acme-cur',
        prefix: '',
        region: 'us-east-1',
        endpoint: null,
        role_arn: null,
        keys: { access_key_id: 'AKIAEXAMPLE', secret_access_key: 's3cr3t' },
      },
    });
  });

  it('keeps stored keys when left empty, tests with them, and forgets them when the role is chosen', async () => {
    serveAccounts([KEYED]);
    server.use(
      http.patch('*/c/cloud_accounts/p4/', () => HttpResponse.json(KEYED)),
      http.post('*/c/cloud_accounts/p4/check/', () =>
        HttpResponse.json({ ok: false, periods: [], problems: ['Access Denied'] }),
      ),
    );
    const { user, dialog } = await editDialog(AWS_TAB, 'Keyed', 'Edit AWS account');
    expect(within(dialog).getByRole('radio', { name: 'Access keys' })).toBeChecked();
    const secret = within(dialog).getByLabelText('Secret access key');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAccessibleDescription(
      'Access keys are stored; leave both fields empty to keep them.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect(await within(dialog).findByText('Access Denied')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await saved();
    expect(requests.bodyOf('PATCH /c/cloud_accounts/p4/')).toMatchObject({
      settings: { role_arn: null, endpoint: 'http://minio.internal:9000' },
    });
    expect(requests.bodyOf('PATCH /c/cloud_accounts/p4/')).not.toHaveProperty('settings.keys');

    requests.log.length = 0;
    const again = await editDialog(AWS_TAB, 'Keyed', 'Edit AWS account');
    await again.user.click(within(again.dialog).getByRole('radio', { name: 'IAM role (recommended)' }));
    await fill(
      again.user,
      within(again.dialog).getByLabelText('Role ARN'),
      'arn:aws:iam::123456789012:role/finlens-billing-read',
    );
    await again.user.click(within(again.dialog).getByRole('button', { name: 'Save' }));
    await saved();
    expect(requests.bodyOf('PATCH /c/cloud_accounts/p4/')).toMatchObject({
      settings: { role_arn: 'arn:aws:iam::123456789012:role/finlens-billing-read', keys: null },
    });
  });
});

describe('removing an account', () => {
  it('asks first, saying its imported costs are deleted, and removes it only when confirmed', async () => {
    let accounts = [PAYER, account({ id: 'p2', name: 'Sandbox', account_id: '210987654321' })];
    server.use(
      http.get('*/c/cloud_accounts/', () => HttpResponse.json(accounts)),
      http.delete('*/c/cloud_accounts/p1/', () => {
        accounts = accounts.filter((entry) => entry.id !== 'p1');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderWithProviders(AWS_TAB, { signedIn: true });
    const table = await screen.findByRole('table', { name: 'AWS Accounts' });
    const payerRow = (await within(table).findByText('Payer')).closest('tr') as HTMLElement;
    await user.click(within(payerRow).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove account' });
    expect(
      within(confirm).getByText(
        'Remove Payer? Finlens stops importing its billing data and deletes the costs already imported for it, so they leave every total, report and showback; its import history goes too. This cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.calls()).not.toContain('DELETE /c/cloud_accounts/p1/');

    await user.click(within(payerRow).getByRole('button', { name: 'Remove' }));
    const again = await screen.findByRole('dialog', { name: 'Remove account' });
    await user.click(within(again).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.calls()).toContain('DELETE /c/cloud_accounts/p1/');
    await waitFor(() => expect(within(table).queryByText('Payer')).toBeNull());
    expect(within(table).getByText('Sandbox')).toBeInTheDocument();
  });
});
