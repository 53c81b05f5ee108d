import { type PasswordResetConfirmRequest, passwordResetConfirmRequestSchema } from '@finlens/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { applyServerErrors } from '../../components/form-errors';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { withPasswordRules } from '../../lib/password-schema';
import { usePasswordResetConfirmMutation } from './api/password-reset-confirm-mutation';
import { AuthLayout } from './components/AuthLayout';

// The personal-information rule needs the account's details, which only the server knows here.
const resetSchema = withPasswordRules(passwordResetConfirmRequestSchema, 'new_password1', (values) => ({
  password: values.new_password1,
  context: {},
}));
type ResetForm = z.input<typeof resetSchema>;

/** /accounts/reset-password/confirm/:uid/:token — the emailed link (also an invitation): new password twice. */
export function ResetPasswordPage() {
  const { uid = '', token = '' } = useParams();
  const confirm = usePasswordResetConfirmMutation();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResetForm, unknown, PasswordResetConfirmRequest>({
    resolver: zodResolver(resetSchema),
    defaultValues: { uid, token, new_password1: '', new_password2: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await confirm.mutateAsync({ ...values, uid, token });
      await navigate('/accounts/password-reset-success/', { replace: true });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['new_password1', 'new_password2']));
    }
  });

  return (
    <AuthLayout title="Reset Password" subtitle="Choose a new password for your account.">
      <form onSubmit={onSubmit} noValidate aria-label="Reset password">
        <Stack spacing={2}>
          {formError === null ? null : (
            <Alert severity="error">
              {formError}{' '}
              <Link component={RouterLink} to="/accounts/forgot-password/">
                Request a new link
              </Link>
            </Alert>
          )}
          <NewPasswordFields
            form={form}
            names={['new_password1', 'new_password2']}
            labels={['New password', 'Confirm new password']}
          />
          <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
            Set new password
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
