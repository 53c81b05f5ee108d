import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { AuthLayout } from './components/AuthLayout';

function emailFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('email' in state)) return null;
  return typeof state.email === 'string' ? state.email : null;
}

/** /accounts/reset-password-email-sent/: says the same whether or not the address has an account. */
export function ResetPasswordEmailSentPage() {
  const email = emailFromState(useLocation().state);
  return (
    <AuthLayout title="Reset Password Email Sent">
      <Stack spacing={2}>
        <Typography>
          {`If an account exists for ${email ?? 'that address'}, we sent it a link to reset the password.`}
        </Typography>
        <Typography color="text.secondary">The link works once and expires after one hour.</Typography>
        <Button component={RouterLink} to="/accounts/signin/" variant="contained">
          Back to sign in
        </Button>
        <Link component={RouterLink} to="/accounts/forgot-password/" variant="body2">
          Did not get it? Send another link
        </Link>
      </Stack>
    </AuthLayout>
  );
}
