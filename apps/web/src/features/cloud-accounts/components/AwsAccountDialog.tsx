import type { CloudAccount, CloudAccountSettings } from '@finlens/contracts/cloud-accounts';
import { bucketNameMessages } from '@finlens/cost-model/bucket-name';
import { useState } from 'react';
import { AccessChoice, AccountDialogFrame, AccountField } from './AccountDialogFrame';
import { writeOnlyHint } from './account-form';
import { type AccountForm, useAccountForm } from './use-account-form';

type Field =
  | 'name'
  | 'account_id'
  | 'bucket'
  | 'prefix'
  | 'region'
  | 'endpoint'
  | 'role_arn'
  | 'external_id'
  | 'access_key_id'
  | 'secret_access_key';
type Access = 'role' | 'keys';
const ACCESS_OPTIONS: Record<Access, string> = { role: 'IAM role (recommended)', keys: 'Access keys' };

/** Keys alone (no role) open on the access-key choice; everything else on the role. */
function accessOf(account: CloudAccount | null): Access {
  const source = account?.source ?? null;
  return source?.has_credentials === true && source.role_arn === null ? 'keys' : 'role';
}

function initialValues(account: CloudAccount | null): Record<Field, string> {
  const source = account?.source ?? null;
  return {
    name: account?.name ?? '',
    account_id: account?.account_id ?? '',
    bucket: source?.bucket ?? '',
    prefix: source?.prefix ?? '',
    region: source?.region ?? 'us-east-1',
    endpoint: source?.endpoint ?? '',
    role_arn: source?.role_arn ?? '',
    external_id: source?.external_id ?? '',
    // Write-only: the server never sends keys back.
    access_key_id: '',
    secret_access_key: '',
  };
}

/**
 * The settings to send. `keys` left out keeps the stored ones; null forgets them (leaving the keys
 * choice for the role); with the keys choice, typed keys replace them (both are required without stored ones).
 */
function settingsOf(
  values: Record<Field, string>,
  access: Access,
  account: CloudAccount | null,
): Extract<CloudAccountSettings, { cloud_type: 'aws' }> {
  const text = (field: Field) => values[field].trim();
  const stored = account?.source?.has_credentials ?? false;
  const typed = text('access_key_id') !== '' || values.secret_access_key !== '';
  let keys: { access_key_id: string; secret_access_key: string } | null | undefined;
  if (access === 'keys') {
    keys =
      typed || !stored
        ? { access_key_id: text('access_key_id'), secret_access_key: values.secret_access_key }
        : undefined;
  } else {
    keys = accessOf(account) === 'keys' ? null : undefined;
  }
  const roleArn = access === 'role' ? text('role_arn') : '';
  const externalId = access === 'role' ? text('external_id') : '';
  return {
    cloud_type: 'aws',
    account_id: text('account_id'),
    bucket: text('bucket'),
    prefix: text('prefix'),
    region: text('region'),
    endpoint: text('endpoint') === '' ? null : text('endpoint'),
    role_arn: roleArn === '' ? null : roleArn,
    ...(externalId === '' ? {} : { external_id: externalId }),
    ...(keys === undefined ? {} : { keys }),
  };
}

/** Add or edit an AWS account: a role ARN with its external ID, or access keys; the bucket's spec §5 messages show while typing. */
export function AwsAccountDialog({
  account,
  onClose,
}: {
  account: CloudAccount | null;
  onClose: () => void;
}) {
  const [access, setAccess] = useState<Access>(() => accessOf(account));
  const bucketMessages = (bucket: string) => (bucket === '' ? [] : bucketNameMessages(bucket));
  const form = useAccountForm({
    account,
    initial: initialValues(account),
    onClose,
    settingsOf: (values) => settingsOf(values, access, account),
    extraErrors: ({ bucket }) =>
      bucketMessages(bucket).length > 0 ? { bucket: bucketMessages(bucket) } : {},
  });
  const typedBucket = bucketMessages(form.values.bucket);
  return (
    <AccountDialogFrame
      title={account === null ? 'Add AWS account' : 'Edit AWS account'}
      formLabel="AWS account"
      form={form}
    >
      <AccountField form={form} name="name" label="Account name" />
      <AccountField form={form} name="account_id" label="AWS account ID" helper="12 digits" />
      <AccountField
        form={form}
        name="bucket"
        label="CUR bucket"
        helper="The S3 bucket the CUR 2.0 export is delivered to"
        messages={typedBucket.length > 0 ? typedBucket : form.messagesOf('bucket')}
      />
      <AccountField form={form} name="prefix" label="Prefix" />
      <AccountField form={form} name="region" label="Bucket region" />
      <AccountField
        form={form}
        name="endpoint"
        label="S3 endpoint"
        helper="Only for S3-compatible storage such as MinIO; empty for AWS"
      />
      <AccessChoice value={access} options={ACCESS_OPTIONS} onChange={setAccess} />
      {access === 'role' ? <RoleFields form={form} /> : <KeyFields form={form} account={account} />}
    </AccountDialogFrame>
  );
}

function RoleFields({ form }: { form: AccountForm<Field> }) {
  return (
    <>
      <AccountField
        form={form}
        name="role_arn"
        label="Role ARN"
        helper="The role created by the CloudFormation template or Terraform snippet"
      />
      <AccountField
        form={form}
        name="external_id"
        label="External ID"
        helper="Set by Finlens when you save; the role's trust policy must name it"
        disabled
      />
    </>
  );
}

function KeyFields({ form, account }: { form: AccountForm<Field>; account: CloudAccount | null }) {
  const hint = writeOnlyHint(
    account?.source?.has_credentials === true,
    'Access keys are stored; leave both fields empty to keep them.',
  );
  return (
    <>
      <AccountField form={form} name="access_key_id" label="Access key ID" autoComplete="off" helper={hint} />
      <AccountField
        form={form}
        name="secret_access_key"
        label="Secret access key"
        type="password"
        autoComplete="new-password"
        helper={hint}
      />
    </>
  );
}
