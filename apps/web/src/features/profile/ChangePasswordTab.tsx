import { type PasswordChangeRequest, passwordChangeRequestSchema } from '@finlens/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../components/form-errors';
import { textFieldProps } from '../../components/form-field';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { withPasswordRules } from '../../lib/password-schema';
import { useCurrentUser } from '../auth/api/current-user-query';
import { useChangePasswordMutation } from './api/change-password-mutation';

type ChangeForm = z.input<typeof passwordChangeRequestSchema>;
const FIELDS = ['old_password', 'new_password1', 'new_password2'] as const;

/** Settings tab Change Password: current password, the new one twice, the spec §5 rules live. */
export function ChangePasswordTab() {
  const { data: profile } = useCurrentUser();
  const change = useChangePasswordMutation();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const context = {
    firstName: profile?.first_name ?? null,
    lastName: profile?.last_name ?? null,
    email: profile?.email ?? null,
  };
  const schema = withPasswordRules(passwordChangeRequestSchema, 'new_password1', (values) => ({
    password: values.new_password1,
    context,
  }));
  const form = useForm<ChangeForm, unknown, PasswordChangeRequest>({
    resolver: zodResolver(schema),
    defaultValues: { old_password: '', new_password1: '', new_password2: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      await change.mutateAsync(values);
      form.reset();
      setMessage({ ok: true, text: 'Your password has been changed.' });
    } catch (error) {
      const text = applyServerErrors(error, form.setError, FIELDS);
      if (text !== null) setMessage({ ok: false, text });
    }
  });

  return (
    <Box sx={{ pt: 3 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        Change Password
      </Typography>
      <form onSubmit={onSubmit} noValidate aria-label="Change password">
        <Stack spacing={2} sx={{ maxWidth: 480 }}>
          {message === null ? null : (
            <Alert severity={message.ok ? 'success' : 'error'}>{message.text}</Alert>
          )}
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            {...textFieldProps(form, 'old_password')}
          />
          <NewPasswordFields
            form={form}
            names={['new_password1', 'new_password2']}
            labels={['New password', 'Confirm new password']}
            context={context}
          />
          <Box>
            <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
              Change password
            </Button>
          </Box>
        </Stack>
      </form>
    </Box>
  );
}
