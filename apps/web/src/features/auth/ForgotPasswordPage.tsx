import { type EmailOnlyRequest, emailOnlyRequestSchema } from '@finlens/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { applyServerErrors } from '../../components/form-errors';
import { textFieldProps } from '../../components/form-field';
import { usePasswordResetMutation } from './api/password-reset-mutation';
import { AuthLayout } from './components/AuthLayout';

/** /accounts/forgot-password/: mails a reset link, then the email-sent screen (the same for any address). */
export function ForgotPasswordPage() {
  const reset = usePasswordResetMutation();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof emailOnlyRequestSchema>, unknown, EmailOnlyRequest>({
    resolver: zodResolver(emailOnlyRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await reset.mutateAsync(values);
      await navigate('/accounts/reset-password-email-sent/', { state: { email: values.email } });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['email']));
    }
  });

  return (
    <AuthLayout
      title="Forgot Password"
      subtitle="Enter your email and we will send you a link to reset your password."
    >
      <form onSubmit={onSubmit} noValidate aria-label="Forgot password">
        <Stack spacing={2}>
          {formError === null ? null : <Alert severity="error">{formError}</Alert>}
          <TextField label="Email" type="email" autoComplete="email" {...textFieldProps(form, 'email')} />
          <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
            Send reset link
          </Button>
          <Link component={RouterLink} to="/accounts/signin/" variant="body2">
            Back to sign in
          </Link>
        </Stack>
      </form>
    </AuthLayout>
  );
}
