import { isValidEmail } from '@finlens/cost-model/password-rules';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useCheckEmail } from '../api/check-email-query';

/** When the email's domain signs in through its organisation's identity provider, offers that instead. */
export function SsoSignIn({ email }: { email: string }) {
  const address = email.trim().toLowerCase();
  const check = useCheckEmail(isValidEmail(address) ? address : null);
  const url = check.data?.sso_login_url ?? null;
  if (url === null) return null;
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" href={url}>
          Sign in with SSO
        </Button>
      }
    >
      Your organisation signs in with single sign-on.
    </Alert>
  );
}
