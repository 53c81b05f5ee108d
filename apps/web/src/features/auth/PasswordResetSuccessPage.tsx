import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from './components/AuthLayout';

/** /accounts/password-reset-success/: the new password is set; sign in with it. */
export function PasswordResetSuccessPage() {
  return (
    <AuthLayout title="Password Reset Success">
      <Stack spacing={2}>
        <Alert severity="success">Your password has been reset. Sign in with your new password.</Alert>
        <Button component={RouterLink} to="/accounts/signin/" variant="contained">
          Sign in
        </Button>
      </Stack>
    </AuthLayout>
  );
}
