import type { SsoSettings } from '@finlens/contracts/sso';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarsLoader } from '../../components/BarsLoader';
import { useCurrentUser } from '../auth/api/current-user-query';
import { useSsoSettings } from './api/sso-settings-query';
import { RedirectUriField } from './components/RedirectUriField';
import { SsoSettingsForm } from './components/SsoSettingsForm';
import { SsoSetupHelp } from './components/SsoSetupHelp';

export const SSO_ADMIN_ONLY_MESSAGE =
  'Only admins can view and change single sign-on. Ask an admin of your organisation to set it up.';

function SsoStatus({ settings }: { settings: SsoSettings }) {
  const on = settings.enabled && settings.email_domain !== null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
      <Chip size="small" color={on ? 'success' : 'default'} label={on ? 'Enabled' : 'Disabled'} />
      <Typography color="text.secondary">
        {on
          ? `People at @${settings.email_domain} sign in through your identity provider.`
          : 'Everyone signs in with a password.'}
      </Typography>
    </Stack>
  );
}

function AdminSsoPanel() {
  const settings = useSsoSettings({ enabled: true });
  if (settings.isPending) return <BarsLoader />;
  if (settings.isError) return <Alert severity="error">{settings.error.message}</Alert>;
  return (
    <>
      <SsoStatus settings={settings.data} />
      <SsoSetupHelp />
      <Box sx={{ maxWidth: 560, mb: 3 }}>
        <RedirectUriField redirectUri={settings.data.redirect_uri} />
      </Box>
      <SsoSettingsForm settings={settings.data} />
    </>
  );
}

/** Settings tab SSO: one OpenID Connect provider per organisation (ADR 0003); admins only. */
export function SsoTab() {
  const user = useCurrentUser();
  return (
    <Box sx={{ pt: 3 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        SSO
      </Typography>
      {user.isPending ? <BarsLoader /> : null}
      {user.isError ? <Alert severity="error">{user.error.message}</Alert> : null}
      {user.isSuccess && user.data.is_admin ? <AdminSsoPanel /> : null}
      {user.isSuccess && !user.data.is_admin ? (
        <>
          <Alert severity="info" sx={{ mb: 2 }}>
            {SSO_ADMIN_ONLY_MESSAGE}
          </Alert>
          <SsoSetupHelp />
        </>
      ) : null}
    </Box>
  );
}
