import type { CloudAccount } from '@finlens/contracts/cloud-accounts';
import { bucketNameMessages } from '@finlens/cost-model/bucket-name';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useSaveAccountMutation } from '../api/save-account-mutation';

const FIELDS = ['name', 'account_id', 'bucket', 'prefix', 'region', 'role_arn', 'external_id'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const LABELS: Record<Field, string> = {
  name: 'Account name',
  account_id: 'AWS account ID',
  bucket: 'CUR bucket',
  prefix: 'Prefix',
  region: 'Bucket region',
  role_arn: 'Role ARN',
  external_id: 'External ID',
};

function initialValues(account: CloudAccount | null): Values {
  const source = account?.source ?? null;
  return {
    name: account?.name ?? '',
    account_id: account?.account_id ?? '',
    bucket: source?.bucket ?? '',
    prefix: source?.prefix ?? '',
    region: source?.region ?? 'us-east-1',
    role_arn: source?.role_arn ?? '',
    external_id: source?.external_id ?? '',
  };
}

/** Field → messages of a 400 (the API's `errors`), or the whole message under the form. */
function serverErrors(error: unknown): { fields: Partial<Record<string, string[]>>; form: string | null } {
  if (!(error instanceof ApiError))
    return { fields: {}, form: error instanceof Error ? error.message : null };
  const errors = (error.body as { errors?: Record<string, string[]> } | null)?.errors ?? {};
  const placed = Object.keys(errors).every((key) => (FIELDS as readonly string[]).includes(key));
  return { fields: errors, form: placed && Object.keys(errors).length > 0 ? null : error.message };
}

/** Add or edit an AWS account; the bucket's spec §5 messages show while typing. */
export function AccountDialog({
  open,
  account,
  onClose,
}: {
  open: boolean;
  account: CloudAccount | null;
  onClose: () => void;
}) {
  const save = useSaveAccountMutation();
  const [values, setValues] = useState<Values>(() => initialValues(account));
  const bucketMessages = values.bucket === '' ? [] : bucketNameMessages(values.bucket);
  const errors = save.isError ? serverErrors(save.error) : { fields: {}, form: null };
  const close = () => {
    save.reset();
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (bucketMessages.length > 0) return;
    const settings = {
      cloud_type: 'aws' as const,
      account_id: values.account_id.trim(),
      bucket: values.bucket.trim(),
      prefix: values.prefix.trim(),
      region: values.region.trim(),
      role_arn: values.role_arn.trim() === '' ? null : values.role_arn.trim(),
      ...(values.external_id.trim() === '' ? {} : { external_id: values.external_id.trim() }),
    };
    save.mutate(
      { id: account?.id ?? null, body: { name: values.name.trim(), settings } },
      { onSuccess: close },
    );
  };
  const field = (name: Field, helper?: string) => {
    const messages = name === 'bucket' && bucketMessages.length > 0 ? bucketMessages : errors.fields[name];
    return (
      <TextField
        key={name}
        label={LABELS[name]}
        value={values[name]}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        error={messages !== undefined && messages.length > 0}
        helperText={messages?.join(' ') ?? helper}
        fullWidth
      />
    );
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="account-dialog-title" fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate aria-label="AWS account">
        <DialogTitle id="account-dialog-title">
          {account === null ? 'Add AWS account' : 'Edit AWS account'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {errors.form === null ? null : <Alert severity="error">{errors.form}</Alert>}
            {field('name')}
            {field('account_id', '12 digits')}
            {field('bucket', 'The S3 bucket the CUR 2.0 export is delivered to')}
            {field('prefix')}
            {field('region')}
            {field('role_arn', 'The role created by the CloudFormation template or Terraform snippet')}
            {field('external_id', 'Left empty, Finlens generates one')}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
