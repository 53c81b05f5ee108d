import { type SsoSettings, type SsoSettingsUpdate, ssoSettingsUpdateSchema } from '@finlens/contracts/sso';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { SaveButton } from '../../../components/FormActions';
import { applyServerErrors } from '../../../components/form-errors';
import { textFieldProps } from '../../../components/form-field';
import { useSaveSsoSettingsMutation } from '../api/save-sso-settings-mutation';

// The secret is write-only: an empty field leaves client_secret out of the PUT, which keeps the stored one.
const ssoFormSchema = ssoSettingsUpdateSchema.extend({
  client_secret: z
    .string()
    .max(2000)
    .transform((value) => (value === '' ? undefined : value)),
});
type SsoFormValues = z.input<typeof ssoFormSchema>;
type SsoForm = UseFormReturn<SsoFormValues, unknown, SsoSettingsUpdate>;

// The switch has no helper text: a message about `enabled` shows above the form.
const FIELDS = ['issuer', 'client_id', 'client_secret', 'email_domain'] as const;

function formValuesOf(settings: SsoSettings): SsoFormValues {
  return {
    enabled: settings.enabled,
    issuer: settings.issuer ?? '',
    client_id: settings.client_id ?? '',
    client_secret: '',
    email_domain: settings.email_domain ?? '',
  };
}

/** The provider settings of the SSO tab; the server's field errors land under their fields. */
export function SsoSettingsForm({ settings }: { settings: SsoSettings }) {
  const save = useSaveSsoSettingsMutation();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<SsoFormValues, unknown, SsoSettingsUpdate>({
    resolver: zodResolver(ssoFormSchema),
    defaultValues: formValuesOf(settings),
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      form.reset(formValuesOf(await save.mutateAsync(values)));
      setMessage({ ok: true, text: 'SSO settings saved.' });
    } catch (error) {
      const text = applyServerErrors(error, form.setError, FIELDS);
      if (text !== null) setMessage({ ok: false, text });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="SSO settings">
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        {message === null ? null : <Alert severity={message.ok ? 'success' : 'error'}>{message.text}</Alert>}
        <TextField
          label="Issuer URL"
          placeholder="https://login.example.com"
          {...textFieldProps(form, 'issuer')}
        />
        <TextField label="Client ID" autoComplete="off" {...textFieldProps(form, 'client_id')} />
        <SecretField form={form} hasSecret={settings.has_client_secret} />
        <TextField
          label="Email domain"
          placeholder="example.com"
          {...textFieldProps(form, 'email_domain')}
          helperText={
            form.formState.errors.email_domain?.message ??
            'People with an address in this domain sign in through the provider.'
          }
        />
        <EnabledSwitch form={form} />
        <SaveButton form={form} />
      </Stack>
    </form>
  );
}

function SecretField({ form, hasSecret }: { form: SsoForm; hasSecret: boolean }) {
  const props = textFieldProps(form, 'client_secret');
  const hint = hasSecret
    ? 'A secret is stored; leave empty to keep it.'
    : 'Write-only: it is stored encrypted and never shown again.';
  return (
    <TextField
      label="Client secret"
      type="password"
      autoComplete="new-password"
      {...props}
      helperText={props.helperText ?? hint}
    />
  );
}

function EnabledSwitch({ form }: { form: SsoForm }) {
  return (
    <Controller
      control={form.control}
      name="enabled"
      render={({ field }) => (
        <FormControlLabel
          label="Enable SSO sign-in"
          control={
            <Switch
              checked={field.value}
              onChange={(_event, checked) => field.onChange(checked)}
              onBlur={field.onBlur}
              slotProps={{ input: { ref: field.ref } }}
            />
          }
        />
      )}
    />
  );
}
