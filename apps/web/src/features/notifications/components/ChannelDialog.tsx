import {
  CHANNEL_KINDS,
  type Channel,
  type ChannelCreate,
  type ChannelUpdate,
} from '@finlens/contracts/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { FormActions } from '../../../components/FormActions';
import { applyServerErrors } from '../../../components/form-errors';
import { textFieldProps } from '../../../components/form-field';
import { useCreateChannelMutation } from '../api/create-channel-mutation';
import { useUpdateChannelMutation } from '../api/update-channel-mutation';
import { KIND_LABELS } from '../labels';
import {
  type ChannelFormValues,
  channelCreateFormSchema,
  channelUpdateFormSchema,
  channelValues,
  emptyChannelValues,
  KIND_FIELDS,
  SECRET_FIELDS,
  type SettingField,
} from './channel-form';
import { SourceCheckboxes } from './SourceCheckboxes';

type ChannelForm = UseFormReturn<ChannelFormValues, unknown, ChannelCreate | ChannelUpdate>;

const SERVER_FIELDS = [
  'name',
  'sources',
  'emails',
  'webhook_url',
  'routing_key',
  'api_url',
  'url',
  'signing_secret',
] as const;

const FIELD_TEXT: Record<SettingField, { label: string; hint: string; password?: boolean }> = {
  emails: { label: 'Email addresses', hint: 'One per line or separated by commas.' },
  webhook_url: {
    label: 'Incoming webhook URL',
    hint: 'The URL the workspace gave for the incoming webhook.',
  },
  routing_key: { label: 'Integration key', hint: 'The Events API v2 integration key of the service.' },
  api_url: { label: 'Events API URL (optional)', hint: 'Only for the EU service region.' },
  url: {
    label: 'Webhook URL',
    hint: 'Finlens posts JSON signed with HMAC-SHA256 (header Finlens-Signature).',
  },
  signing_secret: {
    label: 'Signing secret',
    hint: 'At least 16 characters; share it with the receiver.',
    password: true,
  },
};

interface ChannelDialogProps {
  /** null: add a channel. */
  channel: Channel | null;
  onClose: () => void;
}

/** Add or edit a channel; the contract's schemas check the body before it is sent. */
export function ChannelDialog({ channel, onClose }: ChannelDialogProps) {
  const create = useCreateChannelMutation();
  const update = useUpdateChannelMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form: ChannelForm = useForm<ChannelFormValues, unknown, ChannelCreate | ChannelUpdate>({
    resolver: zodResolver(channel === null ? channelCreateFormSchema : channelUpdateFormSchema),
    defaultValues: channel === null ? emptyChannelValues() : channelValues(channel),
  });
  const kind = form.watch('kind');
  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      if (channel === null) await create.mutateAsync(body as ChannelCreate);
      else await update.mutateAsync({ id: channel.id, body });
      onClose();
    } catch (error) {
      setFailure(applyServerErrors(error, form.setError, SERVER_FIELDS));
    }
  });
  const title = channel === null ? 'Add channel' : `Edit ${channel.name}`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="channel-dialog-title">
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <DialogTitle id="channel-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure === null ? null : <Alert severity="error">{failure}</Alert>}
            <Controller
              control={form.control}
              name="kind"
              render={({ field }) => (
                <TextField
                  select
                  label="Kind"
                  id="field-kind"
                  value={field.value}
                  onChange={field.onChange}
                  disabled={channel !== null}
                  helperText={channel === null ? undefined : 'The kind of a channel cannot change.'}
                >
                  {CHANNEL_KINDS.map((option) => (
                    <MenuItem key={option} value={option}>
                      {KIND_LABELS[option]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField label="Name" {...textFieldProps(form, 'name')} />
            {KIND_FIELDS[kind].map((field) => (
              <SettingTextField key={field} form={form} field={field} channel={channel} />
            ))}
            <SourcesField form={form} />
            <Controller
              control={form.control}
              name="enabled"
              render={({ field }) => (
                <FormControlLabel
                  label="Enabled"
                  control={
                    <Switch checked={field.value} onChange={(_event, checked) => field.onChange(checked)} />
                  }
                />
              )}
            />
          </Stack>
        </DialogContent>
        <FormActions
          submitLabel={channel === null ? 'Add channel' : 'Save'}
          pending={form.formState.isSubmitting}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

function SettingTextField({
  form,
  field,
  channel,
}: {
  form: ChannelForm;
  field: SettingField;
  channel: Channel | null;
}) {
  const text = FIELD_TEXT[field];
  const props = textFieldProps(form, field);
  const stored = channel !== null && field !== 'emails' ? channel[field] : null;
  const hint =
    stored !== null && SECRET_FIELDS.includes(field)
      ? `Stored: ${stored} — leave empty to keep it.`
      : text.hint;
  return (
    <TextField
      label={text.label}
      multiline={field === 'emails'}
      minRows={field === 'emails' ? 2 : undefined}
      type={text.password ? 'password' : 'text'}
      autoComplete="off"
      {...props}
      helperText={props.helperText ?? hint}
    />
  );
}

function SourcesField({ form }: { form: ChannelForm }) {
  return (
    <Controller
      control={form.control}
      name="sources"
      render={({ field }) => (
        <SourceCheckboxes legend="Sends" value={field.value} onChange={field.onChange} />
      )}
    />
  );
}
