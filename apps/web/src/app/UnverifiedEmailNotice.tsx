import { ACCESS_DETAILS } from '@finlens/contracts/roles';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCurrentUser } from '../features/auth/api/current-user-query';
import { useResendEmailMutation } from '../features/auth/api/resend-email-mutation';
import { useSignOut } from '../features/auth/use-sign-out';

/** A signed-in user whose email is not verified yet: the server refuses data calls (403) until it is. */
export function UnverifiedEmailNotice() {
  const { data: profile } = useCurrentUser();
  const resend = useResendEmailMutation();
  const { signOut } = useSignOut();
  const email = profile?.email ?? '';
  return (
    <Box sx={{ p: 3, maxWidth: 640 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Verify your email address
      </Typography>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {ACCESS_DETAILS.unverified}
      </Alert>
      <Typography sx={{ mb: 2 }}>
        {`Open the link we sent to ${email} to verify it, then sign in again.`}
      </Typography>
      {resend.isSuccess ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          A new verification email is on its way.
        </Alert>
      ) : null}
      <Stack direction="row" spacing={2}>
        <Button variant="contained" loading={resend.isPending} onClick={() => resend.mutate({ email })}>
          Resend verification email
        </Button>
        <Button onClick={() => void signOut()}>Sign out</Button>
      </Stack>
    </Box>
  );
}
