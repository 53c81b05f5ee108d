import {
  type RegistrationRequest,
  registrationRequestSchema,
  type SignupType,
} from '@finlens/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { applyServerErrors } from '../../components/form-errors';
import { textFieldProps } from '../../components/form-field';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { withPasswordRules } from '../../lib/password-schema';
import { useRegistrationMutation } from './api/registration-mutation';
import { useResendEmailMutation } from './api/resend-email-mutation';
import { AuthLayout } from './components/AuthLayout';
import { SIGNUP_VARIANT_TEXT } from './signup-variants';

const signUpSchema = withPasswordRules(registrationRequestSchema, 'password1', (values) => ({
  password: values.password1,
  context: {
    firstName: values.first_name,
    lastName: values.last_name,
    email: values.email,
    companyName: values.company_name,
  },
}));
type SignUpForm = z.input<typeof signUpSchema>;
type SignUpValues = z.output<typeof signUpSchema>;
const FIELDS = ['first_name', 'last_name', 'company_name', 'email', 'password1', 'password2'] as const;

/** The four sign-up screens of spec §2 (one page, `variant` → signup_type): a new client and its first admin. */
export function SignUpPage({ variant }: { variant: SignupType }) {
  const register = useRegistrationMutation();
  const resend = useResendEmailMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<SignUpForm, unknown, SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: {
      first_name: '',
      last_name: '',
      company_name: '',
      email: '',
      password1: '',
      password2: '',
      signup_type: variant,
    },
  });
  const [firstName, lastName, email, companyName] = form.watch([
    'first_name',
    'last_name',
    'email',
    'company_name',
  ]);

  const onSubmit = form.handleSubmit(async (values: RegistrationRequest) => {
    setFormError(null);
    try {
      await register.mutateAsync({ ...values, signup_type: variant });
      setSentTo(values.email);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, FIELDS));
    }
  });

  if (sentTo !== null) {
    return (
      <AuthLayout title="Sign Up" subtitle="Check your inbox.">
        <Alert severity="success" sx={{ mb: 2 }}>
          {`We sent a verification link to ${sentTo}. Open it to verify your address, then sign in.`}
        </Alert>
        <Stack direction="row" spacing={2}>
          <Button component={RouterLink} to="/accounts/signin/" variant="contained">
            Go to sign in
          </Button>
          <Button loading={resend.isPending} onClick={() => resend.mutate({ email: sentTo })}>
            Resend the email
          </Button>
        </Stack>
        {resend.isSuccess ? (
          <Typography sx={{ mt: 2 }}>A new verification email is on its way.</Typography>
        ) : null}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Sign Up" subtitle={SIGNUP_VARIANT_TEXT[variant]}>
      <form onSubmit={onSubmit} noValidate aria-label="Sign up">
        <Stack spacing={2}>
          {formError === null ? null : <Alert severity="error">{formError}</Alert>}
          <Stack direction="row" spacing={2}>
            <TextField label="First name" autoComplete="given-name" {...textFieldProps(form, 'first_name')} />
            <TextField label="Last name" autoComplete="family-name" {...textFieldProps(form, 'last_name')} />
          </Stack>
          <TextField
            label="Company name"
            autoComplete="organization"
            {...textFieldProps(form, 'company_name')}
          />
          <TextField
            label="Work email"
            type="email"
            autoComplete="email"
            {...textFieldProps(form, 'email')}
          />
          <NewPasswordFields
            form={form}
            names={['password1', 'password2']}
            labels={['Password', 'Confirm password']}
            context={{ firstName, lastName, email, companyName }}
          />
          <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
            Create account
          </Button>
          <Typography variant="body2">
            Already have an account?{' '}
            <Link component={RouterLink} to="/accounts/signin/">
              Sign in
            </Link>
          </Typography>
        </Stack>
      </form>
    </AuthLayout>
  );
}
