import { type LoginRequest, loginRequestSchema } from '@finlens/contracts/auth';
import { ACCESS_DETAILS } from '@finlens/contracts/roles';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { applyServerErrors } from '../../components/form-errors';
import { textFieldProps } from '../../components/form-field';
import { ApiError } from '../../lib/api-client';
import { useStartupStore } from '../../lib/startup-store';
import { useLoginMutation } from './api/login-mutation';
import { AuthLayout } from './components/AuthLayout';
import { SsoSignIn } from './components/SsoSignIn';
import { VerifyEmailNotice } from './components/VerifyEmailNotice';
import { afterSignInPath } from './next-path';

type SignInForm = z.input<typeof loginRequestSchema>;

/** /accounts/signin/: email and password; afterwards `next` (same-origin only) or the landing page. */
export function SignInPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const login = useLoginMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SignInForm, unknown, LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  const verifyKey = searchParams.get('verify_key');
  const [leftEmail, setLeftEmail] = useState('');

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await login.mutateAsync(values);
      // A new session starts its own start-up chain.
      useStartupStore.getState().reset();
      await navigate(afterSignInPath(location.search), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) setFormError(ACCESS_DETAILS.throttled);
      else setFormError(applyServerErrors(error, form.setError, ['email', 'password']));
    }
  });

  return (
    <AuthLayout title="Sign In" subtitle="Welcome back. Sign in to your Finlens account.">
      {verifyKey === null || verifyKey === '' ? null : <VerifyEmailNotice verifyKey={verifyKey} />}
      <form onSubmit={onSubmit} noValidate aria-label="Sign in">
        <Stack spacing={2}>
          {formError === null ? null : <Alert severity="error">{formError}</Alert>}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            {...textFieldProps(form, 'email', { onBlur: (event) => setLeftEmail(event.target.value) })}
          />
          <SsoSignIn email={leftEmail} />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            {...textFieldProps(form, 'password')}
          />
          <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
            Sign In
          </Button>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Link component={RouterLink} to="/accounts/forgot-password/" variant="body2">
              Forgot password?
            </Link>
            <Typography variant="body2">
              New to Finlens?{' '}
              <Link component={RouterLink} to="/accounts/signup_user/">
                Sign up
              </Link>
            </Typography>
          </Stack>
        </Stack>
      </form>
    </AuthLayout>
  );
}
