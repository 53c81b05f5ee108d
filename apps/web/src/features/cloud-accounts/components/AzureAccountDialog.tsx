import type { CloudAccount, CloudAccountSettings } from '@finlens/contracts/cloud-accounts';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AccessChoice, AccountDialogFrame, AccountField } from './AccountDialogFrame';
import { writeOnlyHint } from './account-form';
import { type AccountForm, useAccountForm } from './use-account-form';

type Field = 'name' | 'container' | 'prefix' | 'connection_string' | 'account_url' | 'sas_token';
type Access = 'connection-string' | 'sas';
const ACCESS_OPTIONS: Record<Access, string> = {
  'connection-string': 'Use a connection string',
  sas: 'Use a SAS token',
};
const SECRET_FIELDS = ['connection_string', 'account_url', 'sas_token'] as const;

function initialValues(account: CloudAccount | null): Record<Field, string> {
  return {
    name: account?.name ?? '',
    container: account?.source?.bucket ?? '',
    prefix: account?.source?.prefix ?? '',
    // Sealed on the server with the credentials, never sent back.
    connection_string: '',
    account_url: '',
    sas_token: '',
  };
}

/** Credentials left out keep the stored ones: on edit, when none of their fields is filled in. */
function settingsOf(
  values: Record<Field, string>,
  access: Access,
  account: CloudAccount | null,
): CloudAccountSettings {
  const text = (field: Field) => values[field].trim();
  const keep =
    account?.source?.has_credentials === true && SECRET_FIELDS.every((field) => text(field) === '');
  const credentials =
    access === 'sas'
      ? { kind: 'sas' as const, account_url: text('account_url'), sas_token: text('sas_token') }
      : { kind: 'connection-string' as const, connection_string: text('connection_string') };
  return {
    cloud_type: 'azure',
    container: text('container'),
    prefix: text('prefix'),
    ...(keep ? {} : { credentials }),
  };
}

/** Add or edit an Azure account: the blob container its cost exports land in, read with a connection string or a SAS token. */
export function AzureAccountDialog({
  account,
  onClose,
}: {
  account: CloudAccount | null;
  onClose: () => void;
}) {
  const [access, setAccess] = useState<Access>('connection-string');
  const form = useAccountForm({
    account,
    initial: initialValues(account),
    onClose,
    settingsOf: (values) => settingsOf(values, access, account),
  });
  return (
    <AccountDialogFrame
      title={account === null ? 'Add Azure account' : 'Edit Azure account'}
      formLabel="Azure account"
      form={form}
    >
      <AccountField form={form} name="name" label="Account name" />
      <AccountField
        form={form}
        name="container"
        label="Storage container"
        helper="The blob container the Azure cost export is written to (lowercase letters, digits and hyphens)"
      />
      <AccountField
        form={form}
        name="prefix"
        label="Prefix"
        helper="The export's folder in the container, if any"
      />
      <Typography variant="body2" color="text.secondary">
        EA and MCA exports of actual or amortized cost are both read; the export type is recognised from the
        file's columns.
      </Typography>
      <AccessChoice value={access} options={ACCESS_OPTIONS} onChange={setAccess} />
      <CredentialFields form={form} access={access} stored={account?.source?.has_credentials === true} />
    </AccountDialogFrame>
  );
}

function CredentialFields({
  form,
  access,
  stored,
}: {
  form: AccountForm<Field>;
  access: Access;
  stored: boolean;
}) {
  const hint = writeOnlyHint(stored, 'Credentials are stored; leave these fields empty to keep them.');
  const secret = { type: 'password', autoComplete: 'new-password' } as const;
  if (access === 'connection-string') {
    return (
      <AccountField
        form={form}
        name="connection_string"
        label="Connection string"
        helper={hint}
        {...secret}
      />
    );
  }
  return (
    <>
      <AccountField
        form={form}
        name="account_url"
        label="Storage account URL"
        placeholder="https://account.blob.core.windows.net"
        autoComplete="off"
        helper={stored ? hint : 'The blob endpoint of the storage account'}
      />
      <AccountField form={form} name="sas_token" label="SAS token" helper={hint} {...secret} />
    </>
  );
}
